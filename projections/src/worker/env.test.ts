import { describe, expect, it } from 'vitest';
import { parseWorkerEnv } from './env';

describe('parseWorkerEnv', () => {
  it('reads the projections to run as a list, all of them when none is named', () => {
    expect(parseWorkerEnv({ PROJECTIONS: 'reviews,articles' }).PROJECTIONS).toEqual(['reviews', 'articles']);
    expect(parseWorkerEnv({}).PROJECTIONS).toEqual([]);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseWorkerEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseWorkerEnv({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_CONNECTION_STRING/);
  });
});
