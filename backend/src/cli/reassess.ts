/**
 * Rates every product again with the analyser as it is now: `npm run reassess`, after an upgrade
 * that changed the analyser (products keep the verdict recorded when they were added, imported or
 * corrected). Appends a ProductReassessed event for each product whose verdict changes, nothing
 * for the others, so it may be run again at any time. Uses the database and event store `npm start`
 * uses, like the other tools (see cli-runtime); the projection worker shows the new
 * verdicts, and it prints what changed (each rating change, and how many kept their rating with a
 * new analysis). Ctrl-C stops after the page in hand (a re-run starts over and skips what is done).
 */
import { countAwaitingOffReading } from '../features/off-import';
import { reassessProducts, type ReassessProgress } from '../features/products';
import { EXIT, exitWhenDone, withCliRuntime } from './cli-runtime';

const describe = ({ checked, reassessed }: ReassessProgress) =>
  `${checked.toLocaleString('en-US')} rated products checked, ${reassessed.toLocaleString('en-US')} reassessed`;

/** One line per change, most frequent first: "  green → amber: 12". */
const changeLines = ({ changes }: ReassessProgress) =>
  Object.entries(changes)
    .sort(([, a], [, b]) => b - a)
    .map(([change, count]) => `  ${change}: ${count.toLocaleString('en-US')}\n`)
    .join('');

/** What reassess cannot do: products imported Unrated before OFF's reading of lists not in English was kept. */
const awaitingLine = (count: number) =>
  count === 0
    ? ''
    : `${count.toLocaleString('en-US')} ${count === 1 ? 'product was' : 'products were'} imported Unrated ` +
      `("ingredients not in English") before Open Food Facts' ingredient analysis was kept: reassess cannot ` +
      `rate them; importing an export again does (npm run import:off, the same file or a newer one), and ` +
      `npm run sync:off rates each one when Open Food Facts next changes it.\n`;

async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run reassess');
    return args.includes('--help') ? EXIT.completed : EXIT.usage;
  }
  const started = Date.now();
  return withCliRuntime('Stopping after the current page', async ({ db, store, signal }) => {
    const summary = await reassessProducts(
      { db, store, clock: () => new Date() },
      { signal, onProgress: (progress) => process.stdout.write(`${describe(progress)}\n`) },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${signal.aborted ? 'Stopped' : 'Done'}: ${describe(summary)} in ${seconds} s\n`);
    process.stdout.write(changeLines(summary));
    if (!signal.aborted) process.stdout.write(awaitingLine(await countAwaitingOffReading(db, store)));
    return signal.aborted ? EXIT.interrupted : EXIT.completed;
  });
}

exitWhenDone('reassess', main(process.argv.slice(2)));
