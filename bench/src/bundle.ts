import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './support';

export interface BundleReport {
  initialKb: number;
  targetKb: number;
  chunks: Array<{ file: string; gzipKb: number }>;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Gzipped JavaScript the consumer app loads for its first route, and each lazy chunk. */
export function benchBundle(): BundleReport {
  const dist = path.join(repoRoot, 'frontend', 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('frontend build failed');
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!),
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
    chunks: assets
      .filter((f) => !initial.has(f))
      .map((file) => ({ file, gzipKb: kb(gz(file)) }))
      .sort((a, b) => b.gzipKb - a.gzipKb),
  };
}
