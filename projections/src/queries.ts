/**
 * The read models' queries, which the API calls: each read model owns its tables, its row
 * mapping and these (`db | trx` first).
 */
export * from './list-pages';
export * from './product-cards/card-columns';
export * from './product-cards/queries';
export * from './product-cards/alternatives';
export * from './product-cards/admin-queries';
export * from './product-cards/brand-queries';
export * from './product-ratings/queries';
export * from './reviews/queries';
export * from './reviews/admin-queries';
export * from './articles/queries';
export * from './user-profiles/queries';
export * from './user-profiles/admin-queries';
export * from './user-preferences/queries';
export * from './user-scans/queries';
export * from './import-runs/queries';
export * from './off-contributions/queries';
