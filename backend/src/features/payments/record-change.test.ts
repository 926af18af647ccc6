import { describe, expect, it } from 'vitest';
import { nameBasedUuid } from './record-change';

describe('nameBasedUuid', () => {
  it('is a stable RFC 4122 version-5 UUID per name', () => {
    const id = nameBasedUuid('activated:sub_1:2026-01-01T00:00:00.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nameBasedUuid('activated:sub_1:2026-01-01T00:00:00.000Z')).toBe(id);
    expect(nameBasedUuid('activated:sub_2:2026-01-01T00:00:00.000Z')).not.toBe(id);
  });
});
