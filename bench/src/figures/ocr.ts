import os from 'node:os';
import { labelFixtures, labelVariants, renderLabel } from '@labelwise/backend/testing';
import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { fmt, percentile, round } from '../support';
import { readAccuracy } from './ocr-accuracy';
import { plainReader, serviceReader, type LabelReader } from './ocr-readers';

interface LabelImage {
  name: string;
  image: Buffer;
  ingredients: string;
}

/** Every fixture in every variant (clean, small, grey, blurred, rotated, JPEG 40...), or `count` of them spread out. */
async function labelImages(count: number): Promise<LabelImage[]> {
  const all = labelFixtures.flatMap((fixture) => labelVariants.map((variant) => ({ fixture, variant })));
  const step = all.length / Math.min(count, all.length);
  const chosen = Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)]!);
  return Promise.all(
    chosen.map(async ({ fixture, variant }) => ({
      name: `${fixture.id} / ${variant.name}`,
      image: await renderLabel(fixture, variant.style),
      ingredients: fixture.ingredients,
    })),
  );
}

interface ReadStats {
  p50Ms: number;
  p95Ms: number;
  imagesPerSecond: number;
  accuracy: number;
}

/** Reads every image, `concurrency` at a time: latency per image, images per second, mean accuracy. */
async function readAll(reader: LabelReader, images: LabelImage[], concurrency: number): Promise<ReadStats> {
  const latencies: number[] = [];
  const accuracies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < images.length; i = next++) {
        const t0 = performance.now();
        const text = await reader.read(images[i]!.image);
        latencies.push(performance.now() - t0);
        accuracies.push(readAccuracy(images[i]!.ingredients, text));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    imagesPerSecond: round(images.length / seconds, 2),
    accuracy: round((accuracies.reduce((a, b) => a + b, 0) / accuracies.length) * 100, 1),
  };
}

const describe = (s: ReadStats) =>
  `p50 ${fmt(s.p50Ms)} ms, p95 ${fmt(s.p95Ms)} ms, ${s.imagesPerSecond} images/s, accuracy ${s.accuracy}%`;

/** Label photos through our OCR setup (one engine, then a pool) and through plain tesseract.js defaults. */
export const ocrSection: Section = {
  id: 'ocr',
  title: '6. OCR',
  async run(ctx, notes) {
    const poolSize = Math.max(1, Math.min(16, os.availableParallelism()));
    ctx.progress(`rendering ${ctx.sizes.ocrImages} label images`);
    const images = await labelImages(ctx.sizes.ocrImages);
    const warm = images[0]!.image;

    ctx.progress(`plain tesseract.js: ${images.length} images, one at a time`);
    const plain = await plainReader();
    let peer: ReadStats;
    try {
      await plain.read(warm);
      peer = await readAll(plain, images, 1);
    } finally {
      await plain.close();
    }

    ctx.progress(
      `ours: the OCR service with a pool of ${poolSize}, one image at a time, then ${poolSize * 2} at once`,
    );
    const ours = await serviceReader(poolSize);
    let single: ReadStats;
    let pooled: ReadStats;
    try {
      await Promise.all(Array.from({ length: poolSize }, () => ours.read(warm)));
      single = await readAll(ours, images, 1);
      pooled = await readAll(ours, images, poolSize * 2);
    } finally {
      await ours.close();
    }

    notes.push(
      `${images.length} generated label photos (backend/testing/label-images.ts: ${labelFixtures.length} labels × ${labelVariants.length} variants: clean, hyphenated, small text, grey, blurred, rotated, JPEG 40${images.length < labelFixtures.length * labelVariants.length ? ', a spread subset with --quick' : ''}). Accuracy: character accuracy of the label's ingredient list as found in the page text (1 − edits / length against its closest substring), averaged over the images. "Ours" is the production path behind POST /api/process-image (backend/src/features/ocr/ocr-service.ts: sharp preprocessing that straightens the page, scales its text rows to 13 px and squeezes wide letters (to at most 80 % of their width: tesseract's LSTM time goes with the width of a line at its fixed input height), then the supervised pool of ${poolSize} tesseract.js workers, one per core, LSTM-only best_int data, the page read as one block), timed up to the extracted result, and an unreadable verdict counts as nothing read; the peer is tesseract.js createWorker('eng') with its defaults (local copy of the same traineddata, no cache, one worker). Per-image latencies are with one image at a time: ours then cuts each photo between text lines into one band per idle worker (${poolSize}) and reads the bands side by side, so it uses ${poolSize} cores where the peer uses one, and gains from it only as far as the machine's other cores are free. Images/s for the pool with ${poolSize * 2} images in flight, where a photo is read whole (one job) whenever no worker is idle.`,
    );
    const rows: Row[] = [
      {
        measure: 'per label image, one at a time',
        ours: describe(single),
        peer: `plain tesseract.js: ${describe(peer)}`,
        ratio: round(peer.p50Ms / single.p50Ms, 2),
        values: {
          p50Ms: single.p50Ms,
          p95Ms: single.p95Ms,
          accuracy: single.accuracy,
          peerP50Ms: peer.p50Ms,
          peerP95Ms: peer.p95Ms,
          peerAccuracy: peer.accuracy,
        },
      },
      {
        measure: `pool throughput (${poolSize} workers)`,
        ours: describe(pooled),
        peer: `plain tesseract.js (one worker): ${peer.imagesPerSecond} images/s, accuracy ${peer.accuracy}%`,
        ratio: round(pooled.imagesPerSecond / peer.imagesPerSecond, 2),
        values: {
          imagesPerSecond: pooled.imagesPerSecond,
          accuracy: pooled.accuracy,
          peerImagesPerSecond: peer.imagesPerSecond,
        },
      },
    ];
    return rows;
  },
};
