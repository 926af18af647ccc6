import { streams, isAvailableTo, productNotFound, scansThisMonth, userDecider } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import type { AppContext } from '../../http/context';
import { recentlyScanned, scannedProducts } from '@labelwise/projections/queries';
import { loadProduct } from '../products';

/** Read models a client refetches after a scan: its scan list, its monthly count, its profile. */
export const SCAN_READ_MODELS: readonly ProjectionName[] = [
  'user_scans',
  'monthly_scan_counts',
  'user_profiles',
];

/**
 * Each concurrent scan by the same user costs a retry of the others (one append wins per round),
 * so this covers dozens of simultaneous requests before answering 409 CONCURRENT_UPDATE.
 */
const SCAN_RETRIES = 60;

/** Recently scanned: distinct products, newest first. */
const RECENT_LIMIT = 20;
/** The most of a user's own scanned products one response lists. */
const HISTORY_LIMIT = 500;

/**
 * Records a scan against the month of the server's clock. The allowance is counted from the
 * user's own stream and the append uses the revision that was read, so concurrent scans can
 * never exceed it.
 */
export async function recordScan(
  ctx: AppContext,
  uid: string,
  scan: { productId: number; scannedAt: string },
) {
  if (!isAvailableTo(await loadProduct(ctx, scan.productId), uid)) throw productNotFound();
  const now = ctx.clock();
  const { state } = await runCommand(ctx, {
    decider: userDecider,
    stream: streams.user(uid),
    command: { type: 'RecordScan', uid, ...scan, now, scanLimit: ctx.env.SCAN_LIMIT },
    actor: uid,
    readModels: SCAN_READ_MODELS,
    now,
    maxRetries: SCAN_RETRIES,
  });
  return { ...scan, scansThisMonth: scansThisMonth(state, now) };
}

/**
 * Records that the user opened a product by its barcode: it joins their history, and uses none of
 * their allowance (`foldUser` counts analyses alone), whatever is left of it.
 */
export async function recordLookup(
  ctx: AppContext,
  uid: string,
  lookup: { productId: number; barcode: string; lookedUpAt: string },
) {
  if (!isAvailableTo(await loadProduct(ctx, lookup.productId), uid)) throw productNotFound();
  const { state } = await runCommand(ctx, {
    decider: userDecider,
    stream: streams.user(uid),
    command: { type: 'RecordLookup', uid, ...lookup, now: ctx.clock() },
    actor: uid,
    readModels: ['user_scans'],
    maxRetries: SCAN_RETRIES,
  });
  return { ...lookup, scansThisMonth: scansThisMonth(state, ctx.clock()) };
}

/** The user's scanned products, each once with its latest scan, newest first. */
export function listScannedProducts(ctx: Pick<AppContext, 'reads'>, uid: string) {
  return scannedProducts(ctx.reads, uid, HISTORY_LIMIT);
}

/** Everyone's latest scans of catalogue products, one card per product, newest first. */
export function listRecentlyScanned(ctx: Pick<AppContext, 'reads'>) {
  return recentlyScanned(ctx.reads, RECENT_LIMIT);
}
