import fs from 'node:fs';
import path from 'node:path';

/** A chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source module or `_chunk`. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The build manifest of a built app; null when the build wrote none. */
export async function readBuildManifest(distDir: string): Promise<BuildManifest | null> {
  try {
    return JSON.parse(
      await fs.promises.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as BuildManifest;
  } catch {
    return null;
  }
}

/**
 * The files `modules` load: their chunks and every chunk those import, less what the start-up
 * script (an entry) loads anyway. Preloaded beside the start-up script, they arrive with it
 * instead of one round trip after it has run.
 */
export function chunkFiles(manifest: BuildManifest, modules: readonly string[]): string[] {
  const walk = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, seen);
  };
  const startUp = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, startUp);
  const needed = new Set<string>(startUp);
  for (const module of modules) walk(module, needed);
  return [...needed].filter((key) => !startUp.has(key)).map((key) => manifest[key]!.file);
}
