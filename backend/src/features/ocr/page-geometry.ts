/** Hand-held photos are a few degrees off; beyond this tesseract's line finder loses whole lines. */
const MAX_SKEW_DEGREES = 10;
const SAMPLE_WIDTH = 300;
/** Ink is darker than this share of the way from the darkest to the lightest grey of the page. */
const INK_SHARE = 0.43;
/** Histogram rows with fewer ink pixels than this share of the fullest row are gaps between lines. */
const GAP_SHARE = 0.05;

export interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export interface GreyRange {
  dark: number;
  light: number;
}

export interface PageGeometry {
  greys: GreyRange;
  /** Positive means text runs downhill to the right. */
  skewDegrees: number;
  /** Median height of the text rows in pixels of the image measured (ascenders to descenders); 0 without text. */
  rowHeight: number;
}

/** Every `step`-th pixel of every row: rows stay whole so that row heights keep their precision. */
function sample({ data, info }: RawImage): { image: RawImage; step: number } {
  const step = Math.max(1, Math.floor(info.width / SAMPLE_WIDTH));
  if (step === 1) return { image: { data, info }, step };
  const width = Math.floor(info.width / step);
  const sampled = Buffer.alloc(width * info.height);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < width; x++)
      sampled[y * width + x] = data[(y * info.width + x * step) * info.channels]!;
  }
  return { image: { data: sampled, info: { width, height: info.height, channels: 1 } }, step };
}

/** The page's 1st and 99th percentile greys: its ink and its paper, as contrast stretching sees them. */
function greyRange({ data, info }: RawImage): GreyRange {
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i += info.channels) counts[data[i]!]! += 1;
  const pixels = data.length / info.channels;
  const percentile = (share: number) => {
    for (let level = 0, seen = 0; level < 256; level++) {
      seen += counts[level]!;
      if (seen >= pixels * share) return level;
    }
    return 255;
  };
  return { dark: percentile(0.01), light: percentile(0.99) };
}

/** The grey level below which a pixel is ink. */
const inkLevel = ({ dark, light }: GreyRange) => dark + (light - dark) * INK_SHARE;

/** Ink pixels as (x, y) pairs, x in pixels of the page sampled every `step` columns. */
function inkPixels(image: RawImage, step: number, level: number): { points: Int32Array; count: number } {
  const { data, info } = image;
  const points = new Int32Array(2 * info.width * info.height);
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width * info.channels + x * info.channels]! < level) {
        points[2 * count] = x * step;
        points[2 * count + 1] = y;
        count++;
      }
    }
  }
  return { points, count };
}

/** Ink pixels per row when the page is read along lines sloping by `degrees`. */
function rowHistogram(ink: ReturnType<typeof inkPixels>, degrees: number, page: RawImage): Float64Array {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(page.info.width * Math.abs(tan)) + 1;
  const histogram = new Float64Array(page.info.height + 2 * offset);
  for (let i = 0; i < ink.count; i++) {
    histogram[Math.round(ink.points[2 * i + 1]! - ink.points[2 * i]! * tan) + offset]! += 1;
  }
  return histogram;
}

/** How sharp the edges between text rows and gaps are: highest when the angle follows the lines. */
function edgeSharpness(histogram: Float64Array): number {
  let score = 0;
  for (let i = 1; i < histogram.length; i++) {
    const step = histogram[i]! - histogram[i - 1]!;
    score += step * step;
  }
  return score;
}

