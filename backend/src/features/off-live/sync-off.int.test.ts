import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportTestDatabase, runImportCli, type Run } from '../../../testing/off-import-cli';
import {
  deltaName,
  offSampleDocuments,
  sampleDeltas,
  startOffStandIn,
  type OffStandIn,
} from '../../../testing/off-stand-in';

const DAY = 86_400;
const [OLDER, NEWER] = sampleDeltas(2);
const db = new ImportTestDatabase();
let off: OffStandIn;

beforeAll(async () => {
  off = await startOffStandIn({ deltas: [OLDER!, NEWER!] });
});

afterAll(async () => {
  await db.close();
  await off?.stop();
});

/** The stand-in is on loopback: a sync reaches it only when allowed. */
const sync = (options: Parameters<typeof runImportCli>[2] = {}, args = ['--allow-private-network']) =>
  runImportCli(db.url, args, {
    ...options,
    cli: 'sync-off',
    env: { OFF_STATIC_URL: off.url, OFF_CONTACT: 'mailto:off@labelwise.test', ...options.env },
  });

const textOf = (run: Run) => run.lines.map((line) => String(line.text)).join('\n');
const deltaDownloads = () => off.requests.filter((r) => r.path.startsWith('/data/delta/openfoodfacts_'));
/** Events besides the bookkeeping of runs and syncs. */
const catalogueEvents = () =>
  db.count(
    `select 1 from events where type not in ('ImportRunStarted', 'ImportRunFinished', 'OffSyncFinished')`,
  );

describe('npm run sync:off', () => {
  it('applies two deltas in name order, then a second sync applies nothing', async () => {
    await db.fresh();
    const first = await sync();
    expect(first.code, first.stderr).toBe(0);
    expect(first.lines.map((line) => String(line.text).split(':')[0])).toEqual([
      deltaName(OLDER!),
      deltaName(NEWER!),
      'Sync completed',
    ]);
    expect(textOf(first)).toMatch(/^Sync completed: applied 2 delta\(s\) \(100 rows read: \d+ new,/m);
    const products = await db.expectOneProductPerBarcode();
    expect(products).toBeGreaterThan(50);
    const events = await catalogueEvents();

    const downloads = deltaDownloads().length;
    const second = await sync();
    expect(second.code, second.stderr).toBe(0);
    expect(textOf(second)).toBe(
      'Nothing to apply: every delta Open Food Facts lists (2) was applied before.',
    );
    expect(deltaDownloads()).toHaveLength(downloads);
    expect(await catalogueEvents()).toBe(events);
  });

  it('says plainly that the full export is needed when the deltas no longer reach back to our last one', async () => {
    // Our last delta ended weeks before the oldest OFF still lists.
    const latest = Math.max(...NEWER!.map((doc) => Number(doc.last_modified_t)));
    const later = offSampleDocuments()
      .slice(0, 3)
      .map((doc, i) => ({ ...doc, last_modified_t: latest + 30 * DAY + i }));
    off.setDeltas([later]);
    try {
      const run = await sync();
      expect(run.code, run.stderr).toBe(0);
      expect(textOf(run)).toMatch(/^Sync completed: applied 1 delta\(s\) \(3 rows read: 0 new, 3 updated/m);
      expect(textOf(run)).toMatch(
        /Our last applied delta ends \d{4}-\d\d-\d\d, but the oldest delta Open Food Facts still lists starts \d{4}-\d\d-\d\d: the changes in between are in no delta any more\. The full export is needed: npm run import:off/,
      );
    } finally {
      off.setDeltas([OLDER!, NEWER!]);
    }
  });

  it(
    'resumes a killed sync from the delta it was applying: one product per barcode',
    { timeout: 180_000 },
    async () => {
      await db.fresh();
      // Each download waits, so the kill lands while the second delta is being fetched.
      off.fault('delta', { kind: 'slow', ms: 1500 });
      const killed = await sync({ killWhen: (line) => String(line.text).startsWith(deltaName(OLDER!)) });
      off.fault('delta', null);
      expect(killed.signal).toBe('SIGKILL');

      const resumed = await sync();
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(textOf(resumed)).toMatch(/^Sync completed: applied 1 delta\(s\), 1 applied before/m);
      expect(await db.expectOneProductPerBarcode()).toBeGreaterThan(50);
    },
  );

  it('keeps what a truncated delta held, stops there, and the next sync finishes it', async () => {
    await db.fresh();
    off.fault('delta', { kind: 'truncated-gzip' });
    const broken = await sync();
    off.fault('delta', null);
    expect(broken.code).toBe(130);
    expect(textOf(broken)).toMatch(/^Sync interrupted: applied 0 delta\(s\)/m);
    expect(textOf(broken)).toContain(`Stopped at ${deltaName(OLDER!)}: `);
    expect(deltaDownloads().at(-1)?.path).toContain(deltaName(OLDER!));

    const finished = await sync();
    expect(finished.code, finished.stderr).toBe(0);
    expect(textOf(finished)).toMatch(/^Sync completed: applied 2 delta\(s\)/m);
    await db.expectOneProductPerBarcode();
  });

  it('skips a malformed document and fails plainly when the index cannot be read', async () => {
    await db.fresh();
    off.fault('delta', { kind: 'malformed' });
    const malformed = await sync();
    off.fault('delta', null);
    expect(malformed.code, malformed.stderr).toBe(0);
    expect(textOf(malformed)).toMatch(
      /^Sync completed: applied 2 delta\(s\) \(102 rows read: .*, \d+ skipped\)/m,
    );

    for (const status of [404, 500]) {
      off.fault('index', { kind: 'status', status });
      const failed = await sync();
      expect(failed.code).toBe(1);
      expect(textOf(failed)).toContain(`Stopped at OFF's delta index answered HTTP ${status}.`);
    }
    off.fault('index', null);
  });

  it('reaches a loopback OFF only when allowed, by the flag or OFF_ALLOW_PRIVATE_NETWORK', async () => {
    await db.fresh();
    const before = off.requests.length;
    const refused = await sync({}, []);
    expect(refused.code).toBe(1);
    expect(textOf(refused)).toMatch(
      /Stopped at Refusing .*index\.txt: it leads to a loopback, private or link-local address/,
    );
    expect(off.requests.length).toBe(before);

    const allowed = await sync({ env: { OFF_ALLOW_PRIVATE_NETWORK: 'true' } }, []);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(textOf(allowed)).toMatch(/^Sync completed: applied 2 delta\(s\)/m);
  });

  it("follows no redirect off OFF's origin, for the index or a delta", async () => {
    const elsewhere = await startOffStandIn({ deltas: [OLDER!, NEWER!] });
    try {
      await db.fresh();
      off.fault('index', { kind: 'redirect', location: `${elsewhere.url}/data/delta/index.txt` });
      const index = await sync();
      off.fault('index', null);
      expect(index.code).toBe(1);
      expect(textOf(index)).toContain(`it leaves ${off.url}`);

      off.fault('delta', { kind: 'redirect', location: `${elsewhere.url}/data/delta/${deltaName(OLDER!)}` });
      const delta = await sync();
      off.fault('delta', null);
      expect(delta.code).not.toBe(0);
      expect(textOf(delta)).toContain(`it leaves ${off.url}`);
      expect(await catalogueEvents()).toBe(0);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.stop();
    }
  });
});
