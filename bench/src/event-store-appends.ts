import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { createPostgresEventStore } from '@labelwise/backend/event-store/index';
import { startBenchPostgres } from './embedded-database';
import { percentile, round } from './support';

export interface AppendFigure {
  writers: number;
  eventsPerCommand: number;
  ours: { commandsPerSecond: number; eventsPerSecond: number; p99Ms: number };
  emmett: { commandsPerSecond: number; eventsPerSecond: number; p99Ms: number };
  ratio: number;
}

type Appender = (stream: string, count: number) => Promise<void>;

const scan = (i: number) => ({
  uid: `bench-user`,
  productId: (i % 500) + 1,
  scannedAt: '2026-11-01T10:00:00.000Z',
  month: '2026-11',
});

async function drive(append: Appender, writers: number, eventsPerCommand: number, commands: number) {
  const perWriter = Math.ceil(commands / writers);
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        const t0 = performance.now();
        await append(`user-bench-${w}-${i % 200}`, eventsPerCommand);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const done = perWriter * writers;
  return {
    commandsPerSecond: Math.round(done / seconds),
    eventsPerSecond: Math.round((done * eventsPerCommand) / seconds),
    p99Ms: round(percentile(latencies, 99), 2),
  };
}

/** Appends with 1 and 16 concurrent writers, 1 and 10 events per command: ours vs Emmett. */
export async function benchAppends(options: { quick: boolean }): Promise<AppendFigure[]> {
  const postgres = await startBenchPostgres();
  const commands = options.quick ? 1500 : 12_000;
  try {
    const ours = await createPostgresEventStore(await postgres.database('ours'), { max: 20 });
    const emmett = getPostgreSQLEventStore(await postgres.database('emmett'));
    const metadata = { actor: 'bench', correlationId: 'bench', causationId: null, at: '2026-11-01T10:00:00.000Z' };
    const oursAppend: Appender = async (stream, count) => {
      await ours.append(
        stream,
        Array.from({ length: count }, (_, i) => ({ id: randomUUID(), type: 'ScanRecorded' as const, data: scan(i), metadata })),
        { expectedRevision: 'any' },
      );
    };
    const emmettAppend: Appender = async (stream, count) => {
      await emmett.appendToStream(
        stream,
        Array.from({ length: count }, (_, i) => ({ type: 'ScanRecorded', data: scan(i), metadata })),
      );
    };
    // Warm both (schema creation, prepared statements, pool connections).
    await drive(oursAppend, 16, 1, 200);
    await drive(emmettAppend, 16, 1, 200);

    const figures: AppendFigure[] = [];
    for (const writers of [1, 16]) {
      for (const eventsPerCommand of [1, 10]) {
        const n = writers === 1 ? Math.round(commands / 3) : commands;
        const emmettFigure = await drive(emmettAppend, writers, eventsPerCommand, n);
        const oursFigure = await drive(oursAppend, writers, eventsPerCommand, n);
        figures.push({
          writers,
          eventsPerCommand,
          ours: oursFigure,
          emmett: emmettFigure,
          ratio: round(oursFigure.eventsPerSecond / emmettFigure.eventsPerSecond, 2),
        });
      }
    }
    await ours.close();
    await emmett.close();
    return figures;
  } finally {
    await postgres.stop();
  }
}
