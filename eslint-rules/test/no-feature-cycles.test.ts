import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import noFeatureCycles from '../no-feature-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

// A features folder on disk: the rule reads every production file of it.
const featuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-cycles-'));
const files = {
  'products/routes.ts': "import { createLiveLookup } from '../off-live';\n",
  'products/index.ts': "export { productsFeature } from './routes';\n",
  'products/create-product.ts': 'export const PRODUCT_READ_MODELS = [];\n',
  'off-live/live-lookup.ts': "import { mapOffRecord } from '../off-import';\n",
  'off-live/index.ts': "export { createLiveLookup } from './live-lookup';\n",
  'off-import/index.ts': 'export const mapOffRecord = 1;\n',
  // A test is a leaf: its imports draw no arrow.
  'off-import/import.test.ts': "import { productsFeature } from '../products';\n",
  'reviews/review-commands.ts': "import { loadProduct } from '../products';\n",
  'reviews/index.ts': "export { reviewsFeature } from './review-commands';\n",
  'articles/routes.ts': "import { a } from '../community';\n",
  'community/routes.ts': "import { b } from '../articles/routes';\n",
  'community/index.ts': "export { b } from './routes';\n",
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(featuresDir, name)), { recursive: true });
  fs.writeFileSync(path.join(featuresDir, name), text);
}
afterAll(() => fs.rmSync(featuresDir, { recursive: true, force: true }));

const options = [{ featuresDir }];
const at = (name: string) => ({
  filename: path.join(featuresDir, name),
  code: files[name as keyof typeof files],
});

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'no-feature-cycles',
  noFeatureCycles,
  {
    valid: [
      { ...at('products/routes.ts'), options },
      { ...at('off-live/live-lookup.ts'), options },
      { ...at('reviews/review-commands.ts'), options },
      { ...at('off-import/import.test.ts'), options },
    ],
    invalid: [
      {
        ...at('articles/routes.ts'),
        options,
        errors: [{ messageId: 'cycle', data: { route: 'articles → community → articles' } }],
      },
      {
        // The old loop: products' routes → off-live's lookup → products' constant.
        filename: path.join(featuresDir, 'off-live/live-lookup.ts'),
        code: "import { PRODUCT_READ_MODELS } from '../products/create-product';\n",
        options,
        errors: [{ messageId: 'cycle' }],
      },
    ],
  },
);
