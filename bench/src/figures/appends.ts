import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { openBenchStore, type BenchStore } from '../dataset/bench-stores';
import type { StreamAppend } from '../dataset/generate-events';
import { fmt, percentile, round } from '../support';

interface DriveResult {
  commandsPerSecond: number;
  eventsPerSecond: number;
  p99Ms: number;
}

const AT = '2026-11-01T10:00:00.000Z';

/** A command of `count` scans by one of 200 users per writer. */
function scanCommand(writer: number, i: number, count: number): StreamAppend {
  const uid = `bench-${writer}-${i % 200}`;
  return {
    stream: `user-${uid}`,
    metadata: { actor: uid, correlationId: `bench-${writer}-${i}`, causationId: null, at: AT },
    events: Array.from({ length: count }, (_, e) => ({
      type: 'ScanRecorded' as const,
      data: { uid, productId: ((i + e) % 500) + 1, scannedAt: AT, month: AT.slice(0, 7) },
    })),
  };
}

async function drive(
  store: BenchStore,
  writers: number,
  eventsPerCommand: number,
  commands: number,
): Promise<DriveResult> {
  const perWriter = Math.ceil(commands / writers);
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        const t0 = performance.now();
        await store.append(scanCommand(w, i, eventsPerCommand));
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

const describe = (r: DriveResult) =>
  `${fmt(r.eventsPerSecond)} events/s (${fmt(r.commandsPerSecond)} cmd/s, p99 ${r.p99Ms} ms)`;

/** Appends with 1 and 16 concurrent writers, 1 and 10 events per command: ours vs Emmett on the same PostgreSQL. */
export const appendsSection: Section = {
  id: 'appends',
  title: '2. Event store appends',
  async run(ctx, notes) {
    const postgres = await ctx.postgres();
    const ours = await openBenchStore('ours', await postgres.database('appends_ours'));
    const emmett = await openBenchStore('emmett', await postgres.database('appends_emmett'));
    try {
      ctx.progress('warming up both stores');
      await drive(ours, 16, 1, 200);
      await drive(emmett, 16, 1, 200);
      const rows: Row[] = [];
      for (const writers of [1, 16]) {
        for (const eventsPerCommand of [1, 10]) {
          const commands =
            writers === 1 ? Math.round(ctx.sizes.appendCommands / 3) : ctx.sizes.appendCommands;
          ctx.progress(
            `${writers} writer(s), ${eventsPerCommand} event(s) per command, ${commands} commands each store`,
          );
          // Alternate which store goes first so neither always gets the warmer machine.
          const emmettFirst = eventsPerCommand === 1;
          const first = await drive(emmettFirst ? emmett : ours, writers, eventsPerCommand, commands);
          const second = await drive(emmettFirst ? ours : emmett, writers, eventsPerCommand, commands);
          const [o, e] = emmettFirst ? [second, first] : [first, second];
          const ratio = round(o.eventsPerSecond / e.eventsPerSecond, 2);
          rows.push({
            measure: `${writers} writer${writers > 1 ? 's' : ''}, ${eventsPerCommand} event${eventsPerCommand > 1 ? 's' : ''}/command`,
            ours: describe(o),
            peer: `Emmett 0.42: ${describe(e)}`,
            ratio,
            ...(writers === 16 ? { target: '≥ 1.5× Emmett', met: ratio >= 1.5 } : {}),
            values: {
              ours: o.eventsPerSecond,
              oursP99Ms: o.p99Ms,
              emmett: e.eventsPerSecond,
              emmettP99Ms: e.p99Ms,
            },
          });
        }
      }
      notes.push(
        "Same embedded PostgreSQL (fsync on), separate databases, 20-connection pool each; appends without a revision check ('any', Emmett's default); writer w appends to 200 user streams of its own.",
      );
      return rows;
    } finally {
      await ours.close();
      await emmett.close();
    }
  },
};
