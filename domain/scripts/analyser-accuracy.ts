/**
 * Prints, per Open Food Facts data set, the confusion matrix of the analyser's processing level
 * against OFF's NOVA group, the balanced accuracy and the per-class table (NOVA 1-2 → minimal,
 * 3 → moderate, 4 → high, balanced, NOVA 1-2 rated red). Data: Open Food Facts (ODbL 1.0).
 * Run: npm run analyser:accuracy [-- --misses]
 */
import {
  accuracyReport,
  analyseNovaProducts,
  expectedLevel,
  formatClassTable,
  formatReport,
} from '../src/analyser/accuracy';
import { loadNovaDataSets, sharedOffDir, wholeListsReadByOff } from '../testing/accuracy-data';

const showMisses = process.argv.includes('--misses');
const sets = loadNovaDataSets();
if (sets.length === 0) {
  process.stdout.write(`No Open Food Facts data in ${sharedOffDir}: nothing to measure.\n`);
  process.exit(0);
}
const whole = wholeListsReadByOff(sets);
for (const set of whole ? [...sets, whole] : sets) {
  const outcomes = analyseNovaProducts(set.products);
  const report = accuracyReport(outcomes);
  process.stdout.write(`\n${formatReport(set.name, report)}\n\n${formatClassTable(report)}\n`);
  if (!showMisses) continue;
  for (const o of outcomes) {
    const wrongLevel = o.level !== expectedLevel(o.product.nova);
    const wrongRed = o.product.nova <= 2 && o.rating === 'red';
    if (!wrongLevel && !wrongRed) continue;
    process.stdout.write(
      `  NOVA ${o.product.nova} → ${o.level}/${o.rating}  ${o.product.code} ${o.product.name}\n    ${o.product.ingredients.replace(/\s+/g, ' ').slice(0, 400)}\n`,
    );
  }
}
