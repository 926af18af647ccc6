import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every name the app imports from '@chakra-ui/react'. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const part of match[1]!.split(','))
        names.add(
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
        );
  }
  names.delete('');
  return names;
}

const recipeKey = (component: string) => component[0]!.toLowerCase() + component.slice(1);

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app imports (a missing one renders unstyled)', () => {
    const missing = [...importedChakraNames()]
      .map(recipeKey)
      .filter((key) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key))
      .filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('keeps the recipes the kept components use inside', () => {
    // IconButton and CloseButton use button; RadioCard's indicator radiomark; InputGroup inputAddon.
    for (const key of ['button', 'radiomark', 'checkmark', 'inputAddon', 'icon', 'skipNavLink'])
      expect(system.isRecipe(key), key).toBe(true);
  });
});
