import type { Insertable } from 'kysely';
import { isPersonalProduct, isValidGtin, productEventTypes } from '@labelwise/domain';
import { defineProjection } from '../engine/projection';
import { offContributionsTable, type OffContributionsTable } from './tables';
import { createTable } from '../engine/columns';

type OffContributionRow = Insertable<OffContributionsTable>;

/**
 * The outbox of labels to give back to Open Food Facts: every English label a user agreed to
 * share, one row per label version. Only a product a user created under a real barcode (a valid
 * GTIN) or a label given to an unrated import qualifies; OFF's own imports and a user's personal
 * scans never do. The sender (backend `off-give-back`) keeps its progress in a table of its own, so
 * a rebuild of this one never sends anything again.
 */
export const offContributionsProjection = defineProjection({
  name: 'off_contributions',
  version: 1,
  eventTypes: productEventTypes,
  tables: ['off_contributions'],

  async createTables(db, schema) {
    await createTable(db, schema, offContributionsTable).execute();
  },

  async handle(events, db) {
    const rows: OffContributionRow[] = [];
    for (const event of events) {
      const version = { label_version: Number(event.revision), queued_at: event.metadata.at };
      switch (event.type) {
        case 'ProductCreated': {
          const { productId, name, brand, barcode, ingredients, source, offConsent } = event.data;
          const shareable =
            offConsent === true &&
            source === 'user' &&
            isValidGtin(barcode) &&
            !isPersonalProduct(event.data);
          if (shareable)
            rows.push({
              ...version,
              product_id: productId,
              kind: 'created',
              barcode,
              product_name: name,
              brand,
              ingredients,
            });
          break;
        }
        case 'ProductLabelContributed': {
          const { productId, ingredients, offConsent } = event.data;
          if (offConsent)
            rows.push({
              ...version,
              product_id: productId,
              kind: 'label',
              barcode: null,
              product_name: null,
              brand: null,
              ingredients,
            });
          break;
        }
        case 'ProductCorrected':
        case 'ProductQuantityCorrected':
        case 'ProductBrandCorrected':
        case 'ProductRemoved':
        case 'ProductReassessed':
        case 'ProductImported':
        case 'ProductUpdatedFromSource':
          break;
        default:
          event satisfies never;
      }
    }
    if (rows.length > 0)
      await db
        .insertInto('off_contributions')
        .values(rows)
        .onConflict((c) => c.columns(['product_id', 'label_version']).doNothing())
        .execute();
  },
});
