// Several Referees over one PostgreSQL schema, each with its own connections, as several server processes
// would be: commands to one game stay strictly ordered with none lost or doubled, a command id is applied
// once whichever process sees it, a lost race is decided again (never a spurious error), and an append made
// by one reaches the onAppend listeners of the others.
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, chainBreak, player } from '../../src/core/index.js';
import type { Command, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import type { Accepted } from '../../src/engine/referee.js';
import type { PostgresStore } from '../../src/store/postgres.js';
import type { Store } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { pgBackend } from './pg-support.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** `n` Referees, each over its own PostgresStore (own pool) on one fresh schema. */
async function referees(n: number): Promise<{ refs: Referee[]; stores: PostgresStore[] }> {
  const backend = await pgBackend();
  cleanup.push(() => backend.dispose());
  const stores: PostgresStore[] = [];
  for (let i = 0; i < n; i++) {
    const store = await backend.open();
    cleanup.push(() => store.close());
    stores.push(store);
  }
  return { refs: stores.map((s) => referee(s)), stores };
}

const referee = (store: Store): Referee => new Referee(store, defaultRegistry(), systemEntropy);

const create = (game = 'g1'): Command => ({
  type: 'create',
  by: ADMIN,
  args: { game, ruleset: 'grid-2002-01', dice: 'fair' },
});
const join_ = (name: string, id?: string): Command => ({
  type: 'join',
  by: player(name),
  args: {},
  ...(id !== undefined ? { id } : {}),
});
const enter = (name: string, x: number, y: number): Command => ({
  type: 'enter',
  by: player(name),
  args: { x, y },
});

async function must(ref: Referee, game: string, c: Command): Promise<Accepted> {
  const r = await ref.submit(game, c);
  if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
  return r.value;
}

/** The players named in the log's join entries, in log order. */
const joinedInLog = (entries: readonly LogEntry[]): string[] =>
  entries.filter((e) => e.event.type === 'player-joined').map((e) => String(e.event.player as string));

describe('Referees in several "processes" over one PostgreSQL game', () => {
  it('commands submitted at once through three referees: none lost, none doubled, one strict order', async () => {
    const { refs } = await referees(3);
    const [first] = refs;
    if (!first) throw new Error('no referee');
    await must(first, 'g1', create());
    const PER = 15;
    const sent = refs.map((_, r) => Array.from({ length: PER }, (__, i) => `r${r}p${i}`));
    // Every command of every referee in flight at once: each referee queues its own, the three race.
    const results = await Promise.all(
      refs.flatMap((ref, r) => (sent[r] ?? []).map((name) => ref.submit('g1', join_(name)))),
    );
    expect(results.filter((x) => !x.ok)).toEqual([]);
    const log = await first.entries('g1');
    expect(chainBreak(log)).toBeNull();
    const joined = joinedInLog(log);
    expect([...joined].sort()).toEqual(sent.flat().sort());
    // Each referee's own commands keep their arrival order.
    for (const names of sent) expect(joined.filter((n) => names.includes(n))).toEqual(names);
    // Every referee now sees the same game, in the log's order, and it verifies.
    for (const ref of refs) expect((await ref.state('g1')).players).toEqual(joined);
    const report = await first.verify('g1');
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('one command id sent to two referees at once is applied once; both get the first result', async () => {
    const { refs } = await referees(2);
    const [a, b] = refs;
    if (!a || !b) throw new Error('no referee');
    await must(a, 'g1', create());
    for (let i = 0; i < 8; i++) {
      const cmd = join_(`p${i}`, `post-${i}`);
      const [ra, rb] = await Promise.all([a.submit('g1', cmd), b.submit('g1', cmd)]);
      if (!ra.ok || !rb.ok) throw new Error('refused');
      expect([ra.value.duplicate, rb.value.duplicate].sort()).toEqual([false, true]);
      expect(ra.value.entries).toEqual(rb.value.entries);
    }
    const log = await a.entries('g1');
    expect(joinedInLog(log)).toEqual(Array.from({ length: 8 }, (_, i) => `p${i}`));
  });

  it('a cached game is caught up before it is shown or decided on: no stale state', async () => {
    const { refs } = await referees(2);
    const [a, b] = refs;
    if (!a || !b) throw new Error('no referee');
    await must(a, 'g1', create());
    await must(a, 'g1', join_('alice'));
    await must(a, 'g1', join_('bob'));
    expect((await b.state('g1')).players).toEqual(['alice', 'bob']); // b caches the game here
    await must(a, 'g1', enter('alice', 3, 4));
    await must(a, 'g1', join_('carol'));
    expect((await b.state('g1')).players).toEqual(['alice', 'bob', 'carol']);
    // Decided against alice standing on (3,4): refused by the rules, not by the store.
    const r = await b.submit('g1', enter('bob', 3, 4));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).not.toBe('conflict');
  });

  it('a race lost at the append is decided again against the winner: the client sees no store error', async () => {
    const { refs, stores } = await referees(2);
    const [a, b] = refs;
    const [storeA] = stores;
    if (!a || !b || !storeA) throw new Error('no referee');
    await must(a, 'g1', create());
    await must(a, 'g1', join_('alice'));
    await must(a, 'g1', join_('bob'));
    await a.state('g1');
    // A store through which, just before a's next append goes in, b gets a command in first: exactly the
    // window between deciding and appending in which another process can win.
    // One entry per append call: dave before carol's first try, nothing before her second, alice's enter
    // before bob's first.
    const racers: (Command | undefined)[] = [join_('dave'), undefined, enter('alice', 3, 4)];
    const racy: Store = Object.create(storeA) as Store;
    let appends = 0;
    racy.append = async (append) => {
      appends++;
      const racer = racers.shift();
      if (racer) await must(b, 'g1', racer);
      return storeA.append(append);
    };
    const slow = referee(racy);
    await slow.state('g1');
    // b's join of dave lands first; slow's carol is refused by the store, caught up and appended after it.
    const carol = await must(slow, 'g1', join_('carol'));
    expect(carol.duplicate).toBe(false);
    expect((await slow.state('g1')).players).toEqual(['alice', 'bob', 'dave', 'carol']);
    // b's alice takes (3,4) first; slow's bob, decided again, is refused by the rules (occupied).
    const bob = await slow.submit('g1', enter('bob', 3, 4));
    expect(bob.ok).toBe(false);
    expect(appends).toBe(3); // carol twice (lost, then won); bob once (lost), then refused by the rules
    const log = await a.entries('g1');
    expect(chainBreak(log)).toBeNull();
    expect(joinedInLog(log)).toEqual(['alice', 'bob', 'dave', 'carol']);
    expect((await a.verify('g1')).ok).toBe(true);
  });

  it("one referee's appends reach another referee's onAppend listeners through LISTEN/NOTIFY, in order, once each", async () => {
    const { refs } = await referees(2);
    const [a, b] = refs;
    if (!a || !b) throw new Error('no referee');
    const heard: LogEntry[] = [];
    let wake: () => void = () => undefined;
    b.onAppend((game, entries) => {
      if (game !== 'g1') return;
      heard.push(...entries);
      wake();
    });
    await b.watch(); // listening from here on: everything committed after this is told
    const heardUpTo = (seq: number) =>
      new Promise<void>((resolve) => {
        wake = () => {
          if ((heard[heard.length - 1]?.seq ?? 0) >= seq) resolve();
        };
        wake();
      });
    const sent: LogEntry[] = [];
    // b has not loaded the game: it is told what the store notifies.
    sent.push(...(await must(a, 'g1', create())).entries);
    sent.push(...(await must(a, 'g1', join_('alice'))).entries);
    await heardUpTo((sent[sent.length - 1] as LogEntry).seq);
    // b loads the game now (cached from here), and is told of what a appends afterwards as it catches up.
    await b.state('g1');
    sent.push(...(await must(a, 'g1', join_('bob'))).entries);
    sent.push(...(await must(a, 'g1', enter('alice', 5, 5))).entries);
    await heardUpTo((sent[sent.length - 1] as LogEntry).seq);
    expect(heard.map((e) => e.seq)).toEqual(sent.map((e) => e.seq));
    expect(heard).toEqual(sent);
    // And b's cached game moved on with them.
    expect((await b.state('g1')).players).toEqual(['alice', 'bob']);
    await b.unwatch();
  });

  it("a referee's own appends are told to its listeners once, even with the store's notifications on", async () => {
    const { refs } = await referees(1);
    const [a] = refs;
    if (!a) throw new Error('no referee');
    const heard: number[] = [];
    a.onAppend((_, entries) => heard.push(...entries.map((e) => e.seq)));
    await a.watch();
    // A second watcher on the same store: the same notification reaches it and the referee together.
    let seen = 0;
    let wake: () => void = () => undefined;
    const stop = await a.outbox.watch?.((change) => {
      if (change.kind === 'append') seen = change.last;
      wake();
    });
    const sent: number[] = [];
    for (const c of [create(), join_('alice'), join_('bob'), join_('carol')])
      sent.push(...(await must(a, 'g1', c)).entries.map((e) => e.seq));
    const lastSeq = sent[sent.length - 1] ?? 0;
    await new Promise<void>((resolve) => {
      wake = () => {
        if (seen >= lastSeq) resolve();
      };
      wake();
    });
    // The referee has queued a catch-up for each of its own notifications; a command queued now runs after
    // them all, so by its answer they have all run, and they told nothing twice.
    sent.push(...(await must(a, 'g1', join_('dave'))).entries.map((e) => e.seq));
    expect(heard).toEqual(sent);
    await stop?.();
    await a.unwatch();
  });
  it('a listener of one game is told of that game alone, and games nobody here listens to are never read', async () => {
    const { refs, stores } = await referees(2);
    const [a] = refs;
    const bStore = stores[1];
    if (!a || !bStore) throw new Error('no referee');
    // b's store counts the reads b makes of each game's entries.
    const reads = new Map<string, number>();
    const counting = new Proxy(bStore, {
      get(target, prop, receiver) {
        if (prop === 'entries')
          return (game: string, from?: number) => {
            reads.set(game, (reads.get(game) ?? 0) + 1);
            return target.entries(game, from);
          };
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const b = referee(counting);
    await must(a, 'g1', create('g1'));
    await must(a, 'g2', create('g2'));
    await b.state('g1'); // cached in b, but nobody in b listens to g1
    const heard: string[] = [];
    let wake: () => void = () => undefined;
    const stop = b.onAppend((game, entries) => {
      heard.push(...entries.map((e) => `${game}:${e.seq}`));
      wake();
    }, 'g2');
    await b.watch();
    reads.clear();
    const g1 = await must(a, 'g1', join_('alice'));
    const g2 = await must(a, 'g2', join_('bob'));
    const lastG2 = (g2.entries[g2.entries.length - 1] as LogEntry).seq;
    await new Promise<void>((resolve) => {
      wake = () => {
        if (heard.includes(`g2:${lastG2}`)) resolve();
      };
      wake();
    });
    expect(heard).toEqual(g2.entries.map((e) => `g2:${e.seq}`));
    expect(reads.get('g1') ?? 0, 'g1 is not read on its notification').toBe(0);
    // g1 is caught up when it is next asked for, as every read does.
    expect((await b.state('g1')).seq).toBe((g1.entries[g1.entries.length - 1] as LogEntry).seq);
    stop();
    await b.unwatch();
  });
});
