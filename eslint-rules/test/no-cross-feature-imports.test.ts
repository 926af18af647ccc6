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
            data: { from: 'scan', to: 'product', source: '../../product/components/stars' },
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
