/**
 * Brings the tables that are not projections up to date: `npm run migrate`. The API, the launcher
 * and the other command-line tools do it themselves at start; this is for an operator who wants
 * it done (or checked) first. Uses DATABASE_URL (default: the database `npm start` runs).
 */
import { DEFAULT_DATABASE_URL } from '@labelwise/event-store';
import { parseRuntimeEnv } from '@labelwise/runtime';
import { migrateDatabase } from '../db/migrate';
import { EXIT, exitWhenDone } from './cli-runtime';

async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run migrate');
    return args.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  const applied = await migrateDatabase(parseRuntimeEnv().DATABASE_URL ?? DEFAULT_DATABASE_URL);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
  return EXIT.completed;
}

exitWhenDone('migrate', main(process.argv.slice(2)));
