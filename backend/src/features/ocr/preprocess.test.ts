import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejected, preprocessForOcr } from './preprocess';
import { labelFixtures } from '../../../testing/label-fixtures';
import { cleanStyle, renderLabel } from '../../../testing/label-images';

const rejection = async (image: Buffer) => {
  try {
    await preprocessForOcr(image);
    return 'accepted';
  } catch (error) {
    return error instanceof ImageRejected ? error.reason : 'other';
  }
};

describe('preprocessForOcr', () => {
  it("applies EXIF orientation and returns greyscale PNGs with text rows of one size, whatever the photo's", async () => {
    const small = await renderLabel(labelFixtures[0]!, { ...cleanStyle, width: 430, fontSize: 11 });
    const sideways = await sharp(await sharp(small).rotate(90).toBuffer())
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const large = await renderLabel(labelFixtures[0]!, { ...cleanStyle, width: 1760, fontSize: 44 });
    const [fromSmall, fromLarge] = await Promise.all(
      [sideways, large].map(async (photo) => {
        const [page, ...others] = await preprocessForOcr(photo);
        expect(others).toEqual([]);
        return sharp(page).metadata();
      }),
    );
    for (const out of [fromSmall!, fromLarge!]) {
      expect(out.format).toBe('png');
      expect(out.channels).toBe(1);
      expect(out.width!).toBeGreaterThan(out.height!);
    }
    expect(fromSmall!.width).toBeGreaterThan(430); // upscaled
    expect(fromLarge!.width).toBeLessThan(1760 / 2); // downscaled
    expect(fromSmall!.width! / fromLarge!.width!).toBeCloseTo(1, 1);
  });

  it('cuts the page into bands between text lines when asked', async () => {
    const label = await renderLabel(labelFixtures[2]!, cleanStyle);
    const [whole] = await preprocessForOcr(label);
    const bands = await preprocessForOcr(label, 2);
    expect(bands).toHaveLength(2);
    const heights = await Promise.all(
      [whole!, ...bands].map(async (png) => (await sharp(png).metadata()).height!),
    );
    expect(heights[1]! + heights[2]!).toBeGreaterThan(heights[0]!);
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
