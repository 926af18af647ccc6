/** The parts of a built chunk (Rollup's OutputChunk) that decide what it needs at run time. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  /** The modules bundled in it. */
  moduleIds?: readonly string[];
  /** Chunks loaded with it, before it runs (dynamic imports are not listed). */
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A chunk's file, its CSS and, recursively, the chunks it imports statically. */
function collectStatic(chunk: BuiltChunk, byFile: Map<string, BuiltChunk>, files: Set<string>): void {
  if (files.has(chunk.fileName)) return;
  files.add(chunk.fileName);
  chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
  for (const imported of chunk.imports) {
    const next = byFile.get(imported);
    if (next) collectStatic(next, byFile, files);
  }
}

/**
 * The build files the app needs to start, and to run each of the lazily loaded `offlineModules`
 * (absolute module ids), without a network. A module is found as a chunk's facade or among its
 * modules (Rollup gives a screen's chunk no facade once it also exports what other lazy chunks
 * share). Throws when a module is in no chunk, so a rename cannot silently drop it from the
 * offline app.
 */
export function precacheFiles(
  chunks: readonly BuiltChunk[],
  entry: BuiltChunk,
  offlineModules: readonly string[],
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  collectStatic(entry, byFile, files);
  for (const id of offlineModules) {
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === id) ??
      chunks.find((candidate) => candidate.moduleIds?.includes(id));
    if (!chunk) throw new Error(`offline module ${id} is in no chunk`);
    collectStatic(chunk, byFile, files);
  }
  return [...files];
}
