// A store that counts the log entries it hands out (issue 28 item 4): what a command reads from the log, so a
// test can say that it does not grow with the game, without timing anything.
import type { LogEntry } from '../../src/core/index.js';
import type { Store } from '../../src/store/store.js';

/** A store that counts the log entries it hands out, by every way of reading them. */
export function counting(store: Store): { store: Store; read: () => number } {
  let read = 0;
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (name === 'entries')
        return async (...args: unknown[]) => {
          const entries = await (value as (...a: unknown[]) => Promise<LogEntry[] | undefined>).apply(
            target,
            args,
          );
          read += entries?.length ?? 0;
          return entries;
        };
      if (name === 'stream' || name === 'foldStream')
        return async function* (...args: unknown[]) {
          for await (const page of (value as (...a: unknown[]) => AsyncIterable<unknown>).apply(
            target,
            args,
          )) {
            const p = page as LogEntry[] | { events: unknown[] };
            read += Array.isArray(p) ? p.length : p.events.length;
            yield page;
          }
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { store: counted, read: () => read };
}
