import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's bundle of each entry a test starts as a process (see bundleEntries), by its path from the repository root. */
    bundledEntries: Record<string, string>;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Marks the resolution of an npm package the plugin asked esbuild for itself. */
const NPM = Symbol('npm package');
const loaders: Record<string, Loader> = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.mts': 'ts',
  '.js': 'js',
  '.mjs': 'js',
};

/**
 * Our sources bundled, the packages from npm left to Node: each module keeps the `import.meta.url`
 * of its own file, so the paths it finds beside itself (reference data, package.json, a worker
 * thread's entry) are the same as under tsx.
 */
const ourSourcesInPlace: Plugin = {
  name: 'our-sources-in-place',
  setup(bundle) {
    // An npm package is left to Node as the file it is for the module importing it: packages
    // hold their own versions of some (lru-cache), found beside the importer, not the bundle.
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@labelwise/') || args.pluginData === NPM) return undefined;
      const found = await bundle.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: NPM,
      });
      return found.errors.length > 0 || !path.isAbsolute(found.path)
        ? { path: args.path, external: true }
        : { path: pathToFileURL(found.path).href, external: true };
    });
    bundle.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: loaders[path.extname(args.path)],
      };
    });
  },
};

/**
 * Bundles `entries` (paths from the repository root) into `outDir` under the repository's
 * node_modules, where Node finds their npm packages. A process started from a bundle loads in
 * about 1 s of CPU against 2.3 s under tsx, whose loader compiles and resolves each of our modules
 * on every start; the int tests start a few hundred of them.
 */
export async function bundleEntries(
  entries: readonly string[],
  outDir: string,
): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: Object.fromEntries(
      entries.map((entry) => [entry.replace(/\.ts$/, ''), path.join(repoRoot, entry)]),
    ),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // A module imported on demand (import()) stays out of a process until asked for, with the npm
    // packages it imports: the EventStoreDB client, say, that a process on PostgreSQL never needs.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [ourSourcesInPlace],
  });
  if (result.errors.length > 0) throw new Error(`bundling ${entries.join(', ')} failed`);
  return Object.fromEntries(
    entries.map((entry) => [entry, path.join(outDir, entry.replace(/\.ts$/, '.mjs'))]),
  );
}

/** Where a run keeps its bundles: inside node_modules, so that they resolve the repository's packages. */
export function bundlesDir(): string {
  const parent = path.join(repoRoot, 'node_modules', '.cache', 'labelwise-entries');
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, 'run-'));
}

/**
 * The arguments to `node` that start `entry` (a path from the repository root, or absolute): the
 * run's bundle of it when the int tests' setup made one, else the source through tsx.
 */
export function nodeArgsFor(entry: string): string[] {
  const relative = path.relative(repoRoot, path.resolve(repoRoot, entry));
  let bundled: string | undefined;
  try {
    bundled = inject('bundledEntries')?.[relative];
  } catch {
    // Outside a Vitest worker (a bench, a script): no bundles.
  }
  return bundled && fs.existsSync(bundled) ? [bundled] : ['--import', 'tsx', path.join(repoRoot, relative)];
}
