import { createEventStore, type EventStore } from '@labelwise/event-store';
import { databaseUrlOf, describeDatabaseOf, parseRuntimeEnv } from '@labelwise/runtime';
import { createDb } from '@labelwise/projections';
import { migrateToLatest } from '../db/migrate';

/** The exit codes of our command-line tools. */
export const EXIT = { completed: 0, failed: 1, usage: 2, interrupted: 130 } as const;

export interface CliRuntime {
  db: ReturnType<typeof createDb>;
  store: EventStore;
  /** Aborted by the first Ctrl-C (or SIGTERM); a second one exits at once. */
  signal: AbortSignal;
}

/**
 * Opens the database and event store `npm start` uses (DATABASE_URL or EMBEDDED_PG_PORT,
 * EVENT_STORE) for `use`, saying which on stderr, and closes them after. The first Ctrl-C says what will happen (`stopping`, e.g. "Stopping after the
 * current batch") and aborts the signal; a second one exits at once.
 */
export async function withCliRuntime<T>(
  stopping: string,
  use: (runtime: CliRuntime) => Promise<T>,
): Promise<T> {
  const env = parseRuntimeEnv();
  const databaseUrl = databaseUrlOf(env);
  process.stderr.write(`${describeDatabaseOf(env)}\n`);
  const db = createDb(databaseUrl, { max: 4 });
  await migrateToLatest(db);
  const store = await createEventStore(env, databaseUrl);
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write(`\n${stopping} (Ctrl-C again to stop now)…\n`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await use({ db, store, signal: stop.signal });
  } finally {
    await store.close();
    await db.destroy();
  }
}

/** Exits with the code `main` settles on; with 1 and `name: message` when it throws. */
export function exitWhenDone(name: string, main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(EXIT.failed);
    },
  );
}
