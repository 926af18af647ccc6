import type * as ContractSet from './contract-set';

/**
 * The response contracts, and zod with them (about 25 KB of brotli), load beside the first API
 * answer rather than with the start-up script, which a phone on a slow network waits for before
 * it paints anything.
 */
export const loadContracts = (): Promise<typeof ContractSet> => import('./contract-set');

/** `answer` checked against the contract `pick` names; the contracts load while the answer is on its way. */
export async function parsed<T>(
  pick: (contracts: typeof ContractSet) => { parse(value: unknown): T },
  answer: Promise<unknown>,
): Promise<T> {
  const [contracts, body] = await Promise.all([loadContracts(), answer]);
  return pick(contracts).parse(body);
}
