import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, fullChromiumLaunchOptions } from './chromium';

/** Specs that time the app (Fast 3G, bundle budgets): they run alone, once everything else is done. */
const TIMING = /delivery\.spec\.ts$/;
const SETUP = /\.setup\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  globalSetup: './global-setup.ts',
  // Twice what one test at a time needed: tests share the cores with each other (and, on a shared
  // machine, with whatever else runs). test.slow() triples it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  snapshotPathTemplate: '{testDir}/../screens/{arg}{ext}',
  // One browser per core: the stack's processes (API, worker, PostgreSQL) use what the browsers leave.
  workers: os.availableParallelism(),
  fullyParallel: true,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. The trace's
    // screencast is left out: recording it for every test cost a third of the suite's CPU
    // (account-screens.spec.ts: 240 CPU-s with it, 160 without, 147 with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'stack', testMatch: SETUP, teardown: 'timing' },
    { name: 'chromium', testIgnore: [TIMING, SETUP], dependencies: ['stack'] },
    // The teardown of `stack`: it runs after every test that depends on it, passed or failed, on a
    // quiet machine, one test at a time, in the full browser.
    {
      name: 'timing',
      testMatch: TIMING,
      workers: 1,
      fullyParallel: false,
      use: { launchOptions: fullChromiumLaunchOptions },
    },
  ],
});
