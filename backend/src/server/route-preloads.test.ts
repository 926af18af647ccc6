import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_MODULES } from './app';
import { chunkFiles, type BuildManifest } from './route-preloads';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/page.tsx': { file: 'assets/page-1.js', imports: ['index.html', '_react-1.js', '_a-1.js'] },
  '_a-1.js': { file: 'assets/a-1.js', imports: ['_b-1.js', 'index.html'] },
  '_b-1.js': { file: 'assets/b-1.js', imports: ['_a-1.js'] },
  'src/contracts.ts': { file: 'assets/contracts-1.js', imports: ['_b-1.js'] },
};

describe('chunkFiles', () => {
  it('lists a page and what it imports, once each, without the start-up chunks', () => {
    expect(chunkFiles(manifest, ['src/page.tsx', 'src/contracts.ts'])).toEqual([
      'assets/page-1.js',
      'assets/a-1.js',
      'assets/b-1.js',
      'assets/contracts-1.js',
    ]);
  });

  it('skips a module the build does not know', () => {
    expect(chunkFiles(manifest, ['src/gone.tsx'])).toEqual([]);
  });

  it('names modules of the consumer app that exist', () => {
    const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../frontend');
    for (const module of PRODUCT_PAGE_MODULES)
      expect(fs.existsSync(path.join(frontend, module)), module).toBe(true);
  });
});
