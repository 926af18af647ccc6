import { createHash } from 'node:crypto';

/** One review per user per product: its id is an opaque digest of both (no uid leaks through it). */
export function reviewIdFor(productId: number, uid: string): string {
  return createHash('sha256').update(`${productId}:${uid}`).digest('hex').slice(0, 20);
}

export const REVIEW_ID_PATTERN = /^[0-9a-f]{20}$/;
