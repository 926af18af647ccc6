import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support';

/** A real product from the Open Food Facts sample shipped in reference-data. */
export interface SampleProduct {
  code: string;
  name: string;
  brand: string;
  ingredients: string;
  categories: string[];
}

interface OffLine {
  code: string;
  product_name?: string | null;
  brands?: string | null;
  ingredients_text?: string | null;
  categories_tags?: string[] | null;
}

export const SAMPLE_FILE = path.join(repoRoot, 'reference-data', 'off-source', 'products-sample.jsonl');

let cached: SampleProduct[] | undefined;

/** The sample products that have an ingredient list. */
export function sampleProducts(): SampleProduct[] {
  cached ??= fs
    .readFileSync(SAMPLE_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OffLine)
    .filter((p) => p.ingredients_text?.trim())
    .map((p) => ({
      code: p.code,
      name: p.product_name?.trim() || 'Unnamed product',
      brand: p.brands?.trim() || 'Unknown',
      ingredients: p.ingredients_text!.trim(),
      categories: (p.categories_tags ?? [])
        .map((c) => c.replace(/^[a-z]{2}:/, ''))
        .filter((c) => c !== 'null'),
    }));
  return cached;
}
