/** A WAL position (PostgreSQL's `pg_lsn`, written `16/B374D848`) as a number. */
export type Lsn = bigint;

const LSN_TEXT = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The WAL position `text` names, or undefined when it names none. */
export function lsnFrom(text: string | undefined): Lsn | undefined {
  const match = text === undefined ? null : LSN_TEXT.exec(text);
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

export function lsnText(lsn: Lsn): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffff_ffffn).toString(16).toUpperCase()}`;
}

interface Sample {
  lsn: Lsn;
  /** When the primary was first seen at `lsn` (ms). */
  at: number;
}

/**
 * How far behind the primary a replica is, in time: the primary's WAL position is sampled on
 * every look, and a replica that has replayed up to `lsn` is as old as the first sample it has
 * not reached (PostgreSQL's own `pg_last_xact_replay_timestamp` tells the age of the last
 * transaction replayed, which after a quiet hour says an hour although nothing is missing).
 * Samples are kept for `keepMs`, and the newest one older than that, so that a replica further
 * behind is known to be at least that far behind.
 */
export function createLagClock(keepMs: number) {
  const samples: Sample[] = [];
  return {
    /** The primary's position at `at`; only a position that moved is kept. */
    primaryAt(lsn: Lsn, at: number) {
      const last = samples.at(-1);
      if (last && lsn <= last.lsn) return;
      samples.push({ lsn, at });
      while (samples.length > 1 && samples[1]!.at < at - keepMs) samples.shift();
    },
    /**
     * The lag of a replica that replayed up to `replayed`, at `now`: `caughtUp` when it has
     * replayed what the primary had at its oldest sample (before that, its lag is only known
     * to be at least `seconds`).
     */
    lagOf(replayed: Lsn, now: number): { seconds: number; known: boolean } {
      const first = samples.find((sample) => sample.lsn > replayed);
      const known = samples.length > 0 && replayed >= samples[0]!.lsn;
      return { seconds: first ? Math.max(0, now - first.at) / 1000 : 0, known };
    },
  };
}
