import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { secondsUntilUtcMidnight } from './daily-quota';
import { createOcrService, decodeBase64Image, InvalidImageUpload } from './ocr-service';
import { ImageRejected, MAX_IMAGE_BYTES, MAX_INPUT_SIDE } from './preprocess';
import { renderHeavyBitmap } from '../../../testing/label-images';

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

describe('createOcrService', () => {
  it('keeps its preprocessing thread through 8 photos refused before reading (#37.5)', async () => {
    const service = createOcrService({ poolSize: 1 });
    try {
      const refused = [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        Buffer.from('plain text, not a photo'),
        randomBytes(2048),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
        await renderHeavyBitmap(MAX_INPUT_SIDE + 1, 64),
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
          .tiff()
          .toBuffer(),
        Buffer.alloc(0),
      ];
      for (const photo of refused) await expect(service.read(photo)).rejects.toBeInstanceOf(ImageRejected);
      expect(service.preprocessing!.stats()).toMatchObject({ enginesStarted: 1, enginesReplaced: 0 });
      expect(service.pool.stats().enginesStarted).toBe(0);
    } finally {
      await service.close();
    }
  }, 30_000);
});

describe('secondsUntilUtcMidnight', () => {
  it('counts to the next UTC day', () => {
    expect(secondsUntilUtcMidnight(new Date('2026-03-14T23:59:30.000Z'))).toBe(30);
    expect(secondsUntilUtcMidnight(new Date('2026-03-14T00:00:00.000Z'))).toBe(86_400);
  });
});
