export * from './port';
export { StreamStates, type FoldedStream } from './stream-states';
export { handleCommand, loadState, type CommandOptions, type CommandResult } from './command';
export { createPostgresEventStore, PostgresEventStore } from './postgres/postgres-event-store';
export { ensureEventStoreSchema } from './postgres/schema';
export { createEventStore } from './create-event-store';
export { AppendNotifier } from './postgres/append-notifier';
