// Two Referees over two connections to one SQLite file: what happens when the CLI is used beside a running
// server. The one that did not append catches up before it shows or decides anything, and a command it
// decided on an older log is decided again instead of failing.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, chainBreak, player } from '../../src/core/index.js';
import type { Command, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0).reverse()) undo();
});

function twoConnections(): [SqliteStore, SqliteStore] {
  const dir = mkdtempSync(join(tmpdir(), 'referee-two-'));
  const path = join(dir, 'games.db');
  const a = new SqliteStore(path);
  const b = new SqliteStore(path);
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => void a.close());
  cleanup.push(() => void b.close());
  return [a, b];
}

const referee = (store: Store): Referee => new Referee(store, defaultRegistry(), systemEntropy);
const join_ = (name: string): Command => ({ type: 'join', by: player(name), args: {} });

async function must(ref: Referee, c: Command) {
  const r = await ref.submit('g1', c);
  if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
  return r.value;
}

describe('Referees over two connections to one SQLite file', () => {
  it('the other one catches up, tells its listeners, and decides on the latest log', async () => {
    const [storeA, storeB] = twoConnections();
    const server = referee(storeA);
    const cli = referee(storeB);
    await must(server, {
      type: 'create',
      by: ADMIN,
      args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' },
    });
    await must(server, join_('alice'));
    const heard: number[] = [];
    server.onAppend((_, entries: readonly LogEntry[]) => heard.push(...entries.map((e) => e.seq)));
    expect((await server.state('g1')).players).toEqual(['alice']); // cached by the server
    const fromCli = await must(cli, join_('bob'));
    // The server shows the CLI's command, and tells its listeners of it, as soon as it looks.
    expect((await server.state('g1')).players).toEqual(['alice', 'bob']);
    expect(heard).toEqual(fromCli.entries.map((e) => e.seq));
    // The CLI's cached state is now behind the server's next command: its own next one is still fine.
    await must(server, join_('carol'));
    await must(cli, join_('dave'));
    const log = await server.entries('g1');
    expect(chainBreak(log)).toBeNull();
    expect((await server.state('g1')).players).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect((await cli.verify('g1')).ok).toBe(true);
  });

  it('a race lost at the append (the other connection wrote first) is decided again, not an error', async () => {
    const [storeA, storeB] = twoConnections();
    const first = referee(storeA);
    const other = referee(storeB);
    await must(first, {
      type: 'create',
      by: ADMIN,
      args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' },
    });
    await first.state('g1');
    let once = true;
    const racy: Store = Object.create(storeA) as Store;
    racy.append = async (append) => {
      if (once) {
        once = false;
        await must(other, join_('zed')); // the other connection gets in between deciding and appending
      }
      return storeA.append(append);
    };
    const slow = referee(racy);
    await slow.state('g1');
    expect((await must(slow, join_('amy'))).duplicate).toBe(false);
    expect((await first.state('g1')).players).toEqual(['zed', 'amy']);
    expect(chainBreak(await first.entries('g1'))).toBeNull();
  });
});
