/**
 * Rates every product again with the analyser as it is now: `npm run reassess`, after an upgrade
 * that changed the analyser (products keep the verdict recorded when they were added, imported or
 * corrected). Appends a ProductReassessed event for each product whose verdict changes, nothing
 * for the others, so it may be run again at any time. Uses DATABASE_URL (default: the database
 * `npm start` runs) and EVENT_STORE like the other processes; the projection worker shows the new
 * verdicts. Ctrl-C stops after the page in hand (a re-run starts over and skips what is done).
 */
import { DEFAULT_DATABASE_URL, createEventStore } from '@labelwise/event-store';
import { parseRuntimeEnv } from '@labelwise/event-store/runtime/env';
import { createDb } from '@labelwise/projections/schema/create-db';
import { reassessProducts, type ReassessProgress } from '../features/products/reassess-products';

const EXIT = { completed: 0, failed: 1, usage: 2, interrupted: 130 } as const;

const describe = ({ checked, reassessed }: ReassessProgress) =>
  `${checked.toLocaleString('en-US')} rated products checked, ${reassessed.toLocaleString('en-US')} reassessed`;

async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run reassess');
    return args.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  const env = parseRuntimeEnv();
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const db = createDb(databaseUrl, { max: 4 });
  const store = await createEventStore(env, databaseUrl);
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write('\nStopping after the current page (Ctrl-C again to stop now)…\n');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = Date.now();
  try {
    const summary = await reassessProducts(
      { db, store, clock: () => new Date() },
      { signal: stop.signal, onProgress: (progress) => process.stdout.write(`${describe(progress)}\n`) },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${stop.signal.aborted ? 'Stopped' : 'Done'}: ${describe(summary)} in ${seconds} s\n`,
    );
    return stop.signal.aborted ? EXIT.interrupted : EXIT.completed;
  } finally {
    await store.close();
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`reassess: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(EXIT.failed);
  },
);
