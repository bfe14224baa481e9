import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // CLI tests spawn the built program; give them room on a 2-core machine.
    testTimeout: 30_000,
  },
});
