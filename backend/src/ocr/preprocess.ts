import sharp, { type Metadata } from 'sharp';

/** Decoded photos above this are refused (spec photos are ≤ 1200 px JPEGs, far below it). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Refused from the header, before any pixel is decoded: a 1×1 JPEG can claim 65535×65535. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Pages narrower than this are upscaled to `UPSCALED_WIDTH`: LSTM reads best at 20-30 px letters. */
const UPSCALE_BELOW = 700;
const UPSCALED_WIDTH = 1000;
const MAX_UPSCALE = 2.5;
/** Larger photos are scaled down: OCR time grows with pixels, letters stay big enough. */
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

const tooManyPixels = () =>
  new ImageRejected(
    'too_many_pixels',
    'The image has too many pixels. Please send a photo of at most 40 megapixels.',
  );

/**
 * Makes a photo easy to read for tesseract: EXIF orientation applied, greyscale, contrast
 * stretched, small text upscaled, large photos downscaled, uniform borders cropped, a white
 * margin added. Returns a lossless greyscale PNG. Throws `ImageRejected` for anything that
 * is not a JPEG, PNG or WebP photo of sane dimensions.
 */
export async function preprocessForOcr(input: Buffer): Promise<Buffer> {
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
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw tooManyPixels();
  }
  // EXIF orientations 5-8 swap width and height.
  const [width, height] =
    (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  const longest = Math.max(width, height);
  const scale =
    longest > MAX_SIDE
      ? MAX_SIDE / longest
      : width < UPSCALE_BELOW
        ? Math.min(MAX_UPSCALE, UPSCALED_WIDTH / width)
        : 1;

  try {
    let image = sharp(input, options).rotate().greyscale();
    if (scale !== 1) {
      image = image.resize({ width: Math.round(width * scale), kernel: scale > 1 ? 'cubic' : 'lanczos3' });
    }
    // Intermediate steps pass raw greyscale pixels: no PNG encoding until the last step.
    const normalised = await image.normalise().raw().toBuffer({ resolveWithObject: true });
    const skew = estimateSkewDegrees(normalised);
    const straight =
      Math.abs(skew) >= MIN_SKEW_DEGREES
        ? await sharp(normalised.data, { raw: normalised.info })
            .rotate(-skew, { background: '#ffffff' })
            .raw()
            .toBuffer({ resolveWithObject: true })
        : normalised;
    const trimmed = await trimBorders(straight);
    return await sharp(trimmed.data, { raw: trimmed.info })
      .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: '#ffffff' })
      .toColourspace('b-w')
      .withDensity(OCR_DPI)
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('not_an_image', 'The image could not be decoded. Please take the photo again.');
  }
}

/** Hand-held photos are a few degrees off; beyond this tesseract's line finder loses whole lines. */
const MAX_SKEW_DEGREES = 10;
const MIN_SKEW_DEGREES = 0.3;
const SKEW_SAMPLE_WIDTH = 600;

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Every `step`-th pixel of every `step`-th row, so the search stays a few milliseconds on large photos. */
function sampleForSkew({ data, info }: RawImage): RawImage {
  const step = Math.max(1, Math.floor(info.width / SKEW_SAMPLE_WIDTH));
  if (step === 1) return { data, info };
  const width = Math.floor(info.width / step);
  const height = Math.floor(info.height / step);
  const sampled = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      sampled[y * width + x] = data[(y * step * info.width + x * step) * info.channels]!;
  }
  return { data: sampled, info: { width, height, channels: 1 } };
}

/** How sharply dark pixels fall into rows when the page is read at `degrees`: higher is straighter. */
function rowScore(dark: Int32Array, count: number, degrees: number, columns: number, rows: number): number {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(columns * Math.abs(tan)) + 1;
  const histogram = new Float64Array(rows + 2 * offset);
  for (let i = 0; i < count; i++) {
    const x = dark[2 * i]!;
    const y = dark[2 * i + 1]!;
    histogram[Math.round(y - x * tan) + offset]! += 1;
  }
  let score = 0;
  for (let i = 1; i < histogram.length; i++) {
    const step = histogram[i]! - histogram[i - 1]!;
    score += step * step;
  }
  return score;
}

/**
 * The page's skew by projection profile: the angle at which the dark pixels' row histogram
 * has the sharpest edges (text lines and the gaps between them). Positive means text runs
 * downhill to the right. Works on a small copy, so it costs a few milliseconds.
 */
export function estimateSkewDegrees(image: RawImage): number {
  const { data, info } = sampleForSkew(image);
  const dark = new Int32Array(2 * info.width * info.height);
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width * info.channels + x * info.channels]! < 110) {
        dark[2 * count] = x;
        dark[2 * count + 1] = y;
        count++;
      }
    }
  }
  if (count < 50) return 0;
  let best = 0;
  let bestScore = rowScore(dark, count, 0, info.width, info.height);
  const search = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = rowScore(dark, count, degrees, info.width, info.height);
      if (score > bestScore) [best, bestScore] = [degrees, score];
    }
  };
  search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5);
  const coarse = best;
  search(coarse - 0.5, coarse + 0.5, 0.1);
  return Math.round(best * 10) / 10;
}

/** Crops uniform borders (table, rotated-photo corners); a page with nothing on it is left whole. */
async function trimBorders(image: RawImage): Promise<RawImage> {
  try {
    const { data, info } = await sharp(image.data, { raw: image.info })
      .trim({ threshold: 24 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    return image;
  }
}
