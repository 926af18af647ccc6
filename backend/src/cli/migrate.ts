/**
 * Brings the tables that are not projections up to date: `npm run migrate`. The API, the launcher
 * and the other command-line tools do it themselves at start; this is for an operator who wants
 * it done (or checked) first. Uses the database `npm start` uses (DATABASE_URL, else the embedded
 * PostgreSQL on EMBEDDED_PG_PORT), and says which.
 */
import { databaseUrlOf, describeDatabaseOf, parseRuntimeEnv } from '@labelwise/runtime';
import { migrateDatabase } from '../db/migrate';
import { EXIT, exitWhenDone } from './cli-runtime';

async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run migrate');
    return args.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  const env = parseRuntimeEnv();
  console.error(describeDatabaseOf(env));
  const applied = await migrateDatabase(databaseUrlOf(env));
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
  return EXIT.completed;
}

exitWhenDone('migrate', main(process.argv.slice(2)));
