import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { userScansProjection } from './projection';

describe.each(batchings)('user_scans, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(userScansProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const scan = (uid: string, productId: number, scannedAt: string) =>
    spec.event('ScanRecorded', { uid, productId, scannedAt, month: scannedAt.slice(0, 7) });
  const positionOf = (event: ReturnType<typeof scan>) => ({
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
  });

  it("keeps one row per user and product with the latest scan, and each product's latest scan by anyone", async () => {
    const first = scan('alice', 1, '2026-03-01T08:00:00.000Z');
    const other = scan('alice', 2, '2026-03-01T09:00:00.000Z');
    const bobs = scan('bob', 1, '2026-03-01T09:30:00.000Z');
    const again = scan('alice', 1, '2026-03-02T08:00:00.000Z');
    await spec.apply([first, other, bobs, again]);

    const userScans = await spec.db
      .selectFrom('user_scans')
      .selectAll()
      .orderBy('uid')
      .orderBy('product_id')
      .execute();
    expect(userScans).toEqual([
      { uid: 'alice', product_id: 1, scanned_at: new Date('2026-03-02T08:00:00.000Z'), ...positionOf(again) },
      { uid: 'alice', product_id: 2, scanned_at: new Date('2026-03-01T09:00:00.000Z'), ...positionOf(other) },
      { uid: 'bob', product_id: 1, scanned_at: new Date('2026-03-01T09:30:00.000Z'), ...positionOf(bobs) },
    ]);
    expect(await spec.rows('product_last_scans', 'product_id')).toEqual([
      { product_id: 1, scanned_at: new Date('2026-03-02T08:00:00.000Z'), ...positionOf(again) },
      { product_id: 2, scanned_at: new Date('2026-03-01T09:00:00.000Z'), ...positionOf(other) },
    ]);
  });

  it("orders by recording position, not by the client's scannedAt: a late-reported older scan still becomes the latest", async () => {
    const recent = scan('alice', 1, '2026-03-05T12:00:00.000Z');
    // An offline client syncs a scan it made two days earlier; the server records it after.
    const synced = scan('alice', 1, '2026-03-03T12:00:00.000Z');
    await spec.apply([recent]);
    await spec.apply([synced]);

    expect(await spec.rows('user_scans', 'uid')).toEqual([
      {
        uid: 'alice',
        product_id: 1,
        scanned_at: new Date('2026-03-03T12:00:00.000Z'),
        ...positionOf(synced),
      },
    ]);
    const [newest] = await spec.db
      .selectFrom('user_scans')
      .select('product_id')
      .where('uid', '=', 'alice')
      .orderBy('position_commit', 'desc')
      .orderBy('position_prepare', 'desc')
      .execute();
    expect(newest?.product_id).toBe(1);
  });
});
