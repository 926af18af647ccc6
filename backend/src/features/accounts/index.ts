/**
 * The accounts feature's entry, what the rest of the backend may use: its router, the hook that
 * registers a signed-in user on first sight (the auth middleware calls it), and the streams that
 * may hold a username's claim (account deletion releases the claims).
 */
export { accountsFeature } from './routes';
export { createRegistrationHook } from './registration';
export { claimStreamsOf } from './username-claims';
