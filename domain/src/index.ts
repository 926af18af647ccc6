/**
 * `@labelwise/domain`: the whole domain, for the server side. Events, deciders, the document folds
 * and their views, and everything `@labelwise/domain/contracts` shares with the apps.
 */
export * from './errors';
export * from './decider';
export * from './contracts/index';
export * from './events/metadata';
export * from './events/catalogue';
export * from './events/personal-data';
export * from './events/user-events';
export * from './events/product-events';
export * from './events/import-events';
export * from './events/import-run-events';
export * from './events/off-events';
export * from './events/projection-events';
export * from './events/review-events';
export * from './events/article-events';
import './analyser/all-label-languages';
export * from './analyser/label-statements';
export * from './products/assess-ingredients';
export * from './products/off-ingredients';
export * from './barcode';
export * from './products/head-noun';
export * from './products/imported-product';
export * from './products/product';
export * from './products/product-claims';
export * from './products/product-document';
export * from './products/product-label';
export * from './views/product-views';
export * from './users/subscription';
export * from './users/user';
export * from './users/user-document';
export * from './users/username';
export * from './reviews/review';
export * from './reviews/review-document';
export * from './views/review-views';
export * from './articles/article';
export * from './articles/article-document';
export * from './views/article-views';
export * from './off/off-sync';
export * from './operations/projection-skips';
export * from './text/stored-text';
