import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

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

function download(url: string, redirectsLeft = 5): Promise<RawSource> {
  return new Promise((resolve, reject) => {
    const get = url.toLowerCase().startsWith('https:') ? httpsGet : httpGet;
    const request = get(url, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirectsLeft === 0) return reject(new Error(`Too many redirects fetching ${url}`));
        resolve(download(new URL(location, url).toString(), redirectsLeft - 1));
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new Error(`Fetching ${url} answered HTTP ${status}`));
        return;
      }
      const length = Number(response.headers['content-length']);
      resolve({ stream: response, totalBytes: Number.isFinite(length) && length > 0 ? length : null });
    });
    request.on('error', reject);
    // A stalled download fails the read rather than hanging the import.
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`No data from ${url} for 60 s`)));
  });
}

async function openRaw(spec: string, stdin: Readable | undefined): Promise<RawSource> {
  if (spec === '-') return { stream: stdin ?? process.stdin, totalBytes: null };
  if (isUrl(spec)) return download(spec);
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

/**
 * Opens an OFF export: a path (`.csv`, `.csv.gz`, `.jsonl`, `.jsonl.gz`), `-` for stdin, or an
 * http(s) URL streamed as it downloads. Gzip is recognised by its magic bytes whatever the name;
 * the format by the first decompressed bytes, else by the name. Nothing is read ahead beyond the
 * stream's own buffers, so memory stays flat whatever the size.
 */
export async function openSource(spec: string, options: OpenSourceOptions = {}): Promise<OpenedSource> {
  const raw = await openRaw(spec, options.stdin);
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
  const format = options.format ?? formatFromContent(decoded.head) ?? formatFromName(spec);
  if (!format) {
    raw.stream.destroy();
    throw new Error(`Cannot tell whether ${spec} is OFF's CSV or JSONL export`);
  }
  return {
    name: spec,
    format,
    gzipped,
    body: decoded.stream,
    totalBytes: raw.totalBytes,
    bytesRead: () => bytesRead,
    close: () => raw.stream.destroy(),
  };
}
