/** `@labelwise/runtime/testing`: a test PostgreSQL for every package's integration tests. */
export * from './global-setup';
export * from './test-database';
