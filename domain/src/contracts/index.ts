/**
 * `@labelwise/domain/contracts`: what the apps and the API share, safe for the browser. The API's
 * request and response contracts, and the rules the apps apply exactly as the server does: the
 * ingredient analyser, front-of-pack warnings, rating display, the scan allowance, username rules.
 */
export * from './account';
export * from './account-deletion';
export * from './admin';
export * from './articles';
export * from './data-download';
export * from './handed-over';
export * from './preferences';
export * from './products';
export * from './rating';
export * from './reviews';
export * from './subscription';
export * from './system';
export * from '../text/text-limits';
export * from './verdict-reason';
export * from '../analyser/index';
export * from '../products/front-of-pack';
export * from '../products/nova-agreement';
export * from '../products/personal-product';
export * from '../products/quantity';
export * from '../users/scan-allowance';
export { ALREADY_PREMIUM_MESSAGE, PREMIUM_REQUIRED_MESSAGE } from '../users/user';
export {
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_TAKEN_MESSAGE,
  usernameMessages,
  validateUsername,
} from '../users/username';
export { OFF_ATTRIBUTION, type UnratedReason } from '../events/import-events';
export type { AnalysisSummary } from '../events/product-events';
