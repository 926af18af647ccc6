import { describe, expect, it } from 'vitest';
import { userEventTypes, type UserEvent } from '../events/catalogue';
import { sampleHistory, userSamples } from '../../testing/stream-samples';
import { noSubscription } from './subscription';
import { foldUser, newUser, type UserDocument } from './user-document';

const at = '2026-03-05T09:00:00.000Z';
const fold = (user: UserDocument, event: UserEvent) => foldUser(user, { ...event, metadata: { at } });

/** The documents along the sample history: every state a read model may have kept. */
const history = sampleHistory(userEventTypes, userSamples);
const states = history.reduce<UserDocument[]>(
  (seen, event) => [...seen, fold(seen.at(-1)!, event)],
  [newUser],
);

/** A part of the document a read model keeps apart from the rest, and a new user holding only it. */
const parts: Record<
  string,
  { of: (user: UserDocument) => unknown; alone: (user: UserDocument) => UserDocument }
> = {
  ...Object.fromEntries(
    (Object.keys(newUser) as (keyof UserDocument)[]).map((field) => [
      field,
      {
        of: (user: UserDocument) => user[field],
        alone: (user: UserDocument) => ({ ...newUser, [field]: user[field] }),
      },
    ]),
  ),
  // user_profiles keeps the current subscription, not the ended ones nor the requests.
  'subscription.current': {
    of: (user) => user.subscription.current,
    alone: (user) => ({
      ...newUser,
      subscription: { ...noSubscription, current: user.subscription.current },
    }),
  },
};

describe('a user document', () => {
  it.each(Object.keys(parts))(
    'folds %s from its own value and the event alone, so a read model keeping it needs nothing else',
    (name) => {
      const { of, alone } = parts[name]!;
      for (const state of states) {
        for (const event of history) {
          expect(of(fold(alone(state), event)), `${event.type} after ${JSON.stringify(of(state))}`).toEqual(
            of(fold(state, event)),
          );
        }
      }
    },
  );

  it('counts scans per month, so counts folded from none add up to the stored ones', () => {
    const scan = (month: string): UserEvent => ({
      type: 'ScanRecorded',
      data: { ...userSamples.ScanRecorded, month },
    });
    const stored = [scan('2026-02'), scan('2026-03')].reduce(fold, newUser);
    const batch = [scan('2026-03'), scan('2026-04')];
    expect(batch.reduce(fold, newUser).scans.byMonth).toEqual({ '2026-03': 1, '2026-04': 1 });
    expect(batch.reduce(fold, stored).scans).toEqual({
      total: 4,
      byMonth: { '2026-02': 1, '2026-03': 2, '2026-04': 1 },
    });
  });

  it('was first recorded at its first event', () => {
    const [first, second] = history;
    const registered = foldUser(newUser, { ...first!, metadata: { at: '2026-03-01T09:00:00.000Z' } });
    const named = foldUser(registered, { ...second!, metadata: { at: '2026-03-02T09:00:00.000Z' } });
    expect(named.since).toBe('2026-03-01T09:00:00.000Z');
  });
});
