import os from 'node:os';
import { parseArgs } from 'node:util';
import { createEventStore } from '@labelwise/event-store';
import { databaseUrlOf, describeDatabaseOf, parseRuntimeEnv } from '@labelwise/runtime';
import { createDb } from '../schema/create-db';
import { ensureProjectionTables } from '../engine/ensure-tables';
import type { ProjectionDefinition } from '../engine/projection';
import { RebuildFailed, rebuildAll } from '../engine/rebuild';
import { skipFailingEvent } from '../engine/skips';
import { projectionStatus } from '../engine/status';
import { formatPosition } from '../engine/checkpoints';
import { projections } from '../registry';
import { formatTable, truncate } from './format-table';
import { progressReporter } from './progress';

const USAGE = `Usage: npm run projections -- <command>

  status             every projection: checkpoint, lag (events, seconds), state, last error
  rebuild <name>     replay <name> into shadow tables, then swap them in (no downtime)
  rebuild --all      rebuild every projection, one after the other
  skip <name> <position> --reason "<why>"
                     record that <name> skips the event it is stopped at (the position status
                     shows): it goes on after it, and rebuilds leave it out

It works on the database npm start uses: DATABASE_URL, else the embedded PostgreSQL on
EMBEDDED_PG_PORT (54329), and says which first.`;

async function main(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    options: { reason: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
  });
  const [command, named, position] = positionals;
  const target = values.all ? '--all' : named;
  if (command !== 'status' && command !== 'rebuild' && command !== 'skip') {
    console.error(USAGE);
    return command === undefined || command === 'help' || values.help ? 0 : 2;
  }
  let selected: ProjectionDefinition[] = [];
  if (command === 'skip' && (!position || typeof values.reason !== 'string')) {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'status') {
    if (!target) {
      console.error(USAGE);
      return 2;
    }
    selected =
      target === '--all' && command === 'rebuild'
        ? projections
        : projections.filter((p) => p.name === target);
    if (selected.length === 0) {
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
    if (command === 'skip') {
      const skipped = await skipFailingEvent({
        db,
        store,
        projection: selected[0]!,
        position: position!,
        reason: String(values.reason),
        actor: `cli:${os.userInfo().username}`,
        now: new Date(),
      });
      console.log(
        `${target} skips event ${skipped.id} (${skipped.type ?? 'type not recorded'} at ${position}); recorded on the projection-skips stream. It goes on after it.`,
      );
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
    if (error instanceof RebuildFailed)
      console.error(
        `The live tables are as they were. Fix the projection, or move it past the event: npm run projections -- skip ${error.projection} ${formatPosition(error.event.position)} --reason "<why>"`,
      );
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
      ['NAME', 'VERSION', 'CHECKPOINT', 'LAG EVENTS', 'LAG S', 'STATE', 'LAST ERROR', 'STOPPED AT'],
      rows.map((r) => [
        r.name,
        String(r.version),
        r.checkpoint,
        String(r.lagEvents),
        r.lagSeconds.toFixed(1),
        r.state === 'rebuilding' && r.rebuildProcessed !== null
          ? `rebuilding (${r.rebuildProcessed} replayed)`
          : r.state,
        r.lastError ? truncate(r.lastError, 100) : '',
        r.failingEvent
          ? `${r.failingEvent.position} ${r.failingEvent.type ?? ''} ${r.failingEvent.stream ?? ''}`.trim()
          : '',
      ]),
    ),
  );
}

process.exitCode = await main(process.argv.slice(2));
