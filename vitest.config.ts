import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Browser and serve tests start servers and Chromium: keep the machine's 2 cores calm.
    maxWorkers: 2,
    fileParallelism: true,
    // The JSON report lets .ci/run print one plain "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/results.json' },
  },
});
