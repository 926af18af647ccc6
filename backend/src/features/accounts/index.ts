/**
 * The accounts feature's entry, what the rest of the backend may use: its router, the hook that
 * registers a signed-in user on first sight (the auth middleware calls it), and how a username's
 * claim stream is named (account deletion releases the claims; a migration renamed them).
 */
export { accountsFeature } from './routes';
export { createRegistrationHook } from './registration';
export { claimStreamOf, claimStreamsOf } from './username-claims';
