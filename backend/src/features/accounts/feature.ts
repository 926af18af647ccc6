/**
 * The accounts feature's public entry, the one the server assembles from: its router, and the
 * hook that registers a signed-in user on first sight (the auth middleware calls it).
 */
export { accountsFeature } from './routes';
export { createRegistrationHook } from './registration';
