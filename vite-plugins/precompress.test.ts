import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function distWith(files: Record<string, string | Buffer>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const script = 'export const greeting = "hello labelwise";\n'.repeat(200);

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies beside text files that decompress to the original', async () => {
    const dir = distWith({ 'assets/index-abc123.js': script, 'index.html': `<html>${script}</html>` });
    await precompressDirectory(dir);
    const js = path.join(dir, 'assets/index-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(js).size);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  });

  it('leaves binary formats and tiny files alone', async () => {
    const dir = distWith({
      'icons/icon.png': Buffer.alloc(4096, 1),
      'fonts/inter.woff2': Buffer.alloc(4096, 2),
      'tiny.js': 'export {};',
    });
    const results = await precompressDirectory(dir);
    expect(results.map((r) => r.file)).toEqual(['tiny.js']);
    expect(fs.readdirSync(dir).sort()).toEqual(['fonts', 'icons', 'tiny.js']);
    expect(fs.readdirSync(path.join(dir, 'icons'))).toEqual(['icon.png']);
  });
});
