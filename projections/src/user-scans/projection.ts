import type { Insertable } from 'kysely';
import { userEventTypes } from '@labelwise/domain';
import { defineProjection } from '../engine/projection';
import { unnestRows } from '../engine/unnest-rows';
import { createTable } from '../engine/columns';
import {
  productLastScansTable,
  userScansTable,
  type ProductLastScansTable,
  type UserScansTable,
} from './tables';

/**
 * Users' scanned products (analysed, or opened by barcode) and every product's latest analysis,
 * newest first by recording order.
 */
export const userScansProjection = defineProjection({
  name: 'user_scans',
  version: 1,
  // Each scan is a row of its own, with its position, rather than a field of the user's document;
  // the user's other events are listed so that a new one is a compile error until handled here.
  eventTypes: userEventTypes,
  tables: ['user_scans', 'product_last_scans'],

  async createTables(db, schema) {
    const s = db.schema.withSchema(schema);
    await createTable(db, schema, userScansTable).execute();
    await s
      .createIndex('user_scans_newest')
      .ifNotExists()
      .on('user_scans')
      .columns(['uid', 'position_commit desc', 'position_prepare desc'])
      .execute();
    // The community's trending products: who scanned a product since a date.
    await s
      .createIndex('user_scans_by_product')
      .ifNotExists()
      .on('user_scans')
      .columns(['product_id', 'scanned_at'])
      .execute();
    await createTable(db, schema, productLastScansTable).execute();
    await s
      .createIndex('product_last_scans_newest')
      .ifNotExists()
      .on('product_last_scans')
      .columns(['position_commit desc', 'position_prepare desc'])
      .execute();
  },

  async handle(events, db) {
    // Events arrive in global order, so the last one per key is the newest.
    const byUser = new Map<string, Insertable<UserScansTable>>();
    const byProduct = new Map<number, Insertable<ProductLastScansTable>>();
    const erased = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'ScanRecorded':
        case 'ProductLookedUp': {
          const { uid, productId } = event.data;
          const scan = {
            product_id: productId,
            scanned_at: event.type === 'ScanRecorded' ? event.data.scannedAt : event.data.lookedUpAt,
            position_commit: event.position.commit.toString(),
            position_prepare: event.position.prepare.toString(),
          };
          byUser.set(`${uid}\n${productId}`, { uid, ...scan });
          // The community's recently scanned list shows analyses: a lookup found a product already there.
          if (event.type === 'ScanRecorded') byProduct.set(productId, scan);
          break;
        }
        case 'UserRegistered':
        case 'UsernameSet':
        case 'PreferencesChanged':
        case 'SubscriptionRequested':
        case 'SubscriptionActivated':
        case 'SubscriptionCancelled':
        case 'SubscriptionExpired':
        case 'SubscriptionPaymentRefunded':
        case 'UserSuspended':
        case 'UserReinstated':
          break;
        case 'UserErased':
          erased.add(event.data.uid);
          break;
        default:
          event satisfies never;
      }
    }
    // A deleted account's history goes; the products' latest analyses, which name nobody, stay.
    if (erased.size > 0) {
      for (const [key, scan] of byUser) if (erased.has(scan.uid)) byUser.delete(key);
      await db
        .deleteFrom('user_scans')
        .where('uid', 'in', [...erased])
        .execute();
    }
    if (byUser.size === 0) return;
    const position = { position_commit: 'int8', position_prepare: 'int8' } as const;
    const scans = unnestRows([...byUser.values()], {
      uid: 'text',
      product_id: 'int4',
      scanned_at: 'timestamptz',
      ...position,
    });
    await db
      .insertInto('user_scans')
      .columns(scans.columns)
      .expression(scans.select)
      .onConflict((oc) =>
        oc.columns(['uid', 'product_id']).doUpdateSet((eb) => ({
          scanned_at: eb.ref('excluded.scanned_at'),
          position_commit: eb.ref('excluded.position_commit'),
          position_prepare: eb.ref('excluded.position_prepare'),
        })),
      )
      .execute();
    if (byProduct.size === 0) return;
    const lastScans = unnestRows([...byProduct.values()], {
      product_id: 'int4',
      scanned_at: 'timestamptz',
      ...position,
    });
    await db
      .insertInto('product_last_scans')
      .columns(lastScans.columns)
      .expression(lastScans.select)
      .onConflict((oc) =>
        oc.column('product_id').doUpdateSet((eb) => ({
          scanned_at: eb.ref('excluded.scanned_at'),
          position_commit: eb.ref('excluded.position_commit'),
          position_prepare: eb.ref('excluded.position_prepare'),
        })),
      )
      .execute();
  },
});
