import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bandCuts, letterAspect, measurePage } from './page-geometry';
import { labelFixtures } from '../../../testing/label-fixtures';
import { cleanStyle, renderLabel, type LabelStyle } from '../../../testing/label-images';

const rawLabel = async (style: LabelStyle) => {
  const label = await renderLabel(labelFixtures[2]!, style);
  const { data, info } = await sharp(label).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: 1 as const } };
};

describe('measurePage', () => {
  it.each([0, 3, -4.5, 7])('measures a page rotated by %s°', async (degrees) => {
    const page = await rawLabel({ ...cleanStyle, rotateDegrees: degrees });
    expect(measurePage(page).skewDegrees).toBeCloseTo(degrees, 0);
  });

  it('measures text rows in proportion to the type size', async () => {
    const body = measurePage(await rawLabel(cleanStyle)).rowHeight;
    const small = measurePage(await rawLabel({ ...cleanStyle, width: 430, fontSize: 11 })).rowHeight;
    expect(body).toBeGreaterThan(12);
    expect(body).toBeLessThan(26);
    expect(small / body).toBeCloseTo(0.5, 1);
  });

  it('finds nothing on a blank page', () => {
    const blank = {
      data: Buffer.alloc(300 * 200, 240),
      info: { width: 300, height: 200, channels: 1 as const },
    };
    expect(measurePage(blank)).toMatchObject({ skewDegrees: 0, rowHeight: 0 });
  });
});

describe('letterAspect', () => {
  it('measures how wide the letters are for their height', async () => {
    const page = await rawLabel(cleanStyle);
    const { data, info } = await sharp(page.data, { raw: page.info })
      .resize({ width: Math.round(page.info.width / 2), height: page.info.height, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const halved = letterAspect({
      data,
      info: { width: info.width, height: info.height, channels: info.channels },
    });
    expect(halved / letterAspect(page)).toBeCloseTo(0.5, 1);
    expect(
      letterAspect({ data: Buffer.alloc(300 * 200, 240), info: { width: 300, height: 200, channels: 1 } }),
    ).toBe(0);
  });
});

describe('bandCuts', () => {
  it('cuts between text lines, into bands with about as much text each', async () => {
    const page = await rawLabel(cleanStyle);
    const inkRows = (from: number, to: number) => {
      let ink = 0;
      for (let y = from; y < to; y++)
        for (let x = 0; x < page.info.width; x++) if (page.data[y * page.info.width + x]! < 128) ink++;
      return ink;
    };
    const [cut, ...more] = bandCuts(page, 2);
    expect(more).toEqual([]);
    expect(inkRows(cut!, cut! + 1)).toBe(0);
    const share = inkRows(0, cut!) / inkRows(0, page.info.height);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
    expect(bandCuts(page, 3)).toHaveLength(2);
    expect(bandCuts(page, 1)).toEqual([]);
  });
});
