import { describe, expect, it } from 'vitest';
import { createLagClock, lsnFrom, lsnText } from './replica-lag';

describe('WAL positions', () => {
  it('reads and writes PostgreSQL’s pg_lsn text, and refuses anything else', () => {
    expect(lsnFrom('16/B374D848')).toBe(0x16_b374_d848n);
    expect(lsnFrom('0/0')).toBe(0n);
    expect(lsnText(0x16_b374_d848n)).toBe('16/B374D848');
    expect(lsnFrom(lsnText(0xffff_ffff_ffff_ffffn))).toBe(0xffff_ffff_ffff_ffffn);
    for (const text of [undefined, '', '16', '16/', '/1', '1/2/3', 'G/1', '123456789/0', '1/2; x'])
      expect(lsnFrom(text)).toBeUndefined();
  });
});

describe('a replica’s lag', () => {
  it('is the age of the oldest write it has not replayed, not of the last one it did', () => {
    const clock = createLagClock(60_000);
    clock.primaryAt(100n, 0);
    // An hour without writes, then one: a replica that replayed everything before it is 1 s behind.
    clock.primaryAt(200n, 3_600_000);
    expect(clock.lagOf(100n, 3_601_000)).toEqual({ seconds: 1, known: true });
    expect(clock.lagOf(200n, 3_601_000)).toEqual({ seconds: 0, known: true });
    expect(clock.lagOf(250n, 3_601_000)).toEqual({ seconds: 0, known: true });
  });

  it('grows while the replica stands still and the primary writes on', () => {
    const clock = createLagClock(60_000);
    for (let t = 0; t <= 5000; t += 100) clock.primaryAt(BigInt(1000 + t), t);
    expect(clock.lagOf(1000n, 5000)).toEqual({ seconds: 4.9, known: true });
    expect(clock.lagOf(3500n, 5000)).toEqual({ seconds: 2.4, known: true });
  });

  it('is only known to be at least its age for a replica behind every position kept', () => {
    const clock = createLagClock(10_000);
    // At start the first look is all there is: a replica behind it is not known to be close.
    clock.primaryAt(500n, 0);
    expect(clock.lagOf(400n, 100)).toEqual({ seconds: 0.1, known: false });
    for (let t = 1000; t <= 60_000; t += 1000) clock.primaryAt(BigInt(500 + t), t);
    // Positions older than 10 s are dropped, but for the newest of them.
    expect(clock.lagOf(400n, 60_000)).toEqual({ seconds: 11, known: false });
    expect(clock.lagOf(49_500n, 60_000)).toEqual({ seconds: 10, known: true });
  });

  it('keeps a position only when the primary moved', () => {
    const clock = createLagClock(60_000);
    clock.primaryAt(100n, 0);
    clock.primaryAt(100n, 5000);
    clock.primaryAt(90n, 6000);
    expect(clock.lagOf(99n, 7000)).toEqual({ seconds: 7, known: false });
  });
});
