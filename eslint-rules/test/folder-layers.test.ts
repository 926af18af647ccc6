import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import folderLayers from '../folder-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

// A package's src/ on disk: the rule resolves each import to its file.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-layers-'));
for (const name of [
  'errors.ts',
  'events/ratings.ts',
  'contracts/rating.ts',
  'products/product.ts',
  'schema/database.ts',
  'product-cards/tables.ts',
  'product-cards/projection.ts',
  'db/id-allocator.ts',
  'db/migrations/0003-key.ts',
  'features/accounts/index.ts',
  'stray/file.ts',
]) {
  fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  fs.writeFileSync(path.join(root, name), '');
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const options = [
  {
    root,
    layers: [
      ['errors.ts', 'schema'],
      ['events', 'db'],
      ['products', '*'],
      ['contracts', 'features', 'db/migrations'],
    ],
    allow: [['schema/database.ts', '*/tables.ts']],
  },
];
/** The error an import of `source` from one place and layer into a higher one gets. */
const upward = (source: string, [from, fromLayer]: [string, number], [to, toLayer]: [string, number]) => ({
  messageId: 'upward',
  data: {
    source,
    root: path.relative(path.resolve(import.meta.dirname, '../..'), root),
    from,
    fromLayer,
    to,
    toLayer,
  },
});
const from = (name: string, code: string) => ({ filename: path.join(root, name), code, options });

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } }).run(
  'folder-layers',
  folderLayers,
  {
    valid: [
      from('products/product.ts', "import type { Rating } from '../events/ratings';"),
      from('products/product.ts', "import { a } from '../errors';"),
      from('contracts/rating.ts', "export { a } from '../products/product';"),
      from('events/ratings.ts', "import { a } from './ratings';"),
      // The place named most closely wins: a migration sits above the features, db/ below them.
      from('db/migrations/0003-key.ts', "import { a } from '../../features/accounts';"),
      // An upward import the docs explain.
      from('schema/database.ts', "import type { T } from '../product-cards/tables';"),
      // `*` places each read model's folder.
      from('product-cards/projection.ts', "import type { T } from '../schema/database';"),
      from('products/product.ts', "import { a } from 'kysely';"),
    ],
    invalid: [
      {
        ...from('products/product.ts', "import type { Rating } from '../contracts/rating';"),
        errors: [upward('../contracts/rating', ['products', 3], ['contracts', 4])],
      },
      {
        ...from('db/id-allocator.ts', "import { a } from '../features/accounts';"),
        errors: [{ messageId: 'upward' }],
      },
      {
        ...from('schema/database.ts', "import { a } from '../product-cards/projection';"),
        // `*` is reported by the folder's name.
        errors: [upward('../product-cards/projection', ['schema', 1], ['product-cards', 3])],
      },
      {
        ...from('events/ratings.ts', "export * from '../contracts/rating';"),
        errors: [{ messageId: 'upward' }],
      },
      {
        ...from('events/ratings.ts', "const m = import('../products/product');"),
        errors: [{ messageId: 'upward' }],
      },
    ],
  },
);
