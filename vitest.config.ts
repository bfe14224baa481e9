import { defineConfig } from 'vitest/config';

/**
 * How long a test or a hook may run before it counts as hung: one figure for every test, since no test's outcome
 * may depend on how fast the machine is (issue 17). It is a hang detector, not a budget: the slowest tests take a
 * minute or two on a loaded 2-core machine, and a test waits for what it needs (an answer, a message, an exit),
 * never for a time. (vitest fails even a synchronous test that ends after its timeout, so a small figure here
 * would fail a slow machine's correct run.)
 */
const HUNG_MS = 600_000;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: HUNG_MS,
    hookTimeout: HUNG_MS,
    // The pool is vitest's default (a process per test file, as many at once as the machine has cores less
    // one: one file at a time on 2 cores), which leaves a core to what the tests start beside themselves: the
    // CLI host (test/support/cli-host.js), `referee serve` processes, Dovecot, PostgreSQL.
  },
});
