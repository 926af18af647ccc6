import { describe, expect, it } from 'vitest';
import { generateOffCsvLines } from './generate-off-csv';
import { mapOffRecord } from './map-record';

const FOREIGN = 'Farine de blé, sucre, huile de palme, sel, levure chimique, arôme naturel de vanille';

async function mappedRows(options: Parameters<typeof generateOffCsvLines>[0]) {
  const lines: string[] = [];
  for await (const line of generateOffCsvLines(options)) lines.push(line);
  const [header, ...rows] = lines.map((line) => line.split('\t'));
  return rows.map((values) =>
    mapOffRecord({
      kind: 'csv',
      line: 2,
      fields: Object.fromEntries(header!.map((c, i) => [c, values[i]!])),
    }),
  );
}

describe('generated OFF exports', () => {
  it('give every row an English ingredient list by default', async () => {
    const rows = await mappedRows({ rows: 50 });
    expect(rows.every((row) => row.kind === 'product' && row.source.ingredientsText)).toBe(true);
  });

  it('mix English, foreign and missing lists in the given proportions, without a language column', async () => {
    const rows = await mappedRows({
      rows: 1000,
      mix: { per: 10, english: 2, foreign: 3, foreignTexts: [FOREIGN] },
    });
    const reasons = rows.map((row) =>
      row.kind === 'product' ? (row.source.unratedReason ?? 'english') : row.reason,
    );
    const count = (reason: string) => reasons.filter((r) => r === reason).length;
    expect(count('english')).toBe(200);
    expect(count('ingredients not in English')).toBe(300);
    expect(count('no ingredients')).toBe(500);
  });

  it('spread the given category lists over the rows, none where a list is empty', async () => {
    const rows = await mappedRows({ rows: 1000, categoryTags: ['en:beverages,en:beers', ''] });
    const categories = rows.map((row) => (row.kind === 'product' ? row.source.categories.join(', ') : ''));
    const beers = categories.filter((c) => c === 'beverages, beers').length;
    expect(beers).toBeGreaterThan(400);
    expect(categories.filter((c) => c === '')).toHaveLength(1000 - beers);
  });

  it('spread category lists independently of the ingredient lists', async () => {
    const lists = Array.from({ length: 10 }, (_, i) => `en:kind-${i}`);
    const rows = await mappedRows({
      rows: 1000,
      mix: { per: 10, english: 1, foreign: 0, foreignTexts: [] },
      categoryTags: lists,
    });
    const english = rows.filter((row) => row.kind === 'product' && row.source.ingredientsText);
    const kinds = new Set(english.map((row) => row.kind === 'product' && row.source.categories[0]));
    expect(kinds.size).toBe(lists.length);
  });
});
