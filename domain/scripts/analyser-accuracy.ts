/**
 * Prints, per Open Food Facts data set, the confusion matrix of the analyser's processing level
 * against OFF's NOVA group, the balanced accuracy and the per-class table (NOVA 1-2 → minimal,
 * 3 → moderate, 4 → high, balanced, NOVA 1-2 rated red): English lists; lists not in English as
 * imported (read from OFF's ingredient analysis: how many get a verdict, how many agree); the same
 * lists pasted as text, per language. Each non-English figure is given for the whole set, the
 * half rules were written from and the held-out half. Data: Open Food Facts (ODbL 1.0).
 * Run: npm run analyser:accuracy [-- --misses]
 */
import '../src/analyser/all-label-languages';
import {
  accuracyReport,
  analyseNovaProducts,
  analyseOffReadings,
  expectedLevel,
  formatClassTable,
  formatReport,
  isHeldOut,
  type NovaOutcome,
  type NovaProduct,
} from '../src/products/rating-accuracy';
import { LABEL_LANGUAGES, type LabelLanguage } from '../src/analyser/label-language';
import {
  loadNonEnglishNovaProducts,
  loadNovaDataSets,
  sharedOffDir,
  wholeListsReadByOff,
} from '../testing/accuracy-data';

const showMisses = process.argv.includes('--misses');
const READ_LANGUAGES = 'French, German, Spanish, Italian and Dutch';
const out = (text: string) => process.stdout.write(text);

function print(title: string, outcomes: NovaOutcome[], table = true): void {
  const report = accuracyReport(outcomes);
  out(`\n${formatReport(title, report)}\n${table ? `\n${formatClassTable(report)}\n` : ''}`);
  if (!showMisses) return;
  for (const o of outcomes) {
    const wrongLevel = o.level !== expectedLevel(o.product.nova);
    const wrongRed = o.product.nova <= 2 && o.rating === 'red';
    if (!wrongLevel && !wrongRed) continue;
    out(
      `  NOVA ${o.product.nova} → ${o.level}/${o.rating}  ${o.product.code} ${o.product.name}\n    ${o.product.ingredients.replace(/\s+/g, ' ').slice(0, 400)}\n`,
    );
  }
}

const halves = (products: readonly NovaProduct[]) =>
  [
    ['all', products],
    ['calibration half', products.filter((p) => !isHeldOut(p))],
    ['held-out half', products.filter(isHeldOut)],
  ] as const;

const sets = loadNovaDataSets();
if (sets.length === 0) {
  out(`No Open Food Facts data in ${sharedOffDir}: nothing to measure.\n`);
  process.exit(0);
}
out('# English lists\n');
const whole = wholeListsReadByOff(sets);
for (const set of whole ? [...sets, whole] : sets) print(set.name, analyseNovaProducts(set.products));

const foreign = loadNonEnglishNovaProducts();
out("\n# Lists not in English, imported: read from OFF's ingredient analysis\n");
for (const [half, products] of halves(foreign)) {
  const outcomes = analyseOffReadings(products);
  const share = products.length === 0 ? 0 : (100 * outcomes.length) / products.length;
  const agree = outcomes.filter((o) => o.level === expectedLevel(o.product.nova)).length;
  const agreement = outcomes.length === 0 ? 0 : (100 * agree) / outcomes.length;
  out(
    `\n${half}: ${outcomes.length} of ${products.length} get a verdict (${share.toFixed(1)}%), ${agree} agree with NOVA (${agreement.toFixed(1)}%)`,
  );
  print(`${half}, rated`, outcomes, false);
}

out(
  '\n# The same lists pasted as text, per language the analyser reads (others: lists it reads as English)\n',
);
const read = (p: NovaProduct) => LABEL_LANGUAGES.includes(p.language as LabelLanguage) && p.language !== 'en';
for (const [half, products] of halves(foreign)) {
  print(`${half}, ${READ_LANGUAGES}`, analyseNovaProducts(products.filter(read)));
  for (const language of LABEL_LANGUAGES.filter((l) => l !== 'en')) {
    const inLanguage = products.filter((p) => p.language === language);
    if (inLanguage.length > 0) print(`${half}, ${language}`, analyseNovaProducts(inLanguage), false);
  }
  const others = products.filter((p) => !read(p));
  if (others.length > 0) print(`${half}, other languages`, analyseNovaProducts(others), false);
}
