import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labelwise/event-store';
import { importEventId } from './event-ids';
import { foldKnownProduct, type KnownProduct } from './known-products';
import { mapOffRecord, toImportCandidate } from './map-record';
import { decide, planBatch, type BatchItem } from './plan-batch';

const metadata = { actor: null, correlationId: 'run', causationId: null, at: '2026-03-01T00:00:00.000Z' };

function item(code: string, lastModifiedT: number): BatchItem {
  const mapped = mapOffRecord({
    kind: 'csv',
    line: 2,
    fields: { code, product_name: `Oat drink ${code}`, last_modified_t: String(lastModifiedT), lc: 'en' },
  });
  if (mapped.kind !== 'product') throw new Error('not a product');
  return { barcode: code, source: mapped.source };
}

const candidate = (batchItem: BatchItem) =>
  toImportCandidate(batchItem.source, () => {
    throw new Error('no ingredients to assess');
  });

describe('decide', () => {
  it('imports an unknown barcode, updates only from a newer record, enriches a community product', () => {
    expect(decide({ lastModifiedT: 10 }, undefined)).toEqual({ kind: 'new' });
    expect(decide({ lastModifiedT: 10 }, { productId: 7, lastModifiedT: 10 })).toEqual({ kind: 'unchanged' });
    expect(decide({ lastModifiedT: 9 }, { productId: 7, lastModifiedT: 10 })).toEqual({ kind: 'unchanged' });
    expect(decide({ lastModifiedT: 11 }, { productId: 7, lastModifiedT: 10 })).toEqual({
      kind: 'update',
      productId: 7,
    });
    expect(decide({ lastModifiedT: 1 }, { productId: 7, lastModifiedT: null })).toEqual({
      kind: 'update',
      productId: 7,
    });
    expect(
      decide({ lastModifiedT: 1 }, { productId: 7, lastModifiedT: null, productStreamMissing: true }),
    ).toEqual({
      kind: 'import-into',
      productId: 7,
    });
  });
});

describe('planBatch', () => {
  it('claims the canonical barcode stream and creates the product for a new barcode, both expecting no stream', () => {
    const items = [item('059800748452', 100)];
    const plan = planBatch(items, [{ kind: 'new' }], [41], candidate, metadata);
    expect(plan.appends.map((a) => [a.stream, a.expectedRevision, a.events.map((e) => e.type)])).toEqual([
      ['barcode-0059800748452', 'no_stream', ['BarcodeClaimed']],
      ['product-41', 'no_stream', ['ProductImported']],
    ]);
    expect(plan.appends[0]!.events[0]!.id).toBe(importEventId('059800748452', 100, 'BarcodeClaimed', 41));
    expect(plan.appends[1]!.events[0]).toMatchObject({
      id: importEventId('059800748452', 100, 'ProductImported'),
      data: {
        productId: 41,
        code: '059800748452',
        lastModifiedT: 100,
        rating: null,
        unratedReason: 'no ingredients',
      },
      metadata,
    });
    expect(plan.remembered).toEqual(new Map([['059800748452', { productId: 41, lastModifiedT: 100 }]]));
    expect(plan.counts).toEqual({ imported: 1, updated: 0, unchanged: 0 });
  });

  it('updates existing products, counts unchanged ones and appends nothing for them', () => {
    const items = [item('1', 5), item('2', 6), item('3', 7)];
    const plan = planBatch(
      items,
      [{ kind: 'update', productId: 8 }, { kind: 'unchanged' }, { kind: 'import-into', productId: 9 }],
      [],
      candidate,
      metadata,
    );
    expect(plan.appends.map((a) => [a.stream, a.expectedRevision, a.events[0]!.type])).toEqual([
      ['product-8', 'stream_exists', 'ProductUpdatedFromSource'],
      ['product-9', 'no_stream', 'ProductImported'],
    ]);
    expect(plan.counts).toEqual({ imported: 1, updated: 1, unchanged: 1 });
    expect([...plan.remembered.keys()]).toEqual(['1', '3']);
  });

  it("reads again the same record of a product imported before OFF's reading was kept: an update with an id of its own", () => {
    const awaiting = { productId: 8, lastModifiedT: 5, awaitsOffReading: true as const };
    expect(decide({ lastModifiedT: 5 }, awaiting)).toEqual({ kind: 'read-again', productId: 8 });
    expect(decide({ lastModifiedT: 4 }, awaiting)).toEqual({ kind: 'unchanged' });
    expect(decide({ lastModifiedT: 6 }, awaiting)).toEqual({ kind: 'update', productId: 8 });

    const plan = planBatch([item('1', 5)], [{ kind: 'read-again', productId: 8 }], [], candidate, metadata);
    expect(plan.appends.map((a) => [a.stream, a.expectedRevision, a.events[0]!.type])).toEqual([
      ['product-8', 'stream_exists', 'ProductUpdatedFromSource'],
    ]);
    const id = plan.appends[0]!.events[0]!.id;
    expect(id).not.toBe(importEventId('1', 5, 'ProductUpdatedFromSource'));
    expect(id).toBe(importEventId('1', 5, 'ProductReadAgain'));
    expect(plan.counts).toEqual({ imported: 0, updated: 1, unchanged: 0 });
    expect(plan.remembered).toEqual(new Map([['1', { productId: 8, lastModifiedT: 5 }]]));
  });

  it('refuses to plan new products without an id for each', () => {
    expect(() => planBatch([item('1', 5)], [{ kind: 'new' }], [], candidate, metadata)).toThrow(
      /fewer new ids/,
    );
  });
});

