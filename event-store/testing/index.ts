/** `@labelwise/event-store/testing`: the event store's test support other packages' tests use. */
export * from './sample-events';
export * from './older-events';
