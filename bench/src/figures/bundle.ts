import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Section } from '../core/section';
import { repoRoot } from '../support';

export interface BundleReport {
  initialKb: number;
  targetKb: number;
  initialFiles: string[];
  chunks: Array<{ file: string; gzipKb: number }>;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Builds the consumer app into a fresh folder (frontend/dist, which others may be serving, is left alone). */
function buildFresh(progress: (message: string) => void): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-frontend-'));
  progress(`building the consumer app into ${out}`);
  // The build's own output goes to stderr: stdout carries only the report.
  const build = spawnSync('npm', ['run', 'build', '-w', 'frontend', '--', '--outDir', out, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('frontend build failed');
  return out;
}

/**
 * Gzipped JavaScript the consumer app loads for its first route, and each lazy chunk. A fresh
 * build unless `reuseDist` and frontend/dist exists.
 */
export function benchBundle(progress: (message: string) => void, reuseDist: boolean): BundleReport {
  const existing = path.join(repoRoot, 'frontend', 'dist');
  const fresh = !(reuseDist && fs.existsSync(path.join(existing, 'index.html')));
  const dist = fresh ? buildFresh(progress) : existing;
  try {
    return measure(dist);
  } finally {
    if (fresh) fs.rmSync(dist, { recursive: true, force: true });
  }
}

function measure(dist: string): BundleReport {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    ),
  );
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
  const assets = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);
  return {
    initialKb: kb(initialBytes),
    targetKb: 250,
    initialFiles: [...initial],
    chunks: assets
      .filter((f) => !initial.has(f))
      .map((file) => ({ file, gzipKb: kb(gz(file)) }))
      .sort((a, b) => b.gzipKb - a.gzipKb),
  };
}

/** `assets/product-page-CKaDuW7M.js` → `product-page`. */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

/** The consumer app's first route must stay light on a phone. */
export const bundleSection: Section = {
  id: 'bundle',
  title: '7. Consumer app',
  async run(ctx, notes) {
    const report = benchBundle(ctx.progress, ctx.quick);
    notes.push(
      `gzip (zlib default level 6) of a ${ctx.quick ? 'build (frontend/dist when present, with --quick)' : 'fresh production build'}. Initial route (index.html script and modulepreloads): ${report.initialFiles.join(', ')}. Route chunks are the lazily loaded pages; other lazy chunks are loaded with them or on demand (scanner, payments, sign-in).`,
    );
    const isRoute = (file: string) => /-page-[\w-]+\.js$/.test(file);
    const routes = report.chunks.filter((c) => isRoute(c.file));
    const others = report.chunks.filter((c) => !isRoute(c.file));
    const largest = others.slice(0, 3).map((c) => `${chunkName(c.file)} ${c.gzipKb} KB`);
    const kbSum = (chunks: Array<{ gzipKb: number }>) =>
      Math.round(chunks.reduce((n, c) => n + c.gzipKb, 0) * 10) / 10;
    return [
      {
        measure: 'initial route JS (gzip)',
        ours: `${report.initialKb} KB`,
        peer: '',
        target: `≤ ${report.targetKb} KB`,
        met: report.initialKb <= report.targetKb,
        values: { initialKb: report.initialKb },
      },
      ...routes.map((c) => ({
        measure: `route chunk ${chunkName(c.file)}`,
        ours: `${c.gzipKb} KB`,
        peer: '',
        values: { gzipKb: c.gzipKb },
      })),
      {
        measure: `${others.length} other lazy chunks (components, vendors)`,
        ours: `${kbSum(others)} KB in all; largest ${largest.join(', ')}`,
        peer: '',
        values: { gzipKb: kbSum(others) },
      },
    ];
  },
};
