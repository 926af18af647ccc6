import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Section } from '../core/section';
import { repoRoot } from '../support';

/** What the delivery spec's shared-link test attaches (e2e/tests/delivery.spec.ts). */
interface SharedLinkFigures {
  sharedMs: number;
  /** When the verdict (rating word and reason) was painted, in the same load. */
  sharedVerdictMs: number;
  sideBySideSharedMs: number;
  sideBySideGenericMs: number;
}

const SPEC_TEST = 'cold shared /product/1';
const FIGURES_ATTACHMENT = 'fast-3g-product.json';

interface JsonReport {
  suites: JsonSuite[];
}
interface JsonSuite {
  suites?: JsonSuite[];
  specs?: Array<{
    tests: Array<{ results: Array<{ attachments?: Array<{ name: string; body?: string }> }> }>;
  }>;
}

function findAttachment(suites: JsonSuite[]): string | undefined {
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          for (const attachment of result.attachments ?? [])
            if (attachment.name === FIGURES_ATTACHMENT && attachment.body) return attachment.body;
    const nested = findAttachment(suite.suites ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Runs the delivery spec's shared-link test (real Chromium on DevTools' Fast 3G, the whole stack
 * the e2e suite starts) on the consumer app as built in frontend/dist, and reads its figures.
 */
function measureSharedLink(progress: (message: string) => void): SharedLinkFigures {
  if (!fs.existsSync(path.join(repoRoot, 'frontend', 'dist', 'index.html')))
    throw new Error('the consumer app is not built: run npm run build first');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-delivery-')), 'report.json');
  progress('Playwright: delivery.spec.ts, the shared product link on Fast 3G');
  const run = spawnSync(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      'delivery.spec.ts',
      '-g',
      SPEC_TEST,
      '--reporter=json',
    ],
    { cwd: repoRoot, env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out }, stdio: ['ignore', 2, 2] },
  );
  try {
    const body = fs.existsSync(out)
      ? findAttachment((JSON.parse(fs.readFileSync(out, 'utf8')) as JsonReport).suites)
      : undefined;
    if (!body) throw new Error(`the delivery spec gave no figures (exit ${run.status})`);
    return JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as SharedLinkFigures;
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

const TARGET_MS = 1500;

/** A shared product link opened cold on a phone's network. */
export const deliverySection: Section = {
  id: 'delivery',
  title: '8. Shared product link',
  async run(ctx, notes) {
    const figures = measureSharedLink(ctx.progress);
    notes.push(
      "Chromium on DevTools' Fast 3G (562.5 ms per request, 1.44 Mbit/s down), no cache, no service worker: when the first level-1 heading (the product's name) and the verdict (its rating word and reason) are painted, in ms from the start of navigation. The peer is the same load of the generic page (the shell every route had before the server wrote the first view, the answer and the preloads), in the same run; for that pair both documents are answered by the test, so neither pays the document's round trip.",
    );
    return [
      {
        measure: 'cold /product/1 on Fast 3G: product name painted',
        ours: `${figures.sharedMs} ms (side by side: ${figures.sideBySideSharedMs} ms)`,
        peer: `generic page: ${figures.sideBySideGenericMs} ms`,
        ratio:
          Math.round((figures.sideBySideGenericMs / Math.max(1, figures.sideBySideSharedMs)) * 100) / 100,
        target: `≤ ${TARGET_MS.toLocaleString('en-GB')} ms`,
        met: figures.sharedMs <= TARGET_MS,
        values: { ...figures },
      },
      {
        measure: 'cold /product/1 on Fast 3G: verdict painted',
        ours: `${figures.sharedVerdictMs} ms (the name: ${figures.sharedMs} ms)`,
        peer: '',
        target: `≤ ${TARGET_MS.toLocaleString('en-GB')} ms`,
        met: figures.sharedVerdictMs <= TARGET_MS,
        values: { sharedVerdictMs: figures.sharedVerdictMs },
      },
    ];
  },
};
