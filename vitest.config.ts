import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', 'e2e/**', '.data/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '*/src/**/*.test.ts',
            '*/src/**/*.test.tsx',
            // Tests of the test support itself.
            '*/testing/**/*.test.ts',
            '*/test/**/*.test.ts',
            // Build tooling shared by the apps.
            'vite-plugins/**/*.test.ts',
          ],
          exclude: [...ignored, '**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['*/src/**/*.int.test.ts', '*/test/**/*.int.test.ts'],
          exclude: ignored,
          globalSetup: ['backend/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
