import { describe, expect, it } from 'vitest';
import { createSessionCheck, type SessionState } from './session-check';

/** A provider whose answers the test sets, counting how often it is asked, on a clock the test moves. */
function provider(capacity?: number) {
  const state = {
    now: 0,
    calls: 0,
    answer: { disabled: false, validAfterMs: null, admin: false } as SessionState,
  };
  const check = createSessionCheck({
    maxAgeMs: 30_000,
    capacity,
    now: () => state.now,
    lookup: async () => {
      state.calls++;
      return { ...state.answer };
    },
  });
  return { state, check };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('session check', () => {
  it('asks once per user while the answer is younger than half the bound, sharing concurrent lookups', async () => {
    const { state, check } = provider();
    await Promise.all([check.verdict('a', 0), check.verdict('a', 0), check.verdict('a', 0)]);
    state.now = 14_999;
    expect(await check.verdict('a', 0)).toBe('valid');
    expect(state.calls).toBe(1);
    await check.verdict('b', 0);
    expect(state.calls).toBe(2);
  });

  it('refreshes in the background past half the bound, and sees a revocation by the bound at the latest', async () => {
    const { state, check } = provider();
    expect(await check.verdict('a', 10)).toBe('valid');
    // Revoked just after the first lookup: the cached answer may serve until the bound.
    state.answer = { disabled: false, validAfterMs: 20_000, admin: false };
    state.now = 16_000;
    expect(await check.verdict('a', 10)).toBe('valid');
    await settle();
    expect(state.calls).toBe(2);
    // The background answer (asked at 16 s) is the revocation.
    expect(await check.verdict('a', 10)).toBe('revoked');
    // A session that signed in after the revocation is valid.
    expect(await check.verdict('a', 25)).toBe('valid');
  });

  it('waits for a fresh answer once the cached one reaches the bound, and refuses a disabled account', async () => {
    const { state, check } = provider();
    await check.verdict('a', 0);
    state.answer = { disabled: true, validAfterMs: null, admin: false };
    state.now = 30_000;
    expect(await check.verdict('a', 0)).toBe('disabled');
    expect(state.calls).toBe(2);
  });

  it('asks again for a record younger than the bound, at most once per minimum age', async () => {
    const { state, check } = provider();
    expect((await check.record('a')).admin).toBe(false);
    state.answer = { disabled: false, validAfterMs: null, admin: true };
    state.now = 500;
    expect((await check.recheck('a', 1000)).admin).toBe(false);
    expect(state.calls).toBe(1);
    state.now = 1000;
    expect((await check.recheck('a', 1000)).admin).toBe(true);
    expect((await check.record('a')).admin).toBe(true);
    expect(state.calls).toBe(2);
  });

  it('does not remember a failed lookup', async () => {
    let fail = true;
    let calls = 0;
    const check = createSessionCheck({
      maxAgeMs: 30_000,
      lookup: async () => {
        calls++;
        if (fail) throw new Error('provider down');
        return { disabled: false, validAfterMs: null, admin: false };
      },
    });
    await expect(check.verdict('a', 0)).rejects.toThrow('provider down');
    fail = false;
    expect(await check.verdict('a', 0)).toBe('valid');
    expect(calls).toBe(2);
  });

  it("keeps the most recently used users' answers", async () => {
    const { state, check } = provider(2);
    for (const uid of ['a', 'b', 'a', 'c', 'a']) await check.verdict(uid, 0);
    expect(state.calls).toBe(3);
    await check.verdict('b', 0);
    expect(state.calls).toBe(4);
  });
});
