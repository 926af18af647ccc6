import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPreferences, type Preferences } from '@labelwise/domain';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { userPreferencesProjection } from './projection';

const glutenFree: Preferences = { ...defaultPreferences, noGluten: true };
const veganAlerts: Preferences = {
  ...defaultPreferences,
  noDairy: true,
  premiumAlerts: { ...defaultPreferences.premiumAlerts, noNuts: true },
};

describe.each(batchings)('user_preferences, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(userPreferencesProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const changed = (uid: string, preferences: Preferences, at: string) =>
    spec.event('PreferencesChanged', { uid, preferences }, { at });

  it("stores each user's preferences with the time of the change", async () => {
    await spec.apply([changed('alice', glutenFree, '2026-03-01T10:00:00.000Z')]);

    expect(await spec.rows('user_preferences', 'uid')).toEqual([
      { uid: 'alice', preferences: glutenFree, updated_at: new Date('2026-03-01T10:00:00.000Z') },
    ]);
  });

  it('keeps the latest change per user, within a batch and across batches', async () => {
    await spec.apply([
      changed('alice', glutenFree, '2026-03-01T10:00:00.000Z'),
      changed('bob', glutenFree, '2026-03-01T10:05:00.000Z'),
      changed('alice', veganAlerts, '2026-03-01T10:10:00.000Z'),
    ]);
    await spec.apply([changed('bob', defaultPreferences, '2026-03-02T08:00:00.000Z')]);

    expect(await spec.rows('user_preferences', 'uid')).toEqual([
      { uid: 'alice', preferences: veganAlerts, updated_at: new Date('2026-03-01T10:10:00.000Z') },
      { uid: 'bob', preferences: defaultPreferences, updated_at: new Date('2026-03-02T08:00:00.000Z') },
    ]);
  });

  it('writes no row for users who never changed their preferences', async () => {
    await spec.apply([
      spec.event('ScanRecorded', {
        uid: 'carol',
        productId: 1,
        scannedAt: '2026-03-01T10:00:00.000Z',
        month: '2026-03',
      }),
    ]);

    expect(await spec.rows('user_preferences', 'uid')).toEqual([]);
  });
});
