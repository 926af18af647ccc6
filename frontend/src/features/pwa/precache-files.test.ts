import { describe, expect, it } from 'vitest';
import { precacheFiles, type BuiltChunk } from './precache-files';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  facadeModuleId: null,
  imports,
  ...extra,
});

const entry = chunk('assets/index-1.js', ['assets/react-1.js'], {
  viteMetadata: { importedCss: new Set(['assets/index-1.css']) },
});
const react = chunk('assets/react-1.js');
const shared = chunk('assets/card-1.js', ['assets/react-1.js']);
const home = chunk('assets/home-page-1.js', ['assets/card-1.js'], { facadeModuleId: '/app/src/home.tsx' });
const learn = chunk('assets/learn-page-1.js', ['assets/card-1.js'], { facadeModuleId: '/app/src/learn.tsx' });
const chunks = [entry, react, shared, home, learn];

describe('precacheFiles', () => {
  it('keeps the start-up chunk with its CSS and static imports, once each', () => {
    expect(precacheFiles(chunks, entry, [])).toEqual([
      'assets/index-1.js',
      'assets/index-1.css',
      'assets/react-1.js',
    ]);
  });

  it('adds the offline screens with what they import, and no other lazy screen', () => {
    const files = precacheFiles(chunks, entry, ['/app/src/home.tsx']);
    expect(files).toEqual(expect.arrayContaining(['assets/home-page-1.js', 'assets/card-1.js']));
    expect(files).not.toContain('assets/learn-page-1.js');
    expect(new Set(files).size).toBe(files.length);
  });

  it('finds an offline module in a chunk that is not its facade', () => {
    const merged = chunk('assets/scan-page-1.js', ['assets/card-1.js'], {
      moduleIds: ['/app/src/scan-state.ts', '/app/src/scan.tsx'],
    });
    const files = precacheFiles([...chunks, merged], entry, ['/app/src/scan.tsx']);
    expect(files).toEqual(expect.arrayContaining(['assets/scan-page-1.js', 'assets/card-1.js']));
  });

  it('refuses an offline module that is in no chunk', () => {
    expect(() => precacheFiles(chunks, entry, ['/app/src/renamed.tsx'])).toThrow(/renamed\.tsx/);
  });
});