describe('foldKnownProduct', () => {
  const recorded = (type: string, data: object) => ({ type, data }) as unknown as RecordedEvent;

  it('follows claims and imports by canonical barcode; a claim for another product forgets the imported time', () => {
    const known = new Map<string, KnownProduct>();
    foldKnownProduct(known, recorded('BarcodeClaimed', { barcode: '059800748452', productId: 3 }));
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: null });
    foldKnownProduct(
      known,
      recorded('ProductImported', { code: '0059800748452', productId: 3, lastModifiedT: 50 }),
    );
    foldKnownProduct(known, recorded('BarcodeClaimed', { barcode: '0059800748452', productId: 3 }));
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50 });
    foldKnownProduct(
      known,
      recorded('ProductUpdatedFromSource', { code: '59800748452', productId: 3, lastModifiedT: 40 }),
    );
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50 });
    foldKnownProduct(known, recorded('BarcodeClaimed', { barcode: '0059800748452', productId: 4 }));
    expect(known.get('0059800748452')).toEqual({ productId: 4, lastModifiedT: null });
    foldKnownProduct(known, recorded('ReviewVoted', { reviewId: 'r' }));
    expect(known.size).toBe(1);
  });

  it("marks a product whose last record was imported Unrated without OFF's reading of its list, until a record with it", () => {
    const known = new Map<string, KnownProduct>();
    const unrated = { code: '0059800748452', productId: 3, unratedReason: 'ingredients not in English' };
    foldKnownProduct(known, recorded('ProductImported', { ...unrated, lastModifiedT: 50 }));
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50, awaitsOffReading: true });
    foldKnownProduct(known, recorded('BarcodeClaimed', { barcode: '059800748452', productId: 3 }));
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50, awaitsOffReading: true });
    foldKnownProduct(
      known,
      recorded('ProductUpdatedFromSource', { ...unrated, lastModifiedT: 50, offIngredients: null }),
    );
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50 });
    foldKnownProduct(known, recorded('ProductUpdatedFromSource', { ...unrated, lastModifiedT: 40 }));
    expect(known.get('0059800748452')).toEqual({ productId: 3, lastModifiedT: 50 });
  });

  it('starts from what was known before when the batch has not seen the barcode', () => {
    const known = new Map<string, KnownProduct>();
    const before = { productId: 3, lastModifiedT: 50 };
    foldKnownProduct(
      known,
      recorded('BarcodeClaimed', { barcode: '0059800748452', productId: 3 }),
      () => before,
    );
    expect(known.get('0059800748452')).toEqual(before);
  });
});
