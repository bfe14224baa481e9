// HIDDEN STAYS HIDDEN. Players do not see the board: "Other moles' positions, other hands, and the deck order
// never reach another player's view, the public log, or a report" (issue 4). Random games with fair dice; after
// every command, every new log line each non-admin viewer may see, and every view and its text, are scanned:
// - the public (and someone who never joined) sees no square at all, and no secret entry;
// - a player sees the square of another mole only when it is next to eir own mole, or e named it in a command
//   or a Standing Order (the Moderator answering what e tried); never a deck, never another's hand;
// - no secret roll rides in anything but the Administrator's entries.
// At the end the log goes into a store: every nweek's report names no square, and the log verifies.
import { describe, expect, it } from 'vitest';
import { canSee, PUBLIC, player } from '../../src/core/index.js';
import type { Command, GameEvent, Json, JsonObject, LogEntry, Viewer } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { nweekReport } from '../../src/engine/report.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { tunnelersRuleset } from '../../src/rulesets/tunnelers/index.js';
import type { TunnelersState } from '../../src/rulesets/tunnelers/index.js';
import { adjacent, moleOf } from '../../src/rulesets/tunnelers/board.js';
import { MASTER, Table } from '../support/table.js';
import { rng } from '../support/rng.js';
import { joined } from '../support/harness/tunnelers.js';
import { nextCommand } from './bot.js';

const SQUARE = /\b[a-h][1-8]\b/g;
const squaresIn = (text: string): string[] => text.match(SQUARE) ?? [];

/** Entry types only the Administrator may ever see. */
const ADMIN_ONLY = new Set(['deck-shuffled', 'mole-placed', 'heard', 'placement-reserved', 'dice-queued']);

/** The squares a command (or a player's Standing Orders) names. */
const named = (values: readonly Json[]): Set<string> =>
  new Set(values.flatMap((v) => squaresIn(JSON.stringify(v))));

interface Scan {
  lines: number;
  checks: number;
}

function scanEntries(
  t: Table,
  fresh: readonly LogEntry[],
  before: TunnelersState,
  command: Command,
  viewers: readonly Viewer[],
  scan: Scan,
): void {
  const after = t.game.rules as TunnelersState;
  for (const viewer of viewers) {
    const lines = t.kernel.logView(fresh, viewer, t.game);
    const me = viewer.role === 'player' ? viewer.name : null;
    const mine =
      me === null ? [] : [moleOf(before, me)?.at, moleOf(after, me)?.at].filter((x): x is string => !!x);
    const allowed =
      me === null
        ? new Set<string>()
        : named([
            command.by.role === 'player' && command.by.name === me ? command.args : null,
            [...(before.orders[me] ?? [])],
          ]);
    for (const line of lines) {
      scan.lines++;
      const e: GameEvent = line.event;
      expect(ADMIN_ONLY.has(e.type), `${e.type} reached ${JSON.stringify(viewer)}`).toBe(false);
      for (const r of e.rolls ?? []) expect(r.secret, `a secret roll in ${e.type}`).toBe(false);
      if (e.vis !== 'public') {
        expect(me, `a private ${e.type} reached ${JSON.stringify(viewer)}`).not.toBeNull();
        const to = (e.vis as { players: string[] }).players;
        // Only the combat's two players share an entry; everything else private is one player's own.
        if (e.type === 'combat-revealed') expect(to).toHaveLength(2);
        else if (e.type !== 'command') expect(to).toEqual([me]);
        if (typeof e.player === 'string') expect(e.player).toBe(me);
      }
      const text = `${line.text} ${JSON.stringify(e)}`;
      for (const sq of squaresIn(text)) {
        scan.checks++;
        if (me === null) throw new Error(`the public saw the square ${sq}: ${line.text}`);
        const other = [...before.moles, ...after.moles].find((m) => m.at === sq && m.player !== me);
        if (!other || allowed.has(sq) || mine.some((m) => adjacent(m, sq)) || mine.includes(sq)) continue;
        throw new Error(`${me} was told ${other.player}'s square ${sq}: ${line.text}`);
      }
    }
  }
}

