import { describe, expect, it } from 'vitest';
import { batchLookups } from './batched-lookup';

function provider() {
  const calls: string[][] = [];
  const lookup = batchLookups(
    async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]));
    },
    (key) => new Error(`no ${key}`),
  );
  return { calls, lookup };
}

describe('batched lookups', () => {
  it('asks once for the keys asked in the same turn, each key once', async () => {
    const { calls, lookup } = provider();
    expect(await Promise.all([lookup('a'), lookup('b'), lookup('a')])).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('refuses the keys the provider did not answer, and only those', async () => {
    const { lookup } = provider();
    const [found, gone] = await Promise.allSettled([lookup('a'), lookup('gone')]);
    expect(found).toEqual({ status: 'fulfilled', value: 'A' });
    expect(gone).toMatchObject({ status: 'rejected', reason: new Error('no gone') });
  });

  it('lets background lookups wait for company, and sends them with the next urgent one', async () => {
    const { calls, lookup } = provider();
    const background = [lookup('a', { background: true }), lookup('b', { background: true })];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(await lookup('c')).toBe('C');
    expect(await Promise.all(background)).toEqual(['A', 'B']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('sends a full batch of 100 at once', async () => {
    const { calls, lookup } = provider();
    const keys = Array.from({ length: 150 }, (_, i) => `k${i}`);
    await Promise.all(keys.map((key) => lookup(key, { background: true })));
    expect(calls.map((batch) => batch.length)).toEqual([100, 50]);
  });
});
