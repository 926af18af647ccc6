import { describe, expect, it } from 'vitest';
import { splitLines, type SourceLine } from './line-splitter';

async function collect(chunks: (string | Buffer)[], max?: number): Promise<SourceLine[]> {
  async function* source() {
    for (const chunk of chunks) yield chunk;
  }
  const out: SourceLine[] = [];
  for await (const line of splitLines(source(), max)) out.push(line);
  return out;
}

const texts = (lines: SourceLine[]) => lines.map((l) => (l.kind === 'line' ? l.text : `<${l.bytes}>`));

describe('splitLines', () => {
  it('splits LF and CRLF lines across chunk boundaries, dropping a BOM, keeping a last unterminated line', async () => {
    const lines = await collect(['\uFEFFco', 'de\tname\r\n1\tA', 'b\n\n2\tC']);
    expect(texts(lines)).toEqual(['code\tname', '1\tAb', '', '2\tC']);
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4]);
  });

  it('keeps multi-byte UTF-8 characters split between chunks', async () => {
    const bytes = Buffer.from('crème brûlée\nçà\n', 'utf8');
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    expect(texts(await collect(chunks))).toEqual(['crème brûlée', 'çà']);
  });

  it('reports a line over the limit as too long without buffering it, and goes on', async () => {
    const lines = await collect(['short\n', 'x'.repeat(10), 'y'.repeat(10), '\nok\n', 'z'.repeat(30)], 16);
    expect(texts(lines)).toEqual(['short', '<20>', 'ok', '<30>']);
    expect(lines.map((l) => l.kind)).toEqual(['line', 'too-long', 'line', 'too-long']);
  });

  it('yields nothing for an empty stream', async () => {
    expect(await collect([])).toEqual([]);
  });
});
