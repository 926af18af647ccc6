import { describe, expect, it } from 'vitest';
import { withoutAgainst } from './against';
import { compareRounds, directionOf, median, renderComparison } from './compare';
import { parseOptions } from './options';
import type { Row, SectionResult } from './report';

const scans = (rows: Row[]): SectionResult[] => [
  { id: 'scans', title: '5b. Scan journey by many users', seconds: 1, rows, notes: [] },
];
const max = (commandsPerSecond: number, scanP99Ms: number, errors = 0): Row => ({
  measure: 'max',
  ours: '',
  peer: '',
  values: { commandsPerSecond, scanP99Ms, errors, topology: '1 API process + 1 worker', peerRps: 1 },
});
const rules = (met: boolean): Row => ({ measure: 'rules', ours: '', peer: '', target: 'none lost', met });

describe('comparing two checkouts', () => {
  it('reads rates as higher-better and latencies as lower-better, and leaves counts and peers out', () => {
    expect(['maxRps', 'eventsPerSecond', 'ours'].map(directionOf)).toEqual(['higher', 'higher', 'higher']);
    expect(['p99Ms', 'scanP50LastThirdMs'].map(directionOf)).toEqual(['lower', 'lower']);
    expect(
      ['errors', 'users', 'peerRps', 'emmett', 'copyRowsPerSecond', 'bytesPerProduct'].map(directionOf),
    ).toEqual([null, null, null, null, null, null]);
  });

  it('compares medians of the rounds: within 10 % passes, a rate or a latency more than 10 % worse fails', () => {
    const { figures } = compareRounds(
      [scans([max(250, 200)]), scans([max(260, 150)]), scans([max(240, 170)])],
      [scans([max(330, 160)]), scans([max(340, 150)]), scans([max(320, 156)])],
    );
    expect(median([260, 240, 250])).toBe(250);
    expect(median([1, 4, 2, 3])).toBe(2.5);
    expect(
      figures.map(({ key, oursMedian, theirsMedian, dropped }) => ({
        key,
        oursMedian,
        theirsMedian,
        dropped,
      })),
    ).toEqual([
      { key: 'commandsPerSecond', oursMedian: 250, theirsMedian: 330, dropped: true },
      { key: 'scanP99Ms', oursMedian: 170, theirsMedian: 156, dropped: false },
    ]);
    expect(figures[1]!.speed).toBeCloseTo(156 / 170);

    const slower = compareRounds([scans([max(330, 175)])], [scans([max(330, 156)])]).figures;
    expect(slower.find((f) => f.key === 'scanP99Ms')).toMatchObject({ dropped: true });
  });

  it('prints each figure side by side and a failure line per drop', () => {
    const comparison = compareRounds([scans([max(250, 150)])], [scans([max(330, 150)])]);
    const text = renderComparison({ ours: 'this checkout (abc1234)', theirs: 'd63b529' }, comparison);
    expect(text).toContain('| 250 (250) | 330 (330) | 0.76× | **dropped** |');
    expect(text).toContain(
      'FAIL: 5b. Scan journey by many users, max: commandsPerSecond 24 % slower than d63b529 (median 250 against 330)',
    );
    expect(text).not.toContain('FAIL: 5b. Scan journey by many users, max: scanP99Ms');
  });

  it('fails a target the other checkout met in every round and ours in none (a rule broken under load)', () => {
    const broken = compareRounds(
      [scans([rules(false)]), scans([rules(false)])],
      [scans([rules(true)]), scans([rules(true)])],
    );
    expect(broken.lost).toEqual([
      { section: '5b. Scan journey by many users', measure: 'rules', target: 'none lost' },
    ]);
    const flaky = compareRounds(
      [scans([rules(false)]), scans([rules(true)])],
      [scans([rules(true)]), scans([rules(true)])],
    );
    expect(flaky.lost).toEqual([]);
  });
});

describe('--against', () => {
  it('is parsed with its rounds, and left out of the arguments each side runs with', () => {
    const args = ['--only', 'scans', '--against', 'd63b529', '--topologies', '1x1', '--rounds=3'];
    expect(parseOptions(args)).toMatchObject({ against: ['d63b529'], rounds: 3, only: ['scans'] });
    expect(parseOptions(['--only', 'scans']).rounds).toBe(2);
    expect(withoutAgainst(args)).toEqual(['--only', 'scans', '--topologies', '1x1']);
    expect(() => parseOptions(['--rounds', '0'])).toThrow('--rounds');
  });
});
