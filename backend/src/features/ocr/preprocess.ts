import sharp, { type Metadata, type Sharp } from 'sharp';
import { bandCuts, inkBox, letterAspect, measurePage, type RawImage } from './page-geometry';

/** Decoded photos above this are refused (the app's photos are ≤ 1200 px JPEGs, far below it). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/**
 * Refused from the header, before any pixel is decoded: a 1×1 JPEG can claim 65535×65535, and an
 * 11 KB 1-bit PNG can hold 40 MP (seconds of decoding and a gigabyte in flight at 20 at once).
 * The app sends at most 1200 px; a full-size 12 MP phone photo (4032×3024) still fits.
 */
export const MAX_INPUT_SIDE = 4096;
export const MAX_INPUT_PIXELS = 4096 * 3072;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Text rows (ascenders to descenders) are scaled to about this height. Tesseract's LSTM reads
 * them as well as at twice the size, and its time grows with the pixels it is given.
 */
const TARGET_ROW_HEIGHT = 13;
const MAX_UPSCALE = 2.5;
const MIN_SCALE = 0.2;
/** Larger photos are scaled down before anything else: the page is measured on fewer pixels. */
const MAX_SIDE = 2400;
/**
 * Resolution written into the PNG. Raw pixels carry none (tesseract would read "25 dpi" and
 * warn); phone photos of a label are read like 300 dpi scans.
 */
const OCR_DPI = 300;
/** Tesseract finds text lines better with a quiet margin around them. */
const MARGIN = 16;

export class ImageRejected extends Error {
  constructor(
    readonly reason: 'not_an_image' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export const TOO_MANY_PIXELS_MESSAGE =
  'The image has too many pixels. Please send a photo of at most 4096 pixels on its longest side and 12.5 megapixels (4096 × 3072).';

const tooManyPixels = () => new ImageRejected('too_many_pixels', TOO_MANY_PIXELS_MESSAGE);

/**
 * Makes a photo easy to read for tesseract: EXIF orientation applied, greyscale, scaled so that
 * its text rows are `TARGET_ROW_HEIGHT` high, contrast stretched, straightened, cropped to its
 * ink, wide letters squeezed, a margin of its paper's grey added. Returns lossless greyscale
 * PNGs of up to `bands` horizontal bands of the page, cut between text lines, to be read side
 * by side. Throws `ImageRejected` for anything that is not a JPEG, PNG or WebP photo of sane
 * dimensions.
 */
export async function preprocessForOcr(input: Buffer, bands = 1): Promise<Buffer[]> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    // sharp reads the dimensions from the header and refuses before decoding a pixel.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new ImageRejected('not_an_image', 'The upload is not a readable image. Please send a JPEG photo.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new ImageRejected('not_an_image', 'The upload is not a readable image. Please send a JPEG photo.');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS || Math.max(meta.width, meta.height) > MAX_INPUT_SIDE) {
    throw tooManyPixels();
  }
  const longest = Math.max(meta.width, meta.height);

  try {
    let decoded = sharp(input, options).rotate().flatten({ background: '#ffffff' }).greyscale();
    if (longest > MAX_SIDE) decoded = decoded.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' });
    // Intermediate steps pass raw greyscale pixels: no PNG encoding until the last step.
    const page = await decoded.raw().toBuffer({ resolveWithObject: true });
    const { greys, skewDegrees, rowHeight } = measurePage(page);
    const scale = rowHeight ? Math.min(MAX_UPSCALE, Math.max(MIN_SCALE, TARGET_ROW_HEIGHT / rowHeight)) : 1;
    let image = sharp(page.data, { raw: page.info });
    if (Math.abs(scale - 1) > 0.05) {
      image = image.resize({
        width: Math.round(page.info.width * scale),
        kernel: scale > 1 ? 'cubic' : 'lanczos3',
      });
    }
    if (greys.light - greys.dark >= MIN_CONTRAST) {
      const gain = 255 / (greys.light - greys.dark);
      image = image.linear(gain, -greys.dark * gain);
    }
    if (Math.abs(skewDegrees) >= MIN_SKEW_DEGREES)
      image = image.rotate(-skewDegrees, { background: '#ffffff' });
    const straight = cropToInk(await greyPixels(image));
    const squeeze = letterSqueeze(straight);
    const parts = splitRows(straight, bandCuts(straight, bands));
    return await Promise.all(parts.map((part) => encodeForOcr(part, squeeze)));
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('not_an_image', 'The image could not be decoded. Please take the photo again.');
  }
}

/** A page whose greys span less than this is blank: stretching it would only raise noise. */
const MIN_CONTRAST = 32;
/** Below this the page is read as it is: tesseract copes, and a rotation blurs the letters. */
const MIN_SKEW_DEGREES = 0.3;

/** Crops the page to its ink (table, rotated-photo corners); a page with nothing on it is left whole. */
function cropToInk(image: RawImage): RawImage {
  const box = inkBox(image);
  if (!box) return image;
  const { width, channels } = image.info;
  const data = Buffer.alloc(box.width * box.height * channels);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * width + box.left) * channels;
    image.data.copy(data, y * box.width * channels, from, from + box.width * channels);
  }
  return { data, info: { ...image.info, width: box.width, height: box.height } };
}

/**
 * Letters about as narrow for their height as Helvetica's: wider ones are squeezed to this.
 * Tesseract scales every line to its network's input height, so its time goes with how wide
 * the letters are, and its LSTM reads them as well squeezed this far.
 */
const NARROW_LETTER_ASPECT = 0.55;
/** Letters are never squeezed more than this (stroke counts on blurred text make them look wider). */
const MIN_SQUEEZE = 0.8;

/** By how much to squeeze the page horizontally for its letters to be no wider than `NARROW_LETTER_ASPECT`. */
function letterSqueeze(image: RawImage): number {
  const aspect = letterAspect(image);
  return aspect ? Math.max(MIN_SQUEEZE, Math.min(1, NARROW_LETTER_ASPECT / aspect)) : 1;
}

/** sharp turns one-channel input into sRGB: a third of the bytes once it is brought back to grey. */
async function greyPixels(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: 1 } };
}

/** The rows of an image between the cuts, as separate images. */
function splitRows(image: RawImage, cuts: number[]): RawImage[] {
  const rowBytes = image.info.width * image.info.channels;
  const edges = [0, ...cuts, image.info.height];
  return edges.slice(1).map((end, i) => ({
    data: image.data.subarray(edges[i]! * rowBytes, end * rowBytes),
    info: { ...image.info, height: end - edges[i]! },
  }));
}

/** The most common grey level: the paper's. */
function paperLevel({ data, info }: RawImage): number {
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i += info.channels) counts[data[i]!]! += 1;
  return counts.indexOf(Math.max(...counts));
}

/**
 * The image squeezed horizontally by `squeeze`, in a margin of the paper's own grey: a white one
 * around grey paper makes tesseract's threshold lose the text.
 */
function encodeForOcr(image: RawImage, squeeze: number): Promise<Buffer> {
  const level = paperLevel(image);
  const { width, height } = image.info;
  let encoded = sharp(image.data, { raw: image.info });
  if (squeeze < 0.95) encoded = encoded.resize({ width: Math.round(width * squeeze), height, fit: 'fill' });
  return encoded
    .extend({
      top: MARGIN,
      bottom: MARGIN,
      left: MARGIN,
      right: MARGIN,
      background: { r: level, g: level, b: level },
    })
    .toColourspace('b-w')
    .withDensity(OCR_DPI)
    .png({ compressionLevel: 1 })
    .toBuffer();
}
