import { describe, expect, it } from 'vitest';
import { secondsUntilUtcMidnight } from './daily-quota';
import { decodeBase64Image, InvalidImageUpload } from './ocr-service';
import { MAX_IMAGE_BYTES } from './preprocess';

const reason = (value: string) => {
  try {
    decodeBase64Image(value);
    return 'ok';
  } catch (error) {
    return error instanceof InvalidImageUpload ? error.reason : 'other';
  }
};

describe('decodeBase64Image', () => {
  it('decodes base64 with or without a data URL prefix and line breaks', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(decodeBase64Image(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeBase64Image(`data:image/jpeg;base64,${bytes.toString('base64')}`)).toEqual(bytes);
    expect(decodeBase64Image(bytes.toString('base64').replace(/(.{4})/, '$1\n'))).toEqual(bytes);
  });

  it('refuses empty, non-base64 and over-8 MB uploads before decoding them', () => {
    expect(reason('')).toBe('empty');
    expect(reason('not base64 at all!')).toBe('not_base64');
    expect(reason('abcde')).toBe('not_base64');
    expect(reason('A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8))).toBe('too_large');
    expect(reason('A'.repeat(Math.floor((MAX_IMAGE_BYTES * 4) / 3)))).toBe('ok');
  });
});

describe('secondsUntilUtcMidnight', () => {
  it('counts to the next UTC day', () => {
    expect(secondsUntilUtcMidnight(new Date('2026-03-14T23:59:30.000Z'))).toBe(30);
    expect(secondsUntilUtcMidnight(new Date('2026-03-14T00:00:00.000Z'))).toBe(86_400);
  });
});
