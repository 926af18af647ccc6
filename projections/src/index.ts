export * from './engine/index';
export { projections } from './registry';
export type { Database } from './schema/database';
