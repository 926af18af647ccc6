/**
 * `@labelwise/runtime`: process plumbing every server-side package shares: environment parsing,
 * the PostgreSQL pool and Kysely instance, reads on replicas, free ports, process groups, terminal progress. The
 * embedded PostgreSQL is apart (`@labelwise/runtime/embedded-postgres`): only local runs load it.
 */
export * from './create-db';
export * from './database-target';
export * from './env';
export * from './free-port';
export * from './pool';
export * from './processes';
export * from './read-replicas';
export * from './recurring-statements';
export * from './replica-lag';
export * from './terminal-progress';
