import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Build-time compression shared by the consumer app and the console: beside every text file of
 * the build output it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9), so
 * the server sends compressed bytes without compressing per request (see
 * backend/src/http/static-apps.ts). Formats that are compressed already (images, woff2 fonts) and
 * files too small to gain anything are skipped; a copy that would not be smaller is not written.
 */

/** Extensions worth compressing: text and text-like formats. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map|wasm)$/i;
/** Below this a compressed copy saves less than a network packet's worth of header overhead. */
export const MIN_BYTES = 512;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/** Writes .br and .gz beside each compressible file under `dir`; a copy is kept only when smaller. */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const results: PrecompressedFile[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = await fs.readFile(file);
    const result: PrecompressedFile = { file: path.relative(dir, file), bytes: source.length };
    results.push(result);
    if (source.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < source.length) {
      await fs.writeFile(`${file}.br`, br);
      result.br = br.length;
    }
    if (gz.length < source.length) {
      await fs.writeFile(`${file}.gz`, gz);
      result.gz = gz.length;
    }
  }
  return results;
}

/**
 * Vite plugin (build only). Typed structurally so that packages on different Vite majors can use
 * it: it needs nothing of Vite but the output directory.
 */
export function precompress() {
  return {
    name: 'labelwise:precompress',
    apply: 'build' as const,
    // Runs after the bundle and the public directory are on disk.
    async writeBundle(options: { dir?: string }) {
      if (!options.dir) return;
      const files = await precompressDirectory(options.dir);
      const total = (key: 'bytes' | 'br' | 'gz') =>
        files.reduce((sum, file) => sum + (file[key] ?? (key === 'bytes' ? 0 : file.bytes)), 0);
      process.stdout.write(
        `precompress: ${files.length} files, ${kb(total('bytes'))} raw, ${kb(total('br'))} brotli, ${kb(total('gz'))} gzip\n`,
      );
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
