import { describe, expect, it } from 'vitest';
import { RATING_COLOURS } from './rating-display';

type Rgb = [number, number, number];

const channels = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb;
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const linearRgb = (hex: string) => channels(hex).map(linear) as Rgb;

/** Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB. */
const DICHROMACY: Record<'protanopia' | 'deuteranopia', number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
};
const simulate = (rgb: Rgb, matrix: number[][]) =>
  matrix.map((row) =>
    Math.min(1, Math.max(0, row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2])),
  ) as Rgb;

/** CIELAB (D65) of a linear RGB colour. */
function lab([r, g, b]: Rgb): Rgb {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
/** CIE76 colour difference: about 2.3 is just noticeable, above 40 reads as different colours. */
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]!));

const luminance = (hex: string) => {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** Page surfaces the rating text sits on (Chakra's bg, bg.subtle, bg.muted). */
const SURFACES = { light: ['#ffffff', '#fafafa', '#f4f4f5'], dark: ['#111111', '#18181b', '#27272a'] };
const { green, amber, red } = RATING_COLOURS;

describe('rating colours for colour-blind users', () => {
  for (const [kind, matrix] of Object.entries(DICHROMACY)) {
    it(`keeps Risk and Warning clearly apart under ${kind} (ΔE ≥ 40)`, () => {
      expect(
        deltaE(simulate(linearRgb(amber.solid), matrix), simulate(linearRgb(red.solid), matrix)),
      ).toBeGreaterThanOrEqual(40);
    });

    it(`keeps every pair of lamps apart under ${kind} (ΔE ≥ 20)`, () => {
      for (const [a, b] of [
        [green, amber],
        [green, red],
      ] as const)
        expect(
          deltaE(simulate(linearRgb(a.solid), matrix), simulate(linearRgb(b.solid), matrix)),
        ).toBeGreaterThanOrEqual(20);
    });
  }

  it('would catch the old orange next to red (the check can fail)', () => {
    const matrix = DICHROMACY.deuteranopia;
    expect(
      deltaE(simulate(linearRgb('#c2410c'), matrix), simulate(linearRgb('#b91c1c'), matrix)),
    ).toBeLessThan(20);
  });
});

describe('rating text contrast (WCAG AA, 4.5:1)', () => {
  for (const [tone, colours] of Object.entries(RATING_COLOURS)) {
    it(`${tone}: the label on its lamp or badge`, () => {
      expect(contrast(colours.onSolid, colours.solid)).toBeGreaterThanOrEqual(4.5);
    });

    it(`${tone}: rating text on the page, light and dark mode`, () => {
      for (const surface of SURFACES.light)
        expect(contrast(colours.fg.light, surface)).toBeGreaterThanOrEqual(4.5);
      for (const surface of SURFACES.dark)
        expect(contrast(colours.fg.dark, surface)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
