import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { monthlyScanCountsProjection } from './projection';

describe.each(batchings)('monthly_scan_counts, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(monthlyScanCountsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const scan = (uid: string, productId: number, scannedAt: string, month: string) =>
    spec.event('ScanRecorded', { uid, productId, scannedAt, month });

  it('counts scans per user and per the UTC month the server stamped', async () => {
    await spec.apply([
      scan('alice', 1, '2026-03-01T08:00:00.000Z', '2026-03'),
      scan('alice', 2, '2026-03-15T12:00:00.000Z', '2026-03'),
      // Rescanning the same product still counts against the allowance.
      scan('alice', 2, '2026-03-31T23:59:59.000Z', '2026-03'),
      scan('bob', 1, '2026-03-02T10:00:00.000Z', '2026-03'),
    ]);

    expect(await spec.rows('monthly_scan_counts', 'uid')).toEqual([
      { uid: 'alice', month: '2026-03', count: 3 },
      { uid: 'bob', month: '2026-03', count: 1 },
    ]);
  });

  it("buckets by the event's month, not the client's scannedAt: a scan reported at 00:30 local time on 1 April still counts in March UTC", async () => {
    await spec.apply([
      scan('alice', 1, '2026-03-31T23:30:00.000Z', '2026-03'),
      // Client clock in UTC+1 reports 1 April; the server stamped the UTC month.
      scan('alice', 2, '2026-04-01T00:30:00.000+01:00', '2026-03'),
      scan('alice', 3, '2026-04-01T00:00:00.000Z', '2026-04'),
    ]);

    expect(await spec.rows('monthly_scan_counts', 'month')).toEqual([
      { uid: 'alice', month: '2026-03', count: 2 },
      { uid: 'alice', month: '2026-04', count: 1 },
    ]);
  });

  it('adds a later batch to the counts already stored', async () => {
    await spec.apply([scan('alice', 1, '2026-03-01T08:00:00.000Z', '2026-03')]);
    await spec.apply([
      scan('alice', 2, '2026-03-02T08:00:00.000Z', '2026-03'),
      scan('alice', 3, '2026-03-03T08:00:00.000Z', '2026-03'),
    ]);

    expect(await spec.rows('monthly_scan_counts', 'uid')).toEqual([
      { uid: 'alice', month: '2026-03', count: 3 },
    ]);
  });

  it("writes nothing for a user's events other than scans", async () => {
    await spec.apply([
      spec.event('UserRegistered', {
        uid: 'alice',
        email: 'alice@example.com',
        emailVerified: true,
        displayName: 'Alice',
        provider: 'password',
      }),
    ]);

    expect(await spec.rows('monthly_scan_counts', 'uid')).toEqual([]);
  });
});
