/** `@labelwise/runtime/testing`: a test PostgreSQL for every package's integration tests, and the processes they start. */
export * from './global-setup';
export * from './test-database';
export * from './bundled-entries';
