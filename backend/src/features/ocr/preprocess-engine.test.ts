import { describe, expect, it } from 'vitest';
import { ImageRejected, preprocessForOcr, TOO_MANY_PIXELS_MESSAGE } from './preprocess';
import { startPreprocessEngine } from './preprocess-engine';
import { labelFixtures } from '../../../testing/label-fixtures';
import { cleanStyle, renderHeavyBitmap, renderLabel } from '../../../testing/label-images';

describe('startPreprocessEngine: preprocessing on a thread of its own', () => {
  it('prepares a photo exactly as preprocessForOcr does, and hands back its refusals as ImageRejected', async () => {
    const crashes: unknown[] = [];
    const engine = await startPreprocessEngine((error) => crashes.push(error));
    try {
      const photo = await renderLabel(labelFixtures[0]!, cleanStyle);
      const onThread = await engine.recognize({ image: photo, bands: 2 });
      expect(onThread.every((band) => Buffer.isBuffer(band))).toBe(true);
      expect(onThread).toEqual(await preprocessForOcr(photo, 2));

      const overCap = await engine
        .recognize({ image: await renderHeavyBitmap(4097, 100), bands: 1 })
        .catch((e) => e);
      expect(overCap).toBeInstanceOf(ImageRejected);
      expect(overCap).toMatchObject({ reason: 'too_many_pixels', message: TOO_MANY_PIXELS_MESSAGE });
      const notImage = await engine.recognize({ image: Buffer.from('<svg/>'), bands: 1 }).catch((e) => e);
      expect(notImage).toMatchObject({ name: 'ImageRejected', reason: 'not_an_image' });
      expect(crashes).toEqual([]);
    } finally {
      await engine.terminate();
    }
  });

  it('a thread that dies fails the job it ran at once and reports the crash', async () => {
    const crashes: unknown[] = [];
    const engine = await startPreprocessEngine((error) => crashes.push(error));
    const running = engine.recognize({ image: await renderHeavyBitmap(4096, 3072), bands: 1 });
    await engine.thread.terminate();
    await expect(running).rejects.toThrow(/exited/);
    expect(crashes).toHaveLength(1);
  });
});
