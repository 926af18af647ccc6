import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noCrossFeatureImports } from '../no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const featuresDir = path.resolve('/repo/frontend/src/features');
const options = [{ featuresDir }];
const inScan = path.join(featuresDir, 'scan/components/camera-overlay.tsx');

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'no-cross-feature-imports',
  noCrossFeatureImports,
  {
    valid: [
      { filename: inScan, options, code: "import { a } from './barcode-reader';" },
      { filename: inScan, options, code: "import { a } from '../api/save-scan';" },
      { filename: inScan, options, code: "import { a } from '../../../shared/api/http-client';" },
      { filename: inScan, options, code: "import { a } from '../../../app/theme';" },
      { filename: inScan, options, code: "import { a } from '@labelwise/domain/contracts';" },
      { filename: inScan, options, code: "const m = import('./zxing-reader');" },
      // Outside the features folder the rule has nothing to say.
      {
        filename: path.resolve('/repo/frontend/src/app/routes.tsx'),
        options,
        code: "import { a } from '../features/home/home-page';",
      },
    ],
    invalid: [
      {
        filename: inScan,
        options,
        code: "import { a } from '../../product/components/stars';",
        errors: [
          {
            messageId: 'crossFeature',
            data: {
              from: 'scan',
              to: 'product',
              source: '../../product/components/stars',
              home: 'shared/ (or app/)',
            },
          },
        ],
      },
      {
        filename: inScan,
        options,
        code: "import '../../home';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inScan,
        options,
        code: "export { a } from '../../home/api/community-favourites';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inScan,
        options,
        code: "export * from '../../learn/api/articles';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inScan,
        options,
        code: "const m = import('../../premium/plans');",
        errors: [{ messageId: 'crossFeature' }],
      },
    ],
  },
);

const backendFeatures = path.resolve('/repo/backend/src/features');
const adminDir = path.join(backendFeatures, 'admin');
const entryOptions = [
  { featuresDir: backendFeatures, entry: 'index.ts' },
  { featuresDir: adminDir, shared: ['http'] },
];
const inReviews = path.join(backendFeatures, 'reviews/review-commands.ts');
const inServer = path.resolve('/repo/backend/src/server/features.ts');
const inAdminUsers = path.join(adminDir, 'users/routes.ts');

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'no-cross-feature-imports, through entry files',
  noCrossFeatureImports,
  {
    valid: [
      { filename: inReviews, options: entryOptions, code: "import { a } from '../products';" },
      { filename: inReviews, options: entryOptions, code: "import { a } from '../products/index';" },
      { filename: inReviews, options: entryOptions, code: "import { a } from '../products/index.ts';" },
      { filename: inReviews, options: entryOptions, code: "import { a } from './review-id';" },
      { filename: inReviews, options: entryOptions, code: "import { a } from '../../http/context';" },
      { filename: inServer, options: entryOptions, code: "import { a } from '../features/reviews';" },
      { filename: inAdminUsers, options: entryOptions, code: "import { a } from '../http/list-query';" },
      { filename: inAdminUsers, options: entryOptions, code: "import { a } from './user-queries';" },
      // The admin feature's own assembly lies directly in admin/ and mounts every section.
      {
        filename: path.join(adminDir, 'feature.ts'),
        options: entryOptions,
        code: "import { a } from './users/routes';",
      },
    ],
    invalid: [
      {
        filename: inReviews,
        options: entryOptions,
        code: "import { a } from '../products/product-stream';",
        errors: [
          {
            messageId: 'pastEntry',
            data: { to: 'products', source: '../products/product-stream', entry: '../products' },
          },
        ],
      },
      {
        // server/ assembles features through their entries too.
        filename: inServer,
        options: entryOptions,
        code: "import { a } from '../features/reviews/routes';",
        errors: [
          {
            messageId: 'pastEntry',
            data: { to: 'reviews', source: '../features/reviews/routes', entry: '../features/reviews' },
          },
        ],
      },
      {
        filename: inReviews,
        options: entryOptions,
        code: "export { a } from '../admin/http/list-query';",
        errors: [{ messageId: 'pastEntry' }],
      },
      {
        // One admin section never imports another.
        filename: inAdminUsers,
        options: entryOptions,
        code: "import { a } from '../dashboard/dashboard-queries';",
        errors: [
          {
            messageId: 'crossFeature',
            data: { from: 'users', to: 'dashboard', source: '../dashboard/dashboard-queries', home: 'http/' },
          },
        ],
      },
    ],
  },
);
