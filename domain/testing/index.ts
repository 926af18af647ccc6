/** `@labelwise/domain/testing`: the domain's test support other packages' tests use. */
export * from './imported-product';
export * from './nutrition';
export * from './stale-verdict';
export * from './stream-samples';
