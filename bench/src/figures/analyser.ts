import { analyseIngredients } from '@labelwise/domain';
import type { Section } from '../core/section';
import { sampleProducts } from '../dataset/sample-products';
import { fmt, percentile, round } from '../support';

const TARGET = 50_000;
const WARM_UP = 2_000;

/** Times `fn` over `count` lists taken round-robin: lists per second and per-list latencies. */
function timeLists(lists: string[], count: number, fn: (text: string) => unknown) {
  for (let i = 0; i < WARM_UP; i++) fn(lists[i % lists.length]!);
  const latencies = new Float64Array(count);
  let sink = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    if (fn(lists[i % lists.length]!)) sink++;
    latencies[i] = performance.now() - t0;
  }
  const seconds = (performance.now() - started) / 1000;
  if (sink < 0) throw new Error('unreachable');
  const sorted = [...latencies];
  return {
    perSecond: Math.round(count / seconds),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

/** The least any analyser does: lower-case, split into ingredients, spot E-numbers. A yardstick for the machine. */
function tokeniseOnly(text: string) {
  let eNumbers = 0;
  for (const part of text.toLowerCase().split(/[,;:()[\].]+/)) if (/\be\s?\d{3}/.test(part)) eNumbers++;
  return eNumbers + 1;
}

const us = (ms: number) => `${round(ms * 1000, 1)} µs`;

/** The ingredient analyser, synchronously on the main thread (one core), over the real sample products. */
export const analyserSection: Section = {
  id: 'analyser',
  title: '1. Analyser',
  async run(ctx, notes) {
    const lists = sampleProducts().map((p) => p.ingredients);
    const count = ctx.sizes.analyses;
    ctx.progress(`${fmt(count)} analyses over ${lists.length} real ingredient lists`);
    const ours = timeLists(lists, count, (text) => analyseIngredients(text));
    ctx.progress('the same lists through a bare tokeniser');
    const peer = timeLists(lists, count, tokeniseOnly);
    notes.push(
      `${lists.length} products of reference-data/off-source/products-sample.jsonl (${Math.round(lists.reduce((n, l) => n + l.length, 0) / lists.length)} characters on average) repeated to ${fmt(count)} analyses, one thread, latencies timed per list. The peer is a bare tokeniser (lower-case, split, E-number regex) over the same lists: a yardstick of the machine, so the ratio says what the full analysis costs over merely reading the text.`,
    );
    return [
      {
        measure: `lists/s on one core (${fmt(count)} analyses)`,
        ours: `${fmt(ours.perSecond)} lists/s (p50 ${us(ours.p50Ms)}, p99 ${us(ours.p99Ms)})`,
        peer: `bare tokeniser: ${fmt(peer.perSecond)} lists/s (p99 ${us(peer.p99Ms)})`,
        ratio: round(ours.perSecond / peer.perSecond, 2),
        target: `≥ ${fmt(TARGET)} lists/s`,
        met: ours.perSecond >= TARGET,
        values: {
          listsPerSecond: ours.perSecond,
          p50Ms: ours.p50Ms,
          p99Ms: ours.p99Ms,
          peerListsPerSecond: peer.perSecond,
        },
      },
    ];
  },
};
