import { offStarterFiles } from '@labelwise/reference-data';
import { describe, expect, it } from 'vitest';
import { mapOffRecord } from './map-record';
import { readOffRecords } from './read-records';

async function mapFile(file: string) {
  const { source, records } = await readOffRecords(file);
  const products = [];
  for await (const record of records) products.push(mapOffRecord(record));
  return { format: source.format, products };
}

describe('the starter set of real OFF products shipped in reference-data', () => {
  it('holds 90 products, every one named, with English ingredients and a distinct barcode', async () => {
    const csv = await mapFile(offStarterFiles.csv);
    const jsonl = await mapFile(offStarterFiles.jsonl);
    expect([csv.format, csv.products.length, jsonl.format, jsonl.products.length]).toEqual([
      'csv',
      17,
      'jsonl',
      73,
    ]);
    const all = [...csv.products, ...jsonl.products];
    const codes = new Set<string>();
    for (const mapped of all) {
      if (mapped.kind !== 'product') throw new Error(`skipped: ${JSON.stringify(mapped)}`);
      expect(mapped.source.ingredientsText).not.toBeNull();
      codes.add(mapped.source.code);
    }
    expect(codes.size).toBe(90);
  });
});
