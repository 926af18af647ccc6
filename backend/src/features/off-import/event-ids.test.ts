import { describe, expect, it } from 'vitest';
import { importEventId, uuidV5 } from './event-ids';

describe('import event ids', () => {
  it('are RFC 9562 version 5 UUIDs (checked against the RFC example namespace)', () => {
    const dns = Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex');
    expect(uuidV5('www.example.com', dns)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('depend on code, last_modified_t, type and (for claims) the product id, and on nothing else', () => {
    const id = importEventId('3017620422003', 1700000000, 'ProductImported');
    expect(importEventId('3017620422003', 1700000000, 'ProductImported')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const others = [
      importEventId('3017620422004', 1700000000, 'ProductImported'),
      importEventId('3017620422003', 1700000001, 'ProductImported'),
      importEventId('3017620422003', 1700000000, 'ProductUpdatedFromSource'),
      importEventId('3017620422003', 1700000000, 'BarcodeClaimed', 7),
      importEventId('3017620422003', 1700000000, 'BarcodeClaimed', 8),
    ];
    expect(new Set([id, ...others]).size).toBe(6);
  });
});
