/**
 * Regenerates src/generated/*.ts from the Open Food Facts copies in off-source/.
 * Run: npx tsx reference-data/scripts/generate-off-data.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOffModules } from '../src/generator/render-off-modules';
import { openFoodFactsDir } from '../src/paths';

const generatedDir = join(import.meta.dirname, '..', 'src', 'generated');
const modules = renderOffModules({
  additivesCsv: readFileSync(join(openFoodFactsDir, 'additives.csv'), 'utf8'),
  novaMarkersJson: readFileSync(join(openFoodFactsDir, 'nova-markers.json'), 'utf8'),
});
for (const [file, content] of Object.entries(modules)) {
  writeFileSync(join(generatedDir, file), content);
  process.stdout.write(`wrote src/generated/${file}\n`);
}
