import { createEventStore } from '@labelwise/event-store';
import { databaseUrlOf, describeDatabaseOf, parseRuntimeEnv } from '@labelwise/runtime';
import { createDb } from '../schema/create-db';
import { ensureProjectionTables } from '../engine/ensure-tables';
import type { ProjectionDefinition } from '../engine/projection';
import { rebuildAll } from '../engine/rebuild';
import { projectionStatus } from '../engine/status';
import { projections } from '../registry';
import { formatTable, truncate } from './format-table';
import { progressReporter } from './progress';

const USAGE = `Usage: npm run projections -- <command>

  status             every projection: checkpoint, lag (events, seconds), state, last error
  rebuild <name>     replay <name> into shadow tables, then swap them in (no downtime)
  rebuild --all      rebuild every projection, one after the other

It works on the database npm start uses: DATABASE_URL, else the embedded PostgreSQL on
EMBEDDED_PG_PORT (54329), and says which first.`;

async function main(args: string[]): Promise<number> {
  const [command, target] = args;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  let selected: ProjectionDefinition[] = [];
  if (command === 'rebuild') {
    if (!target) {
      console.error(USAGE);
      return 2;
    }
    selected = target === '--all' ? projections : projections.filter((p) => p.name === target);
    if (selected.length === 0 && target !== '--all') {
      console.error(
        `Unknown projection "${target}". Known: ${projections.map((p) => p.name).join(', ') || '(none)'}`,
      );
      return 2;
    }
  }

  const env = parseRuntimeEnv();
  const databaseUrl = databaseUrlOf(env);
  console.error(describeDatabaseOf(env));
  const db = createDb(databaseUrl, { max: 4 });
  const store = await createEventStore(env, databaseUrl);
  try {
    await ensureProjectionTables(db, projections);
    if (command === 'status') {
      printStatus(await projectionStatus(db, store, projections));
      return 0;
    }
    const onProgress = progressReporter(process.stdout);
    const started = performance.now();
    const results = await rebuildAll({ db, store, projections: selected, databaseUrl, onProgress });
    const total = results.reduce((n, r) => n + r.processed, 0);
    console.log(
      `Rebuilt ${results.length} projection(s), ${total} events in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await store.close();
    await db.destroy();
  }
}

function printStatus(rows: Awaited<ReturnType<typeof projectionStatus>>) {
  if (rows.length === 0) {
    console.log('No projections registered.');
    return;
  }
  console.log(
    formatTable(
      ['NAME', 'VERSION', 'CHECKPOINT', 'LAG EVENTS', 'LAG S', 'STATE', 'LAST ERROR'],
      rows.map((r) => [
        r.name,
        String(r.version),
        r.checkpoint,
        String(r.lagEvents),
        r.lagSeconds.toFixed(1),
        r.state === 'rebuilding' && r.rebuildProcessed !== null
          ? `rebuilding (${r.rebuildProcessed} replayed)`
          : r.state,
        r.lastError
          ? truncate(`${r.lastError}${r.failingEventId ? ` [event ${r.failingEventId}]` : ''}`, 100)
          : '',
      ]),
    ),
  );
}

process.exitCode = await main(process.argv.slice(2));
