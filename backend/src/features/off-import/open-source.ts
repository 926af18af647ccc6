import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { guardedGet } from './guarded-get';

export type SourceFormat = 'csv' | 'jsonl';

/** An opened OFF export: its decompressed bytes, what it is, and how far the read has got. */
export interface OpenedSource {
  /** What was asked for: a path, `-` for stdin, or the URL. */
  name: string;
  format: SourceFormat;
  gzipped: boolean;
  /** Decompressed bytes, streamed (read it once). */
  body: AsyncIterable<Buffer>;
  /** Size of the file or download as stored (compressed when gzipped), when known: for the ETA. */
  totalBytes: number | null;
  /** Stored bytes read so far (compressed when gzipped): compare with `totalBytes`. */
  bytesRead(): number;
  /** Stops reading early (the stream is also released when `body` is read to the end). */
  close(): void;
}

export interface OpenSourceOptions {
  /** Overrides detection. */
  format?: SourceFormat;
  /** The stream `-` reads; process.stdin by default. */
  stdin?: Readable;
  /**
   * Lets a URL (or a redirect) reach loopback, private, link-local and other non-public
   * addresses, which are refused by default: an export comes from the internet, and a URL
   * or redirect aimed inside the network the importer runs in is refused.
   */
  allowPrivateNetwork?: boolean;
  /** Follows redirects within this origin only (the delta sync: Open Food Facts' configured one). */
  origin?: string;
  /** A download that sends nothing for this long fails (60 s by default). */
  idleTimeoutMs?: number;
}

/**
 * The source broke while being read (a truncated gzip, a download cut off or stalled, a read
 * error): what was read before it is good, the rest never came. Not the export's fault, nor the
 * store's: the import keeps what it has and can be run again.
 */
export class SourceReadError extends Error {
  override name = 'SourceReadError';
}

/** A source that holds no Open Food Facts export (nothing, or neither format): refused before a run starts. */
export class NotAnExportError extends Error {
  override name = 'NotAnExportError';
  constructor(why: string) {
    super(`${why}: not an Open Food Facts export`);
  }
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const SNIFF_BYTES = 4096;
const IDLE_TIMEOUT_MS = 60_000;

export function isUrl(spec: string): boolean {
  return /^https?:\/\//i.test(spec);
}

/**
 * Format from a name: `.csv`, `.tsv`, `.jsonl`, `.ndjson`, `.json`, each optionally `.gz` (a URL's query
 * string is ignored). Null when the name says nothing.
 */
export function formatFromName(name: string): SourceFormat | null {
  const path = isUrl(name) ? new URL(name).pathname : name;
  const base = path.toLowerCase().replace(/\.gz$/, '');
  if (base.endsWith('.csv') || base.endsWith('.tsv')) return 'csv';
  // OFF's daily delta files are `mongoexport` output: one JSON document a line, named `.json.gz`.
  if (base.endsWith('.jsonl') || base.endsWith('.ndjson') || base.endsWith('.json')) return 'jsonl';
  return null;
}

export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
}

/**
 * Format from the first decompressed bytes: a JSONL export starts with `{`, OFF's CSV export with
 * its tab-separated header (`code\turl\t...`). Null when the bytes say neither.
 */
export function formatFromContent(head: Uint8Array): SourceFormat | null {
  let text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.trimStart();
  if (text.startsWith('{')) return 'jsonl';
  const firstLine = text.split('\n', 1)[0] ?? '';
  if (firstLine.includes('\t')) return 'csv';
  return null;
}

/** Reads at least `bytes` bytes (or everything) and hands back a stream that replays them first. */
export async function peek(
  source: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; stream: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(seen);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early releases the source (closes the file or the connection).
      if (!done) await iterator.return?.();
    }
  }
  return { head, stream: replay() };
}

interface RawSource {
  stream: Readable;
  totalBytes: number | null;
}

/** GETs an export by `guardedGet`'s rules; anything but 200 fails. */
async function download(url: string, options: OpenSourceOptions): Promise<RawSource> {
  const answer = await guardedGet(url, {
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    ...(options.origin ? { origin: options.origin } : {}),
    idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
  });
  const status = answer.statusCode ?? 0;
  if (status !== 200) {
    answer.resume();
    throw new Error(`Fetching ${url} answered HTTP ${status}`);
  }
  const length = Number(answer.headers['content-length']);
  return { stream: answer, totalBytes: Number.isFinite(length) && length > 0 ? length : null };
}

async function openRaw(spec: string, options: OpenSourceOptions): Promise<RawSource> {
  if (spec === '-') return { stream: options.stdin ?? process.stdin, totalBytes: null };
  if (isUrl(spec)) return download(spec, options);
  const { size } = await stat(spec);
  return { stream: createReadStream(spec, { highWaterMark: 256 * 1024 }), totalBytes: size };
}

async function* counted(stream: Readable, onChunk: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    onChunk(buffer.length);
    yield buffer;
  }
}

/** The body, its failures told apart from the importer's own as `SourceReadError`s. */
async function* readFailuresMarked(spec: string, body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* body;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourceReadError(`Reading ${spec} broke off: ${reason}`, { cause: error });
  }
}

/**
 * Opens an OFF export: a path (`.csv`, `.csv.gz`, `.jsonl`, `.jsonl.gz`), `-` for stdin, or an
 * http(s) URL streamed as it downloads. Gzip is recognised by its magic bytes whatever the name;
 * the format by the first decompressed bytes, else by the name. Nothing is read ahead beyond the
 * stream's own buffers, so memory stays flat whatever the size.
 */
export async function openSource(spec: string, options: OpenSourceOptions = {}): Promise<OpenedSource> {
  const raw = await openRaw(spec, options);
  let bytesRead = 0;
  const stored = await peek(
    counted(raw.stream, (n) => (bytesRead += n)),
    2,
  );
  const gzipped = isGzip(stored.head);
  let body: AsyncIterable<Buffer> = stored.stream;
  if (gzipped) {
    const gunzip = createGunzip({ chunkSize: 256 * 1024 });
    // pipeline destroys both on error, so a broken download or truncated file fails the read.
    pipeline(Readable.from(stored.stream), gunzip, () => {});
    body = gunzip;
  }
  const decoded = await peek(body, SNIFF_BYTES);
  if (decoded.head.length === 0) {
    raw.stream.destroy();
    throw new NotAnExportError(`${spec} is empty`);
  }
  const format = options.format ?? formatFromContent(decoded.head) ?? formatFromName(spec);
  if (!format) {
    raw.stream.destroy();
    throw new NotAnExportError(`Cannot tell whether ${spec} is OFF's CSV or JSONL export`);
  }
  return {
    name: spec,
    format,
    gzipped,
    body: readFailuresMarked(spec, decoded.stream),
    totalBytes: raw.totalBytes,
    bytesRead: () => bytesRead,
    close: () => raw.stream.destroy(),
  };
}
