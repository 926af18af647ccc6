import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { ProductResponse } from '@labelwise/domain';
import { assessIngredients, canonicalBarcode } from '@labelwise/domain';
import { findProductByBarcode } from '@labelwise/projections/queries';
import { createIdAllocator } from '../../db/id-allocator';
import type { AppContext } from '../../http/context';
import { importBatch, type BatchContext, mapOffRecord } from '../off-import';
import { offUserAgent } from '../../config/off-env';
import { OffUnavailable, offReadApi, type OffProductAnswer } from './off-read-api';

/** The product OFF knows under a barcode, imported into our catalogue; null when there is none to show. */
export type LiveLookup = (code: string, req: Request) => Promise<ProductResponse | null>;

/** OFF knows products by their barcode: 8 to 14 digits (EAN-8 to GTIN-14). */
const OFF_BARCODE = /^\d{8,14}$/;

/** A barcode OFF does not know is not asked again for this long (people rescan a product). */
const NOT_FOUND_TTL_MS = 10 * 60_000;
const MINUTE_MS = 60_000;

/** A browser's speculative load (prefetch, prerender): nobody is looking at it yet. */
const isPrefetch = (req: Request) =>
  /prefetch|prerender/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''}`);

/**
 * Asks Open Food Facts about a barcode our catalogue does not know, once per real lookup by a
 * person: never for crawlers or prefetches, at most `OFF_LIVE_LOOKUPS_PER_MINUTE` a minute per
 * address (the client's, as `TRUST_PROXY` lets the API tell it) and `OFF_CALLS_PER_MINUTE` a
 * minute in all, a code OFF does not know not asked again for ten minutes, and one call for all who
 * look the same code up at once. What OFF knows is imported through the export's own mapping and
 * events (`ProductImported`, source format `live`) and shown as soon as the product cards have it.
 * OFF down, slow or refusing costs the lookup at most the read API's timeout: it answers null.
 * Null when `OFF_LIVE_LOOKUP` is off.
 */
export function createLiveLookup(
  ctx: AppContext,
  readApi: (code: string) => Promise<OffProductAnswer> = offReadApi({
    apiUrl: ctx.env.OFF_API_URL,
    userAgent: offUserAgent(ctx.env),
    allowPrivateNetwork: ctx.env.OFF_ALLOW_PRIVATE_NETWORK,
  }),
): LiveLookup | null {
  if (!ctx.env.OFF_LIVE_LOOKUP) return null;
  const notFound = new LRUCache<string, true>({ max: 10_000, ttl: NOT_FOUND_TTL_MS });
  const callsByAddress = new LRUCache<string, number>({ max: 50_000, ttl: MINUTE_MS });
  /** When each call of the last minute was made, oldest first: the process's budget. */
  const lastMinute: number[] = [];
  let warnedAt = -Infinity;
  const inFlight = new Map<string, Promise<ProductResponse | null>>();
  const batch: BatchContext = {
    db: ctx.db,
    store: ctx.store,
    ids: createIdAllocator(ctx.db),
    assess: assessIngredients,
  };

  /** Whether the address and the process may call OFF now; counts the call when they may. */
  const withinLimits = (req: Request) => {
    const address = req.ip ?? 'unknown';
    const calls = callsByAddress.get(address) ?? 0;
    const now = Date.now();
    while (lastMinute.length > 0 && lastMinute[0]! <= now - MINUTE_MS) lastMinute.shift();
    if (calls >= ctx.env.OFF_LIVE_LOOKUPS_PER_MINUTE) return false;
    if (lastMinute.length >= ctx.env.OFF_CALLS_PER_MINUTE) {
      if (now - warnedAt >= MINUTE_MS) {
        warnedAt = now;
        ctx.logger.warn(
          { budget: ctx.env.OFF_CALLS_PER_MINUTE },
          "OFF live lookup: this minute's calls to OFF are spent; answering from the catalogue only",
        );
      }
      return false;
    }
    // The count's minute starts with its first call (`noUpdateTTL` keeps that start).
    callsByAddress.set(address, calls + 1, { noUpdateTTL: calls > 0 });
    lastMinute.push(now);
    return true;
  };

  async function importFromOff(code: string): Promise<ProductResponse | null> {
    let answer: OffProductAnswer;
    try {
      answer = await readApi(code);
    } catch (error) {
      if (!(error instanceof OffUnavailable)) throw error;
      ctx.logger.warn({ code, reason: error.message }, 'OFF live lookup: no answer');
      return null;
    }
    const mapped = answer.kind === 'found' ? mapOffRecord({ kind: 'jsonl', line: 1, doc: answer.doc }) : null;
    if (!mapped || mapped.kind === 'skip') {
      notFound.set(code, true);
      return null;
    }
    const source = { ...mapped.source, sourceFormat: 'live' as const };
    const { position } = await importBatch(batch, [{ barcode: canonicalBarcode(source.code), source }], {
      actor: null,
      correlationId: randomUUID(),
      causationId: null,
      at: ctx.clock().toISOString(),
    });
    // The answer is read from the product cards: the one read model to wait for.
    if (position) await ctx.readYourWrites(['product_cards'], position);
    const product = await findProductByBarcode(ctx.db, code);
    // None after an import: we hold the product but do not show it (a moderator removed it).
    if (!product) notFound.set(code, true);
    return product ?? null;
  }

  return async (code, req) => {
    if (!OFF_BARCODE.test(code) || notFound.has(code)) return null;
    if (isbot(req.get('user-agent')) || isPrefetch(req)) return null;
    const pending = inFlight.get(code);
    if (pending) return pending;
    if (!withinLimits(req)) return null;
    const lookup = importFromOff(code).finally(() => inFlight.delete(code));
    inFlight.set(code, lookup);
    return lookup;
  };
}
