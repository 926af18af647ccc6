/**
 * Imports an Open Food Facts export into the event store:
 *   npm run import:off -- <file|->            (.csv, .csv.gz, .jsonl, .jsonl.gz, a delta's .json.gz)
 *   npm run import:off -- --url <http(s) URL> (streamed, nothing stored first)
 * Uses the database and event store `npm start` uses, like the other tools (see cli-runtime). Ctrl-C finishes the batch in hand, prints the summary and exits 130; a second one
 * stops at once; a source that breaks (truncated, cut off, stalled) keeps what was read and
 * exits 130 too (re-running picks up where it left off).
 */
import { assessIngredients } from '@labelwise/domain';
import { createIdAllocator } from '../db/id-allocator';
import { isUrl, importOff } from '../features/off-import';
import { EXIT, exitWhenDone, withCliRuntime } from './cli-runtime';

const USAGE = `Usage: npm run import:off -- <file|->
       npm run import:off -- --url <http(s) URL>

  <file>   an Open Food Facts export: .csv, .csv.gz, .jsonl, .jsonl.gz or a delta file (.json.gz)
  -        read the export from stdin
  --url    stream the export from an http(s) URL, e.g.
           https://static.openfoodfacts.org/data/en.openfoodfacts.org.products.csv.gz
           (redirects only to http(s), never from https to http)
  --allow-private-network
           let --url reach loopback, private and link-local addresses (refused otherwise)
  --progress-every <seconds>
           at most one progress line (or bar redraw) this often; default 1, 0 for every batch

It works on the database npm start uses: DATABASE_URL, else the embedded PostgreSQL on
EMBEDDED_PG_PORT (54329), and says which first.`;

interface CliOptions {
  source: string;
  batchSize?: number;
  progressIntervalMs?: number;
  allowPrivateNetwork?: boolean;
}

function parseArgs(args: readonly string[]): CliOptions | null {
  let source: string | undefined;
  let batchSize: number | undefined;
  let progressIntervalMs: number | undefined;
  let allowPrivateNetwork = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--url') {
      const url = args[++i];
      if (!url || !isUrl(url) || source) return null;
      source = url;
    } else if (arg === '--batch-size') {
      batchSize = Number(args[++i]);
      if (!Number.isSafeInteger(batchSize) || batchSize < 1) return null;
    } else if (arg === '--progress-every') {
      const seconds = Number(args[++i]);
      if (!Number.isFinite(seconds) || seconds < 0) return null;
      progressIntervalMs = seconds * 1000;
    } else if (arg === '--allow-private-network') {
      allowPrivateNetwork = true;
    } else if (arg.startsWith('--') || source) return null;
    else source = arg;
  }
  if (!source) return null;
  return {
    source,
    ...(batchSize ? { batchSize } : {}),
    ...(progressIntervalMs !== undefined ? { progressIntervalMs } : {}),
    ...(allowPrivateNetwork ? { allowPrivateNetwork } : {}),
  };
}

async function main(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return args.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  return withCliRuntime('Stopping after the current batch', async ({ db, store, signal }) => {
    const { summary } = await importOff(
      { db, store, ids: createIdAllocator(db), assess: assessIngredients, clock: () => new Date() },
      { ...parsed, signal, progress: process.stdout },
    );
    return EXIT[summary.state];
  });
}

exitWhenDone('import:off', main(process.argv.slice(2)));
