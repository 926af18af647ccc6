import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkewDegrees, ImageRejected, preprocessForOcr } from './preprocess';
import { labelFixtures } from './testing/label-fixtures';
import { cleanStyle, renderLabel } from './testing/label-images';

const raw = async (image: Buffer) => {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
};

const rejection = async (image: Buffer) => {
  try {
    await preprocessForOcr(image);
    return 'accepted';
  } catch (error) {
    return error instanceof ImageRejected ? error.reason : 'other';
  }
};

describe('preprocessForOcr', () => {
  it.each([0, 3, -4.5, 7])('measures a page rotated by %s°', async (degrees) => {
    const label = await renderLabel(labelFixtures[2]!, { ...cleanStyle, rotateDegrees: degrees });
    expect(estimateSkewDegrees(await raw(label))).toBeCloseTo(degrees, 0);
  });

  it('applies EXIF orientation, upscales small pages and returns a greyscale PNG', async () => {
    const label = await renderLabel(labelFixtures[0]!, { ...cleanStyle, width: 430, fontSize: 11 });
    const sideways = await sharp(await sharp(label).rotate(90).toBuffer())
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const out = await sharp(await preprocessForOcr(sideways)).metadata();
    expect(out.format).toBe('png');
    expect(out.channels).toBe(1);
    expect(out.width).toBeGreaterThan(430 * 1.6); // upscaled, then its white margins cropped
    expect(out.width!).toBeGreaterThan(out.height!);
  });

  it('refuses what is not a JPEG, PNG or WebP photo, and absurd dimensions from the header', async () => {
    expect(await rejection(Buffer.from('hello'))).toBe('not_an_image');
    expect(
      await rejection(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')),
    ).toBe('not_an_image');
    const small = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    const huge = Buffer.from(small);
    huge.writeUInt16BE(60_000, sof + 5);
    huge.writeUInt16BE(60_000, sof + 7);
    expect(await rejection(huge)).toBe('too_many_pixels');
  });
});
