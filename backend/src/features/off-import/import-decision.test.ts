import { describe, expect, it } from 'vitest';
import { importAction } from './import-decision';

describe('importAction', () => {
  it('imports the unknown, updates on a newer last_modified_t, leaves the same or older alone', () => {
    expect(importAction(null, 1700000000)).toBe('import');
    expect(importAction(undefined, 1700000000)).toBe('import');
    expect(importAction(1700000000, 1700000001)).toBe('update');
    expect(importAction(1700000000, 1700000000)).toBe('unchanged');
    expect(importAction(1700000000, 1600000000)).toBe('unchanged');
  });
});
