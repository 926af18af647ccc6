import { chromiumLaunchOptions } from '../chromium';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { labelFixtures } from '../../backend/testing/label-fixtures';
import { cleanStyle, renderLabel } from '../../backend/testing/label-images';

const FRAME = { width: 1280, height: 960 };
const FRAMES = 10;
export const videoDir = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  'artifacts',
  'camera',
);

/** Chromium's fake camera plays a .mjpeg file of concatenated JPEG frames in a loop. */
async function writeMjpeg(file: string, picture: Buffer) {
  const meta = await sharp(picture).metadata();
  const scale = Math.min(1, (FRAME.width - 80) / meta.width!, (FRAME.height - 80) / meta.height!);
  const fitted = await sharp(picture)
    .resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale))
    .png()
    .toBuffer();
  const frame = await sharp({ create: { ...FRAME, channels: 3, background: '#ffffff' } })
    .composite([{ input: fitted, gravity: 'center' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat(Array.from({ length: FRAMES }, () => frame)));
}

/** The ketchup label of the OCR fixtures, photographed by the fake camera. */
export const labelVideo = path.join(videoDir, 'ketchup-label.mjpeg');
export const ketchup = labelFixtures.find((fixture) => fixture.id === 'ketchup')!;
export async function writeLabelVideo() {
  await writeMjpeg(labelVideo, await renderLabel(ketchup, cleanStyle));
}

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = L.map((code) =>
  [...code]
    .map((bit) => (bit === '1' ? '0' : '1'))
    .reverse()
    .join(''),
);
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLG',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The module pattern of an EAN-13 code (quiet zones not included). */
export function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L[d] : G[d]))
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R[d])
    .join('');
  return `101${left}01010${right}101`;
}

/** An EAN-13 barcode as printed on a pack, 4 px per module with quiet zones. */
export function ean13Png(code: string): Promise<Buffer> {
  const modules = ean13Modules(code);
  const unit = 4;
  const quiet = 12 * unit;
  const width = modules.length * unit + 2 * quiet;
  const height = 260;
  const bars = [...modules]
    .map((bit, i) =>
      bit === '1' ? `<rect x="${quiet + i * unit}" y="20" width="${unit}" height="200"/>` : '',
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${bars}</g><text x="${width / 2}" y="250" font-family="DejaVu Sans" font-size="26" text-anchor="middle">${code}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Barcode of starter product 1 (Jumbo Rolled Oats). */
export const OATS_BARCODE = '5060412340014';
export const barcodeVideo = path.join(videoDir, 'oats-barcode.mjpeg');
export async function writeBarcodeVideo() {
  await writeEan13Video(barcodeVideo, OATS_BARCODE);
}

/** A fake-camera video filming the EAN-13 barcode `code`. */
export async function writeEan13Video(file: string, code: string) {
  await writeMjpeg(file, await ean13Png(code));
}

/** Chromium flags for a fake camera playing `file`, keeping the suite's browser. */
export const fakeCameraLaunchOptions = (file: string) => ({
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ],
});
