/**
 * Applies Open Food Facts' daily deltas not applied yet, oldest first:
 *   npm run sync:off [-- --allow-private-network]
 * Reads `${OFF_STATIC_URL}/data/delta/index.txt` (OFF's own by default) and says what it did. Uses
 * the database and event store `npm start` uses, like the other tools (see cli-runtime). Ctrl-C stops after the current batch; the
 * next run starts again from the delta that did not complete.
 */
import { assessIngredients } from '@labelwise/domain';
import { createIdAllocator } from '../db/id-allocator';
import { parseOffEnv, offUserAgent } from '../config/off-env';
import { describeSync, syncOff } from '../features/off-live';
import { EXIT, exitWhenDone, withCliRuntime } from './cli-runtime';

const USAGE = `Usage: npm run sync:off [-- --allow-private-network]

  Applies every delta listed in \${OFF_STATIC_URL}/data/delta/index.txt not applied yet, in name order.
  OFF_STATIC_URL defaults to https://static.openfoodfacts.org.
  --allow-private-network
           let the downloads reach loopback, private and link-local addresses (a mirror inside the network)`;

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--allow-private-network');
  if (unknown.length > 0) {
    console.error(USAGE);
    return unknown.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  const env = parseOffEnv();
  return withCliRuntime('Stopping after the current batch', async ({ db, store, signal }) => {
    const summary = await syncOff(
      { db, store, ids: createIdAllocator(db), assess: assessIngredients, clock: () => new Date() },
      {
        staticUrl: env.OFF_STATIC_URL,
        userAgent: offUserAgent(env),
        allowPrivateNetwork: args.includes('--allow-private-network') || env.OFF_ALLOW_PRIVATE_NETWORK,
        signal,
        onDelta: (line) => console.log(line),
      },
    );
    console.log(describeSync(summary));
    return EXIT[summary.state];
  });
}

exitWhenDone('sync:off', main(process.argv.slice(2)));
