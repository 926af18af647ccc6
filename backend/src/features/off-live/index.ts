/**
 * Open Food Facts, live: the lookup of a barcode our catalogue does not know, the delta sync and
 * its schedule, and OFF's read API (giving back checks a product with it).
 */
export { createLiveLookup } from './live-lookup';
export { describeSync, syncOff } from './sync-off';
export { scheduleOffSync } from './sync-schedule';
export { OffUnavailable, offReadApi, type OffProductAnswer } from './off-read-api';
