// What a test leaves behind (stores to close, folders to remove), undone after each test in the reverse order.
import { afterEach } from 'vitest';

/** A list to push each test's cleanups on; after each test they run, last first, and the list is emptied. */
export function cleanupsAfterEach(): (() => unknown)[] {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return cleanups;
}