function scanViews(t: Table, names: readonly string[]): void {
  const s = t.game.rules as TunnelersState;
  const pub = t.kernel.view(t.game, PUBLIC);
  for (const key of ['moles', 'deck', 'discard', 'hands', 'tunnels', 'combat', 'questions', 'orders', 'you'])
    expect(pub[key], key).toBeUndefined();
  expect(squaresIn(JSON.stringify(pub))).toEqual([]);
  expect(squaresIn(t.kernel.render(t.game, pub))).toEqual([]);
  const outsider = t.kernel.view(t.game, player('zed'));
  expect(squaresIn(JSON.stringify({ ...outsider, you: null }))).toEqual([]);
  for (const name of names) {
    const view = t.kernel.view(t.game, player(name));
    const you = view.you as JsonObject;
    for (const key of ['moles', 'deck', 'hands', 'tunnels', 'combat']) expect(view[key], key).toBeUndefined();
    expect(you.hand).toEqual([...(s.hands[name] ?? [])]);
    // Beyond what e was told (scanned as it was told, above), a view names eir own mole's square alone.
    const own = moleOf(s, name)?.at;
    const bare = { ...view, you: { ...you, told: [], question: null, orders: [], attacked: null } };
    for (const sq of squaresIn(JSON.stringify(bare))) expect(sq).toBe(own);
    const toldSquares = new Set(
      squaresIn(JSON.stringify([you.told, you.question, you.orders, you.attacked])),
    );
    for (const sq of squaresIn(t.kernel.render(t.game, view)))
      expect(sq === own || toldSquares.has(sq), `${name}'s render shows ${sq}`).toBe(true);
  }
}

describe('HIDDEN STAYS HIDDEN: random Tunnelers games with fair dice', () => {
  for (const [seed, count] of [
    [1, 4],
    [7, 6],
    [13, 8],
    [21, 10],
    [34, 5],
  ] as const) {
    it(`seed ${seed}, ${count} players: no non-admin output shows another mole, a hand or the deck; reports and verify`, async () => {
      const random = rng(seed);
      const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jon'].slice(0, count);
      const viewers: Viewer[] = [PUBLIC, player('zed'), ...names.map((n) => player(n))];
      const t = new Table([tunnelersRuleset]);
      t.create('tunnelers', { dice: 'fair', ndays: 2 });
      joined(t, ...names);
      const scan: Scan = { lines: 0, checks: 0 };
      const go = (command: Command) => {
        const before = t.game.rules as TunnelersState;
        const from = t.entries.length;
        if (t.try(command).ok) scanEntries(t, t.entries.slice(from), before, command, viewers, scan);
        scanViews(t, names);
      };
      go({ type: 'start', by: { role: 'admin' }, args: {} });
      for (let i = 0; i < 3000 && !t.game.ended; i++) go(nextCommand(t.game.rules as TunnelersState, random));
      expect(t.game.ended).not.toBeNull();
      expect(scan.lines).toBeGreaterThan(200);
      expect(scan.checks).toBeGreaterThan(20);

      // The store: every nweek's report, the public log, and verify.
      const store = new SqliteStore(':memory:');
      try {
        const referee = new Referee(store, defaultRegistry(), systemEntropy);
        const imported = await referee.import(t.entries, MASTER);
        expect(imported.ok).toBe(true);
        for (let w = 1; w <= t.game.clock.nweek; w++) {
          const report = await nweekReport(referee, 'g', w);
          expect(report).toContain('report for nweek');
          expect(squaresIn(report), `report ${w}`).toEqual([]);
        }
        expect((await referee.verify('g')).ok).toBe(true);
      } finally {
        await store.close();
      }
      t.expectConsistent();
    });
  }

  it('the scan can fail: the Administrator sees the squares the others may not', () => {
    const t = new Table([tunnelersRuleset]);
    t.create('tunnelers', { dice: 'fair' });
    joined(t, 'ann', 'ben');
    t.admin('start');
    const s = t.game.rules as TunnelersState;
    const admin = JSON.stringify(t.kernel.view(t.game, { role: 'admin' }));
    for (const m of s.moles) expect(admin).toContain(`"at":"${m.at}"`);
    const ben = moleOf(s, 'ben')?.at as string;
    const annLog = t.kernel
      .logView(t.entries, player('ann'), t.game)
      .map((l) => l.text)
      .join('\n');
    expect(squaresIn(annLog)).not.toContain(ben);
    const adminLog = t.kernel
      .logView(t.entries, { role: 'admin' }, t.game)
      .map((l) => l.text)
      .join('\n');
    expect(adminLog).toContain(`ben's mole is placed at ${ben}.`);
    expect(canSee('admin', PUBLIC)).toBe(false);
  });
});
