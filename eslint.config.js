import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noCrossFeatureImports } from './eslint-rules/no-cross-feature-imports.js';
import noFeatureCycles from './eslint-rules/no-feature-cycles.js';
import folderLayers from './eslint-rules/folder-layers.js';
import noImportCycles from './eslint-rules/no-import-cycles.js';

/**
 * The package walls (docs/architecture.md, Package graph): each package and what it may import. A package
 * absent from another's list is refused, whether imported by name (`@labelwise/x/...`) or by a
 * relative path into its folder, type-only imports included. e2e and bench may import anything.
 */
const walls = {
  'reference-data': [],
  domain: ['reference-data'],
  runtime: [],
  'event-store': ['domain', 'reference-data', 'runtime'],
  projections: ['domain', 'event-store', 'reference-data', 'runtime'],
  backend: ['domain', 'event-store', 'projections', 'reference-data', 'runtime'],
  frontend: ['domain'],
  admin: ['domain'],
};
const packages = [...Object.keys(walls), 'e2e', 'bench'];

/**
 * The folder layers inside the server-side packages (docs/architecture.md, Folder layers), bottom
 * layer first: a file imports its own layer and those below, never one above. A place is a folder
 * or file of the package's `src/`, `*` any one name; a file belongs to the place naming it most
 * closely. `allow` lists the upward imports the docs explain.
 */
const folderLayerTable = {
  domain: {
    layers: [
      ['errors.ts', 'barcode.ts', 'text'],
      ['events', 'decider.ts'],
      ['analyser'],
      ['products', 'users', 'reviews', 'articles', 'off', 'operations'],
      ['contracts'],
      ['views'],
      ['index.ts'],
    ],
  },
  projections: {
    layers: [
      ['schema'],
      ['engine', 'engine.ts'],
      ['list-pages.ts', 'stream-documents.ts', 'user-documents.ts'],
      // Each read model's folder.
      ['*'],
      ['registry.ts', 'queries.ts'],
      ['worker', 'cli', 'index.ts'],
    ],
    // `Database` gathers every read model's table types.
    allow: [['schema/database.ts', '*/tables.ts']],
  },
  backend: {
    layers: [
      ['config'],
      ['auth', 'commands', 'db', 'http', 'infra'],
      ['features'],
      ['seed', 'db/migrate.ts', 'db/migrations'],
      ['server'],
      ['cli', 'launcher'],
    ],
  },
};

/** A shared config's rules with its warnings made errors (options and rules it turns off kept). */
const asErrors = (rules) =>
  Object.fromEntries(
    Object.entries(rules).map(([rule, setting]) => {
      const [level, ...options] = [setting].flat();
      return [rule, [level === 'warn' ? 'error' : level, ...options]];
    }),
  );
const wallZones = Object.entries(walls).map(([pkg, allowed]) => ({
  target: `./${pkg}`,
  from: packages.filter((other) => other !== pkg && !allowed.includes(other)).map((other) => `./${other}`),
  message: `${pkg} may import only ${allowed.join(', ') || 'no other package'} (docs/architecture.md, Package graph).`,
}));

/**
 * Production code (a package's `src/`, its tests aside) never imports test support (`testing/`,
 * exported apart as `@labelwise/<pkg>/testing/...`) or run-once scripts (`scripts/`).
 */
const testSupportZones = Object.keys(walls).map((pkg) => ({
  target: `./${pkg}/src`,
  from: packages.flatMap((other) => [`./${other}/testing`, `./${other}/scripts`]),
  message: 'production code never imports test support (testing/) or run-once scripts (scripts/).',
}));
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * The walls for production files `files`: the package walls, the test-support zones and any further
 * `zones` inside a package (flat config replaces a rule's options per file, see below).
 */
const wallsFor = (files, ...zones) => ({
  files,
  ignores: testFiles,
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { basePath: import.meta.dirname, zones: [...wallZones, ...testSupportZones, ...zones] },
    ],
  },
});

/**
 * Each package is imported through its entry points (the `exports` of its package.json) and
 * never by a path into its files, which TypeScript and Node refuse as well; this says which
 * entries there are.
 */
const entryPointPatterns = packages.flatMap((pkg) => {
  const manifest = JSON.parse(fs.readFileSync(`${import.meta.dirname}/${pkg}/package.json`, 'utf8'));
  if (!manifest.exports) return [];
  const entries = Object.keys(manifest.exports).map((entry) => `@labelwise/${pkg}${entry.slice(1)}`);
  return [
    {
      group: [`@labelwise/${pkg}/**`, ...entries.map((entry) => `!${entry}`)],
      message: `${pkg} is imported through its entry points: ${entries.join(', ')}.`,
    },
  ];
});
/** The apps take the browser-safe part of the domain, not the whole of it. */
const appDomainPaths = [
  {
    name: '@labelwise/domain',
    message:
      'the apps import @labelwise/domain/contracts (what the apps and the API share), not the whole domain.',
  },
];

