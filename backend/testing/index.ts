/**
 * `@labelwise/backend/testing`: what the bench and the browser tests borrow from the backend's
 * test support: generated OFF exports, label images with their ground truth, the Firebase Auth
 * Emulator and a local key that signs test ID tokens.
 */
export { generatedCode, writeOffCsv } from './generate-off-csv';
export * from './label-fixtures';
export * from './label-images';
export { startAuthEmulator, type AuthEmulatorHandle } from '../src/infra/auth-emulator';
export { createTestSigningKey, type TestIdentity } from '../src/auth/test-signing-key';
