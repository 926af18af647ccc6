import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** What the page fetched, by the Chrome DevTools Protocol: bytes on the wire (headers + body). */
interface Transfer {
  url: string;
  type: string;
  encoding: string;
  encodedBytes: number;
  /** Body bytes as sent (Content-Length); the rest of encodedBytes is the status line and headers. */
  bodyBytes: number;
  /** When it was requested and when its last byte arrived, in ms from the start of the load. */
  requestedMs: number;
  finishedMs: number;
}

/** DevTools' 'Fast 3G' preset. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

type Marked = Window & { headingPaintedMs?: number; verdictPaintedMs?: number; verdictGoneMs?: number };

/**
 * Runs in the page before its scripts: notes when the first level-1 heading and a product's verdict
 * (the server's first view, then the app's banner) are painted, in ms since navigation started (the
 * frame after they enter the DOM), and when a verdict once shown left the page. Exact, where
 * polling for it from the test would add up to a polling interval and the test's own round trips.
 */
function markHeadingPaint() {
  const marked = window as Marked;
  const paintedAt = (key: 'headingPaintedMs' | 'verdictPaintedMs') =>
    requestAnimationFrame(() => {
      marked[key] ??= Math.round(performance.now());
    });
  let heading = false;
  let verdict = false;
  const observer = new MutationObserver(() => {
    if (!heading && document.querySelector('h1')) {
      heading = true;
      paintedAt('headingPaintedMs');
    }
    const shown = !!document.querySelector('[data-first-banner], [data-testid="rating-banner"]');
    if (shown && !verdict) paintedAt('verdictPaintedMs');
    if (!shown && verdict) marked.verdictGoneMs ??= Math.round(performance.now());
    verdict = shown;
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Records every response of a cold load (empty cache, no service worker) until the network settles. */
async function coldLoad(page: Page, url: string, throttle = false) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  const responses = new Map<string, Omit<Transfer, 'encodedBytes' | 'finishedMs'>>();
  const requested = new Map<string, number>();
  const transfers: Transfer[] = [];
  // DevTools timestamps are seconds on a clock of their own: the first request is the origin.
  let origin: number | undefined;
  const sinceOrigin = (timestamp: number) => Math.round((timestamp - (origin ??= timestamp)) * 1000);
  cdp.on('Network.requestWillBeSent', (event) => {
    requested.set(event.requestId, sinceOrigin(event.timestamp));
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: headers['content-encoding'] ?? 'identity',
      bodyBytes: Number(headers['content-length'] ?? 0),
      requestedMs: requested.get(event.requestId) ?? 0,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response)
      transfers.push({
        ...response,
        encodedBytes: event.encodedDataLength,
        finishedMs: sinceOrigin(event.timestamp),
      });
  });
  await page.addInitScript(markHeadingPaint);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  const contentMs = await page
    .waitForFunction(() => (window as Marked).headingPaintedMs)
    .then((handle) => handle.jsonValue() as Promise<number>);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const verdict = await page.evaluate(() => ({
    paintedMs: (window as Marked).verdictPaintedMs ?? null,
    goneMs: (window as Marked).verdictGoneMs ?? null,
  }));
  return { transfers, contentMs, verdict };
}

const APP_FILES = new Set(['Document', 'Script', 'Stylesheet', 'Font']);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.use({ serviceWorkers: 'block' });

test('a cold load of / moves at most 200 KB of HTML, JS, CSS and fonts, brotli-compressed', async ({
  page,
}, testInfo) => {
  const { transfers } = await coldLoad(page, '/');
  const app = transfers.filter((t) => APP_FILES.has(t.type));
  const total = app.reduce((sum, t) => sum + t.encodedBytes, 0);
  const all = transfers.reduce((sum, t) => sum + t.encodedBytes, 0);
  const bodies = app.reduce((sum, t) => sum + t.bodyBytes, 0);
  const report = [
    ...app
      .sort((a, b) => b.encodedBytes - a.encodedBytes)
      .map((t) => `${kb(t.encodedBytes).padStart(9)}  ${t.encoding.padEnd(8)} ${new URL(t.url).pathname}`),
    `${kb(total).padStart(9)}  app files (HTML, JS, CSS, fonts) on the wire, ${app.length} responses`,
    `${kb(bodies).padStart(9)}  of which bodies (the rest is status lines and headers)`,
    `${kb(all).padStart(9)}  everything, API answers and images included`,
  ].join('\n');
  await testInfo.attach('cold-load-of-root.txt', { body: report, contentType: 'text/plain' });
  console.log(report);

  // Files under 512 bytes are not precompressed (vite-plugins/precompress.ts).
  for (const t of app.filter((t) => t.bodyBytes >= 512))
    expect(t.encoding, new URL(t.url).pathname).toBe('br');
  expect(total).toBeLessThanOrEqual(200 * 1024);
  expect(await otherPagesCode(page, transfers)).toEqual([]);
});

/** Words only the Learn page and the account deletion's code hold: a page that loads them loads their code. */
const OTHER_PAGES = ['Understanding E-numbers', 'keepReviews'];

/** The scripts of a load that hold another page's code, with the words that show it. */
async function otherPagesCode(page: Page, transfers: Transfer[]): Promise<string[]> {
  const found: string[] = [];
  for (const t of transfers.filter((t) => t.type === 'Script')) {
    const code = await (await page.request.get(t.url)).text();
    for (const words of OTHER_PAGES.filter((words) => code.includes(words)))
      found.push(`${new URL(t.url).pathname}: ${words}`);
  }
  return found;
}

/** A cold load on Fast 3G: when the first level-1 heading is painted, with the load's waterfall. */
async function fast3gReport(page: Page, url: string) {
  const { contentMs, transfers, verdict } = await coldLoad(page, url, true);
  const waterfall = transfers
    .sort((a, b) => a.requestedMs - b.requestedMs)
    .map(
      (t) =>
        `${String(t.requestedMs).padStart(6)} ${String(t.finishedMs).padStart(6)} ms ${kb(t.encodedBytes).padStart(9)}  ${new URL(t.url).pathname}`,
    );
  const report = [
    `${url}: level-1 heading painted ${contentMs} ms after navigation started, on Fast 3G${
      verdict.paintedMs === null ? '' : `, the verdict ${verdict.paintedMs} ms`
    }; ${kb(transfers.reduce((sum, t) => sum + t.encodedBytes, 0))} moved until the network settled`,
    'requested, finished, bytes on the wire:',
    ...waterfall,
  ].join('\n');
  console.log(report);
  return { contentMs, verdict, report, transfers };
}

// The issue's goal is content within 2.5 s. The chain is two round trips of 562 ms (HTML, then the
// two start-up chunks that hold Home) and about 190 KB at 1.44 Mbit/s, then parsing and rendering:
// 2.5-2.8 s on a shared machine. The test reports the figure with its waterfall and guards against
// a regression such as one more round trip before the heading (3.7 s when Home was a chunk of its own).
test('time to content of a cold / on Fast 3G (reported; guard at 3.5 s)', async ({ page }, testInfo) => {
  const { contentMs, report } = await fast3gReport(page, '/');
  await testInfo.attach('fast-3g.txt', { body: report, contentType: 'text/plain' });
  expect(contentMs).toBeLessThanOrEqual(3500);
});

test('cold loads of /scan and /product/1 are brotli too (figures reported)', async ({ page }, testInfo) => {
  const lines: string[] = [];
  for (const url of ['/scan', '/product/1']) {
    await page.context().clearCookies();
    const { transfers } = await coldLoad(page, url);
    const app = transfers.filter((t) => APP_FILES.has(t.type));
    for (const t of app.filter((t) => t.bodyBytes >= 512))
      expect(t.encoding, new URL(t.url).pathname).toBe('br');
    const total = app.reduce((sum, t) => sum + t.encodedBytes, 0);
    lines.push(`${kb(total).padStart(9)}  cold ${url}: ${app.length} app files on the wire`);
    // A guard well above today's figure, against a heavy import slipping into a start-up path.
    expect(total, url).toBeLessThanOrEqual(300 * 1024);
  }
  await testInfo.attach('cold-loads.txt', { body: lines.join('\n'), contentType: 'text/plain' });
  console.log(lines.join('\n'));
});

/**
 * A shared product link on Fast 3G. The server sends the product's name, brand, quantity and
 * verdict as the page's first view, its API answer and preloads of the product page's chunks. Beside it, in the same run, the peer: the
 * same load with the generic page every route had before. For that comparison both documents are
 * answered by the test (so neither pays the document's round trip on the throttled network).
 */
test('a cold shared /product/1 shows the product name and its verdict within 1.5 s on Fast 3G (beside the generic page)', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const shared = await fast3gReport(page, '/product/1');
  // The app has replaced the document's first view with its own: one heading, the product's name.
  await expect(page.getByTestId('rating-banner')).toContainText('Green');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Jumbo Rolled Oats']);
  // The product's answer came with the page, and the page's code with the start-up code; no other page's.
  const paths = shared.transfers.map((t) => new URL(t.url).pathname);
  expect(paths).not.toContain('/api/products/1');
  expect(paths.filter((p) => p.startsWith('/assets/product-page-'))).toHaveLength(1);
  expect(await otherPagesCode(page, shared.transfers)).toEqual([]);
  // The verdict came with the name, and stayed from then on (the loading screen shows it too).
  expect(shared.verdict.goneMs).toBeNull();

  const sideBySide = async (document: 'the shared page' | 'the generic page') => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const other = await context.newPage();
    await other.route('**/product/1', async (route) =>
      route.fulfill({
        response: await route.fetch(document === 'the generic page' ? { url: `${baseURL}/` } : {}),
      }),
    );
    const { contentMs } = await fast3gReport(other, '/product/1');
    await expect(other.getByRole('heading', { level: 1 }).first()).toHaveText('Jumbo Rolled Oats');
    await context.close();
    return contentMs;
  };
  const figures = {
    sharedMs: shared.contentMs,
    sharedVerdictMs: shared.verdict.paintedMs,
    sideBySideSharedMs: await sideBySide('the shared page'),
    sideBySideGenericMs: await sideBySide('the generic page'),
  };
  const comparison = [
    'level-1 heading with the product name painted, documents answered by the test:',
    `${String(figures.sideBySideSharedMs).padStart(6)} ms  the shared page`,
    `${String(figures.sideBySideGenericMs).padStart(6)} ms  the generic page`,
  ].join('\n');
  console.log(comparison);
  await testInfo.attach('fast-3g-product.txt', {
    body: `${shared.report}\n\n${comparison}`,
    contentType: 'text/plain',
  });
  // Read by the bench's report (bench/src/figures/delivery.ts).
  await testInfo.attach('fast-3g-product.json', {
    body: JSON.stringify(figures),
    contentType: 'application/json',
  });
  expect(shared.contentMs).toBeLessThanOrEqual(2500);
  expect(shared.verdict.paintedMs).toBeLessThanOrEqual(1500);
});