/** domain is pure: no I/O, no frameworks. */
const ioModules = [
  'express',
  'express/*',
  'pg',
  'pg/*',
  'kysely',
  'kysely/*',
  'firebase',
  'firebase/*',
  'firebase-admin',
  'firebase-admin/*',
  '@firebase/*',
  'fs',
  'fs/*',
  'node:fs',
  'node:fs/*',
  'child_process',
  'node:child_process',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
];

/** The walls between features (docs/architecture.md, Features and their walls). */
const featureWalls = {
  rules: { 'no-cross-feature-imports': noCrossFeatureImports, 'no-feature-cycles': noFeatureCycles },
};
const backendFeatures = `${import.meta.dirname}/backend/src/features`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        self: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Package walls and no cycles. eslint-plugin-import-x rather than eslint-plugin-boundaries:
    // one plugin, flat-config native, that checks the resolved file of every import (so a relative
    // path into another package is caught as surely as `@labelwise/x`) with the TypeScript resolver,
    // and its zones say the package table directly, without a second vocabulary of element types.
    // Cycles: a local rule (eslint-rules/no-import-cycles.js) instead of import-x/no-cycle, which skips
    // type-only imports; here a cycle of types counts too.
    // Flat config replaces a rule's options per file: a later block that sets
    // import-x/no-restricted-paths for some files (frontend features, say) must keep `wallZones`
    // and `testSupportZones` in its own zones, as `wallsFor` does, or those files lose them.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: {
      'import-x': importX,
      local: { rules: { 'no-import-cycles': noImportCycles, 'folder-layers': folderLayers } },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: wallZones }],
      'local/no-import-cycles': 'error',
      // Blocks below that set no-restricted-imports for some files spread `entryPointPatterns` too.
      'no-restricted-imports': ['error', { patterns: entryPointPatterns }],
    },
  },
  wallsFor(['*/src/**/*.ts', '*/src/**/*.tsx']),
  // Inside backend: the server assembles the features; features never reach up into it.
  wallsFor(
    ['backend/src/features/**/*.ts', 'backend/src/http/**/*.ts'],
    {
      target: './backend/src/features',
      from: './backend/src/server',
      message: 'features are assembled by server/, never import it.',
    },
    {
      target: './backend/src/http',
      from: ['./backend/src/server', './backend/src/features'],
      message: 'http/ holds what features share: it imports no feature and not the server.',
    },
  ),
  ...Object.entries(folderLayerTable).map(([pkg, { layers, allow }]) => ({
    files: [`${pkg}/src/**/*.ts`],
    ignores: testFiles,
    rules: {
      'local/folder-layers': ['error', { root: `${import.meta.dirname}/${pkg}/src`, layers, allow }],
    },
  })),
  // What is stored forever never follows an API answer: the event schemas import no contract.
  // What both need (ratings, preferences) lives with the events, and the contracts re-export it.
  wallsFor(['domain/src/events/**'], {
    target: './domain/src/events',
    from: './domain/src/contracts',
    message: 'stored events never depend on API shapes: contracts import from events, not the reverse.',
  }),
  {
    // Tests may read their fixture files (and so may the test support in domain/testing/).
    files: ['domain/src/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...entryPointPatterns,
            { group: ioModules, message: 'domain has no I/O: no database, HTTP, Firebase or file system.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/cli/**', 'bench/**', 'scripts/**', '**/launcher/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures that use no other fixture are declared with `{}`.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: appDomainPaths, patterns: entryPointPatterns }],
    },
  },
  {
    // The apps: the rules of hooks, with the React Compiler's checks (hooks live in .ts files too).
    files: ['frontend/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: asErrors(reactHooks.configs.flat.recommended.rules),
  },
  {
    // The apps' markup: accessibility.
    files: ['frontend/src/**/*.tsx', 'admin/src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: asErrors(jsxA11y.flatConfigs.recommended.rules),
  },
  {
    // Frontend features never import each other: what two features share lives in shared/ (or app/).
    files: ['frontend/src/features/**'],
    plugins: { 'feature-walls': featureWalls },
    rules: {
      'feature-walls/no-cross-feature-imports': [
        'error',
        { featuresDir: `${import.meta.dirname}/frontend/src/features` },
      ],
    },
  },
  {
    // Backend features are imported through their entry file (`index.ts`), by other features and by
    // server/, cli/, seed/ and db/ alike, and never import one another in a loop. admin/ is one
    // feature whose sections (a folder each) never import one another: they share admin/http/.
    files: ['backend/src/**/*.ts'],
    plugins: { 'feature-walls': featureWalls },
    rules: {
      'feature-walls/no-cross-feature-imports': [
        'error',
        { featuresDir: backendFeatures, entry: 'index.ts' },
        { featuresDir: `${backendFeatures}/admin`, shared: ['http'] },
      ],
      'feature-walls/no-feature-cycles': ['error', { featuresDir: backendFeatures }],
    },
  },
);
