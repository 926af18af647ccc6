/** One text line of a source, or a line dropped because it was longer than the limit. */
export type SourceLine =
  { kind: 'line'; line: number; text: string } | { kind: 'too-long'; line: number; bytes: number };

/** OFF's largest JSONL documents are a few hundred kB; anything far bigger is not a product. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;

/**
 * Splits a byte stream into UTF-8 lines (LF or CRLF; a leading BOM dropped) with memory bounded
 * by the longest line kept: a line over `maxLineBytes` is discarded as it streams and reported
 * as `too-long`, never buffered. Line numbers are 1-based.
 */
export async function* splitLines(
  chunks: AsyncIterable<Buffer | Uint8Array | string>,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<SourceLine> {
  let parts: Buffer[] = [];
  let pending = 0;
  let overflow = false;
  let line = 0;
  let first = true;

  const finish = (tail: Buffer): SourceLine => {
    line++;
    if (overflow) {
      const bytes = pending + tail.length;
      parts = [];
      pending = 0;
      overflow = false;
      return { kind: 'too-long', line, bytes };
    }
    const whole = parts.length === 0 ? tail : Buffer.concat([...parts, tail]);
    parts = [];
    pending = 0;
    let text = whole.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return { kind: 'line', line, text };
  };

  const keep = (piece: Buffer) => {
    if (piece.length === 0) return;
    if (!overflow && pending + piece.length > maxLineBytes) {
      overflow = true;
      parts = [];
    }
    if (!overflow) parts.push(piece);
    pending += piece.length;
  };

  for await (const raw of chunks) {
    const chunk =
      typeof raw === 'string'
        ? Buffer.from(raw, 'utf8')
        : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    let start = 0;
    for (let lf = chunk.indexOf(LF, start); lf !== -1; lf = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, lf);
      if (!overflow && pending + piece.length > maxLineBytes) {
        keep(piece);
        yield finish(Buffer.alloc(0));
      } else {
        yield finish(piece);
      }
      start = lf + 1;
    }
    keep(chunk.subarray(start));
  }
  if (pending > 0 || overflow) yield finish(Buffer.alloc(0));
}
