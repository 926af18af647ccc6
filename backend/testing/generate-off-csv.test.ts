import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedCode, generateOffCsvLines, type GeneratorOptions } from './generate-off-csv';
import { mapOffRecord, type MappedRecord } from '../src/features/off-import/map-record';
import { csvSample } from './off-import-samples';

async function generated(options: GeneratorOptions) {
  const lines: string[] = [];
  for await (const line of generateOffCsvLines(options)) lines.push(line);
  const [header, ...rows] = lines.map((line) => line.split('\t'));
  const mapped: MappedRecord[] = rows.map((values) =>
    mapOffRecord({
      kind: 'csv',
      line: 2,
      fields: Object.fromEntries(header!.map((c, i) => [c, values[i]!])),
    }),
  );
  const bytesPerRow =
    lines.slice(1).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0) / rows.length;
  return { header: header!, rows, mapped, bytesPerRow };
}

const englishShare = (mapped: MappedRecord[]) =>
  mapped.filter((row) => row.kind === 'product' && row.source.ingredientsText).length / mapped.length;

describe('generated OFF exports', () => {
  it('have the real export header and rows of its width, shaped on many real rows, each a product with its own code', async () => {
    const { header, rows, mapped, bytesPerRow } = await generated({ rows: 1000, firstCode: 7 });
    expect(header.join('\t')).toBe(readFileSync(csvSample, 'utf8').split(/\r?\n/, 1)[0]);
    expect(header.length).toBeGreaterThan(200);
    expect(rows.every((values) => values.length === header.length)).toBe(true);
    expect(bytesPerRow).toBeGreaterThan(2_500);
    expect(mapped.every((row) => row.kind === 'product')).toBe(true);
    const codes = mapped.map((row) => (row.kind === 'product' ? row.source.code : ''));
    expect(codes[0]).toBe(generatedCode(0, 7));
    expect(new Set(codes).size).toBe(1000);
    const brands = new Set(mapped.map((row) => (row.kind === 'product' ? row.source.brand : null)));
    expect(brands.size).toBeGreaterThan(100);
  });

  it('give every row an English ingredient list by default (the analyser worst case)', async () => {
    expect(englishShare((await generated({ rows: 300 })).mapped)).toBe(1);
  });

  it('give about half the rows an English list when asked, like a UK or US export; the rest keep their real lists', async () => {
    const { mapped } = await generated({ rows: 2000, englishShare: 0.5 });
    expect(englishShare(mapped)).toBeGreaterThanOrEqual(0.5);
    expect(englishShare(mapped)).toBeLessThan(0.53);
    const reasons = new Set(mapped.map((row) => row.kind === 'product' && row.source.unratedReason));
    expect(reasons).toEqual(new Set([null, 'ingredients not in English', 'no ingredients']));
  });

  it('make the rows `changed` selects newer by `newerBy`', async () => {
    const options = { rows: 20, changed: (row: number) => row === 3, newerBy: 3600 };
    const [before, after] = [await generated({ rows: 20 }), await generated(options)];
    const lastModified = ({ mapped }: { mapped: MappedRecord[] }) =>
      mapped.map((row) => (row.kind === 'product' ? row.source.lastModifiedT : 0));
    const diff = lastModified(after).map((t, row) => t - lastModified(before)[row]!);
    expect(diff).toEqual(Array.from({ length: 20 }, (_, row) => (row === 3 ? 3600 : 0)));
  });
});
