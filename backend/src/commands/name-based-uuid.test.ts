import { describe, expect, it } from 'vitest';
import { nameBasedUuid } from './name-based-uuid';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('nameBasedUuid', () => {
  it('is the RFC 4122 version-5 UUID (the well-known value for www.example.com in the DNS namespace)', () => {
    expect(nameBasedUuid('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is stable per name and namespace', () => {
    const id = nameBasedUuid('activated:sub_1:2026-01-01T00:00:00.000Z', DNS_NAMESPACE);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nameBasedUuid('activated:sub_1:2026-01-01T00:00:00.000Z', DNS_NAMESPACE)).toBe(id);
    expect(nameBasedUuid('activated:sub_2:2026-01-01T00:00:00.000Z', DNS_NAMESPACE)).not.toBe(id);
    expect(nameBasedUuid('activated:sub_1:2026-01-01T00:00:00.000Z', id)).not.toBe(id);
  });
});
