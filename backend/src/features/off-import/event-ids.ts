import { hash } from 'node:crypto';

/** This importer's UUID v5 namespace (itself a random UUID, fixed forever: ids must not change). */
const NAMESPACE = Buffer.from('6f1d3c2a9b8e4f7a8c5d2e1f0a9b8c7d', 'hex');

/**
 * RFC 9562 UUID version 5: SHA-1 of namespace + name. The one-shot `hash` costs about half of a
 * `createHash` object per id, which counts at two ids per imported product.
 */
export function uuidV5(name: string, namespace: Buffer = NAMESPACE): string {
  const digest = hash('sha1', Buffer.concat([namespace, Buffer.from(name, 'utf8')]), 'buffer');
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of an event the importer writes for one OFF record: the same record (code +
 * `last_modified_t`) always gives the same ids, so a batch appended again after a crash or a lost
 * connection is skipped by the store. `productId` is part of a barcode claim's id: a claim
 * for another product is a different event, which the claim's expected revision then refuses.
 */
export function importEventId(code: string, lastModifiedT: number, type: string, productId?: number): string {
  return uuidV5([code, lastModifiedT, type, productId ?? ''].join('\u0000'));
}
