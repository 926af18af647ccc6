import sharp from 'sharp';
import type { LabelFixture } from './label-fixtures';

/** How a generated label looks and how badly the "camera" treated it. */
export interface LabelStyle {
  width: number;
  fontSize: number;
  /** Brand and product name in large type above the ingredients. */
  identity: boolean;
  /** The pack text that follows the ingredient list. */
  after: boolean;
  /** Long words that reach the end of a line are split with a hyphen, as printers do. */
  hyphenate: boolean;
  background: 'white' | 'grey';
  blurSigma: number;
  rotateDegrees: number;
  jpegQuality: number;
}

export const cleanStyle: LabelStyle = {
  width: 880,
  fontSize: 22,
  identity: true,
  after: true,
  hyphenate: false,
  background: 'white',
  blurSigma: 0,
  rotateDegrees: 0,
  jpegQuality: 90,
};

/** The label variants the OCR tests and the benchmark run; `degraded` ones have a lower accuracy bar. */
export const labelVariants: { name: string; degraded: boolean; style: LabelStyle }[] = [
  { name: 'clean', degraded: false, style: cleanStyle },
  { name: 'hyphenated line breaks', degraded: false, style: { ...cleanStyle, width: 640, hyphenate: true } },
  { name: 'small text', degraded: true, style: { ...cleanStyle, width: 430, fontSize: 11 } },
  { name: 'grey background', degraded: true, style: { ...cleanStyle, background: 'grey' } },
  { name: 'blurred', degraded: true, style: { ...cleanStyle, blurSigma: 1.2 } },
  { name: 'rotated 3 degrees', degraded: true, style: { ...cleanStyle, rotateDegrees: 3 } },
  { name: 'rotated -4.5 degrees', degraded: true, style: { ...cleanStyle, rotateDegrees: -4.5 } },
  { name: 'JPEG quality 40', degraded: true, style: { ...cleanStyle, jpegQuality: 40 } },
];

/** DejaVu Sans is wide: a generous average advance keeps wrapped lines inside the label. */
const AVERAGE_ADVANCE_EM = 0.62;
const HEADING = 'Ingredients:';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function splitForHyphen(word: string, room: number): [string, string] | null {
  const letters = /^[A-Za-z]+/.exec(word)?.[0] ?? '';
  const head = Math.min(room - 1, letters.length - 3);
  if (letters.length < 8 || head < 4) return null;
  return [`${word.slice(0, head)}-`, word.slice(head)];
}

/** Greedy word wrap; the first line starts after the bold heading. */
function wrap(text: string, maxChars: number, firstLineOffset: number, hyphenate: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  let room = maxChars - firstLineOffset;
  const words = text.split(' ');
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= room) {
      line = candidate;
      continue;
    }
    const split = hyphenate ? splitForHyphen(word, room - line.length - 1) : null;
    if (split) {
      lines.push(`${line} ${split[0]}`);
      line = split[1];
    } else {
      lines.push(line);
      line = word;
    }
    room = maxChars;
  }
  lines.push(line);
  return lines;
}

function labelSvg(fixture: LabelFixture, style: LabelStyle): string {
  const { width, fontSize } = style;
  const margin = Math.round(fontSize * 1.2);
  const lineHeight = Math.round(fontSize * 1.35);
  const maxChars = Math.floor((width - 2 * margin) / (fontSize * AVERAGE_ADVANCE_EM));
  const textColour = style.background === 'grey' ? '#2b2b2b' : '#111111';
  const rows: string[] = [];
  let y = margin;
  const text = (content: string, size: number, weight: 'normal' | 'bold') => {
    y += Math.round(size * 1.1);
    rows.push(`<text x="${margin}" y="${y}" font-size="${size}" font-weight="${weight}">${content}</text>`);
    y += Math.round(size * 0.35);
  };

  if (style.identity) {
    text(escapeXml(fixture.brandName), Math.round(fontSize * 1.4), 'bold');
    text(escapeXml(fixture.productName), Math.round(fontSize * 2.1), 'bold');
    y += fontSize;
  }
  const heading = fixture.heading ?? HEADING;
  wrap(fixture.ingredients, maxChars, heading.length + 1, style.hyphenate).forEach((line, index) => {
    const content =
      index === 0
        ? `<tspan font-weight="bold">${escapeXml(heading)}</tspan> ${escapeXml(line)}`
        : escapeXml(line);
    rows.push(`<text x="${margin}" y="${y + lineHeight}" font-size="${fontSize}">${content}</text>`);
    y += lineHeight;
  });
  if (style.after) {
    y += Math.round(fontSize * 0.6);
    for (const paragraph of fixture.after) {
      for (const line of wrap(paragraph, maxChars, 0, false)) {
        rows.push(
          `<text x="${margin}" y="${y + lineHeight}" font-size="${fontSize}">${escapeXml(line)}</text>`,
        );
        y += lineHeight;
      }
    }
  }
  const height = y + margin + Math.round(fontSize * 0.5);
  const background =
    style.background === 'grey'
      ? '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9c9c9"/><stop offset="1" stop-color="#8e8e8e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>'
      : '<rect width="100%" height="100%" fill="#ffffff"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background}<g font-family="DejaVu Sans" fill="${textColour}">${rows.join('')}</g></svg>`;
}

/** A photographed-looking JPEG of the fixture's label, rendered offline with sharp. */
export async function renderLabel(fixture: LabelFixture, style: LabelStyle): Promise<Buffer> {
  let image = sharp(Buffer.from(labelSvg(fixture, style)));
  if (style.rotateDegrees) {
    image = sharp(await image.png().toBuffer()).rotate(style.rotateDegrees, { background: '#ffffff' });
  }
  if (style.blurSigma) image = sharp(await image.png().toBuffer()).blur(style.blurSigma);
  return image.jpeg({ quality: style.jpegQuality }).toBuffer();
}

/** A plain image with no text at all. */
export function renderBlank(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The costliest photo to prepare for its size on the wire: a 1-bit PNG of a few kilobytes, mostly
 * paper with black rules every 120 px, that decodes to `width` × `height` pixels.
 */
export function renderHeavyBitmap(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y += 120) raw.fill(0, y * width, (y + 1) * width);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}