/** Median length of the runs of inked rows. */
function medianRunLength(histogram: Float64Array): number {
  const gap = Math.max(...histogram) * GAP_SHARE;
  const runs: number[] = [];
  let run = 0;
  for (const ink of [...histogram, 0]) {
    if (ink > gap) run++;
    else if (run) {
      runs.push(run);
      run = 0;
    }
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? 0;
}

/**
 * The page's skew and text size by projection profile: the skew is the angle at which the
 * ink's row histogram has the sharpest edges (text lines and the gaps between them), and the
 * text size is the median height of the inked runs at that angle. Works on a small copy, so it
 * costs a few milliseconds.
 */
export function measurePage(page: RawImage): PageGeometry {
  const { image, step } = sample(page);
  const greys = greyRange(image);
  const ink = inkPixels(image, step, inkLevel(greys));
  if (ink.count < 50) return { greys, skewDegrees: 0, rowHeight: 0 };
  let best = 0;
  let bestScore = edgeSharpness(rowHistogram(ink, 0, page));
  const search = (from: number, to: number, by: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += by) {
      const score = edgeSharpness(rowHistogram(ink, degrees, page));
      if (score > bestScore) [best, bestScore] = [degrees, score];
    }
  };
  search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5);
  const coarse = best;
  search(coarse - 0.5, coarse + 0.5, 0.1);
  return {
    greys,
    skewDegrees: Math.round(best * 10) / 10,
    rowHeight: medianRunLength(rowHistogram(ink, best, page)),
  };
}

interface TextRow {
  top: number;
  bottom: number;
  /** Columns of the row's leftmost and rightmost ink. */
  left: number;
  right: number;
  /** Strokes crossed along the row's pixel lines, per pixel line: about its number of letters. */
  letters: number;
}

/** Runs of pixel lines with ink, each with about how much text it holds. */
function textRows(image: RawImage): TextRow[] {
  const { data, info } = image;
  const level = inkLevel(greyRange(image));
  const rows: TextRow[] = [];
  let current: TextRow | null = null;
  for (let y = 0; y < info.height; y++) {
    let strokes = 0;
    let [left, right] = [info.width, -1];
    for (let x = 0, inInk = false; x < info.width; x++) {
      const ink = data[(y * info.width + x) * info.channels]! < level;
      if (ink && !inInk) strokes++;
      if (ink) [left, right] = [Math.min(left, x), x];
      inInk = ink;
    }
    if (strokes && !current) current = { top: y, bottom: y, left, right, letters: 0 };
    if (strokes && current) {
      current.bottom = y;
      current.left = Math.min(current.left, left);
      current.right = Math.max(current.right, right);
      current.letters += strokes;
    }
    if (!strokes && current) {
      rows.push(current);
      current = null;
    }
  }
  if (current) rows.push(current);
  for (const row of rows) row.letters /= row.bottom - row.top + 1;
  return rows;
}

/**
 * Width of a row once tesseract has scaled it to its network's fixed input height: its
 * recognition time goes with this.
 */
const lineLength = (row: TextRow) => (row.right - row.left + 1) / (row.bottom - row.top + 1);

/**
 * How wide the page's letters are for their height: the text rows' widths, each over its height,
 * per letter. 0 on a page without text.
 */
export function letterAspect(page: RawImage): number {
  const rows = textRows(page);
  const letters = rows.reduce((sum, row) => sum + row.letters, 0);
  return letters ? rows.reduce((sum, row) => sum + lineLength(row), 0) / letters : 0;
}

/**
 * Rows at which to cut the page into `bands` horizontal bands holding about as many letters
 * each (tesseract's time goes with the letters, not with how big they are printed). Every cut
 * is in the middle of an ink-free gap, so no letter is split; fewer cuts on a page with fewer
 * text rows than bands.
 */
export function bandCuts(page: RawImage, bands: number): number[] {
  const rows = textRows(page);
  const lettersAbove: number[] = [];
  rows.reduce((sum, row) => (lettersAbove.push(sum + row.letters), sum + row.letters), 0);
  const total = lettersAbove.at(-1) ?? 0;
  const cuts: number[] = [];
  let after = -1;
  for (let band = 1; band < bands; band++) {
    const share = (total * band) / bands;
    let best = -1;
    // A cut after row i (never after the last one), each cut below the one before.
    for (let i = after + 1; i < rows.length - 1; i++) {
      if (best < 0 || Math.abs(lettersAbove[i]! - share) < Math.abs(lettersAbove[best]! - share)) best = i;
    }
    if (best < 0) break;
    cuts.push(Math.floor((rows[best]!.bottom + rows[best + 1]!.top + 1) / 2));
    after = best;
  }
  return cuts;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest box holding all the ink, or null on a page without any. */
export function inkBox(page: RawImage): Box | null {
  const { data, info } = page;
  const level = inkLevel(greyRange(page));
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * info.channels]! >= level) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}
