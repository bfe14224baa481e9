// What the contract tests share (test/store/contracts/): where a store lives (a backend: every open() is a new
// connection to the same data), entries to append, and a refusal's StoreError.
import { expect } from 'vitest';
import { chain, GENESIS } from '../../../src/core/index.js';
import type { GameEvent, LogEntry } from '../../../src/core/index.js';
import { StoreError } from '../../../src/store/store.js';
import type { Store, StoreErrorCode } from '../../../src/store/store.js';

/** Where one store lives: every open() is a new connection to the same data. */
export interface StoreBackend {
  open(): Promise<Store>;
  /** Removes whatever the backend created (files, schemas). */
  dispose(): Promise<void>;
}

export type MakeBackend = () => Promise<StoreBackend>;

/** A varied event: nested data, a roll, non-ASCII text, a player-list visibility, keys in no order. */
export function sampleEvent(i: number): GameEvent {
  switch (i % 4) {
    case 0:
      return { type: 'entered', vis: 'public', player: `p${i}`, at: [(i % 20) + 1, ((i * 7) % 20) + 1] };
    case 1:
      return {
        type: 'thing-placed',
        vis: 'admin',
        kind: 'shiny',
        n: i,
        at: [3, 4],
        rolls: [
          {
            purpose: `x and y of Thing ${i}`,
            kind: 'dice',
            expr: '2d20',
            sides: [20, 20],
            draws: [3, 4],
            result: 7,
            source: 'fair',
            proof: { stream: 'secret', epoch: 0, first: i * 2, head: GENESIS },
            secret: true,
          },
        ],
      };
    case 2:
      return {
        vis: { players: ['zoë', 'Ålfred'] },
        type: 'note',
        text: `nday ${i}: «ça va?» \u{1F3B2}`,
        z: null,
      };
    default:
      return {
        type: 'points',
        vis: 'public',
        from: 'bank',
        to: `p${i}`,
        amount: -25,
        reason: 'a "Scary" one',
      };
  }
}

/** `count` chained entries numbered from `first`, linked onto `prev`. */
export function entriesAt(first: number, prev: string, count: number): LogEntry[] {
  const events = Array.from({ length: count }, (_, k) => sampleEvent(first + k));
  const ats = events.map((_, k) => ({
    nweek: 1 + Math.floor((first + k) / 10),
    nday: 1 + ((first + k) % 7),
  }));
  return chain(prev, first, events, ats);
}

/** `count` chained entries continuing a log whose last entry is `after` (or a new log). */
export const entriesAfter = (after: LogEntry | undefined, count: number): LogEntry[] =>
  entriesAt((after?.seq ?? 0) + 1, after?.hash ?? GENESIS, count);

export const last = <T>(items: readonly T[]): T => items[items.length - 1] as T;

/** Rejects with a StoreError of exactly this code. */
export async function expectStoreError(work: Promise<unknown>, code: StoreErrorCode): Promise<StoreError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a StoreError '${code}'`).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  expect((error as StoreError).message.length).toBeGreaterThan(0);
  return error as StoreError;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export const MASTER_A = Uint8Array.from({ length: 32 }, (_, i) => (i * 29 + 3) & 0xff);
export const MASTER_B = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);

/** Runs work against a fresh store of the backend, closing and disposing it whatever happens. */
export function withStoreOf(makeBackend: MakeBackend) {
  return async (work: (store: Store, backend: StoreBackend) => Promise<void>): Promise<void> => {
    const backend = await makeBackend();
    const store = await backend.open();
    try {
      await work(store, backend);
    } finally {
      await store.close();
      await backend.dispose();
    }
  };
}

/** Runs work with a store of each of two backends (a copy from one store to another), closing both. */
export async function withTwoStores(
  makeBackend: MakeBackend,
  work: (a: Store, b: Store) => Promise<void>,
): Promise<void> {
  const from = await makeBackend();
  const to = await makeBackend();
  const a = await from.open();
  const b = await to.open();
  try {
    await work(a, b);
  } finally {
    await a.close();
    await b.close();
    await from.dispose();
    await to.dispose();
  }
}

/** A new game of `count` entries (2 unless told). */
export async function newGame(
  store: Store,
  game: string,
  count = 2,
  master: Uint8Array | null = null,
): Promise<LogEntry[]> {
  const entries = entriesAfter(undefined, count);
  await store.append({ game, entries, create: { ruleset: `rules-of-${game}`, master } });
  return entries;
}
