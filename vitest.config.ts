import os from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = os.availableParallelism();
const INT_WORKERS_PER_CORE = 2;
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
          // CPU-bound: a worker per core (Vitest's default leaves one core to itself).
          maxWorkers: cores,
          // A worker keeps the modules it imported from file to file: most of a unit file's time
          // was importing (131 s isolated, 83 s not; docs/testing.md). The files share no state
          // (they also pass shuffled: --sequence.shuffle.files).
          isolate: false,
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
          // Each file has its own database and mostly waits on it: two files per core keep the
          // cores busy (docs/testing.md has the measurements).
          maxWorkers: INT_WORKERS_PER_CORE * cores,
          // Run after the unit project when both run at once (they differ in maxWorkers).
          sequence: { groupOrder: 1 },
          // A worker keeps the modules it imported from file to file, as in the unit project. The
          // files share no state: each has its own database, and a file whose identity provider
          // is not the run's runs its API as a process (firebase-admin reads the provider's
          // address from process.env). They also pass shuffled (--sequence.shuffle).
          isolate: false,
        },
      },
    ],
  },
});
