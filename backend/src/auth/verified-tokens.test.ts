import { describe, expect, it } from 'vitest';
import type { IdTokenClaims } from './id-token';
import { createVerifiedTokens } from './verified-tokens';

function verifier(capacity?: number) {
  const state = { now: 1000, calls: [] as string[] };
  const decode = createVerifiedTokens(
    async (token) => {
      state.calls.push(token);
      if (token.startsWith('bad')) throw new Error('invalid signature');
      if (state.now >= 1600) throw new Error('expired');
      return { sub: token, auth_time: 900, exp: 1600 } satisfies IdTokenClaims;
    },
    { capacity, nowSeconds: () => state.now },
  );
  return { state, decode };
}

describe('verified tokens', () => {
  it('verifies a token once until it expires, then anew (which refuses it)', async () => {
    const { state, decode } = verifier();
    await decode('a');
    state.now = 1599;
    expect(await decode('a')).toMatchObject({ sub: 'a' });
    expect(state.calls).toEqual(['a']);
    state.now = 1600;
    await expect(decode('a')).rejects.toThrow('expired');
    expect(state.calls).toEqual(['a', 'a']);
  });

  it('never remembers a refusal', async () => {
    const { state, decode } = verifier();
    await expect(decode('bad')).rejects.toThrow('invalid signature');
    await expect(decode('bad')).rejects.toThrow('invalid signature');
    expect(state.calls).toEqual(['bad', 'bad']);
  });

  it('keeps the most recently used tokens', async () => {
    const { state, decode } = verifier(2);
    await decode('a');
    await decode('b');
    await decode('a');
    await decode('c');
    await decode('a');
    await decode('b');
    expect(state.calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
