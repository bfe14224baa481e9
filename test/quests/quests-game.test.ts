// A simulated game of rooms+quests on the default map around Mornington Crescent: four players, supplied dice,
// every command through the kernel. It completes several Quests (one worth Puissance), abandons one creation
// (a demerit), keeps the rules' invariants after every command, and its log replays to the live state and
// verifies.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { GameEvent } from '../../src/core/index.js';
import type { QuestsState } from '../../src/rulesets/quests/index.js';
import { TALLIES, tallyAccount, tallyFund } from '../../src/rulesets/rooms/tallies.js';
import type { Table } from '../support/table.js';
import { expectQuestInvariants, quests } from '../support/harness/quests.js';
import { Bot } from './bot.js';

const PLAYERS = ['alice', 'bob', 'carol', 'dave'];
const TURNS = 48;

/** The rules' invariants, checked after every command of the game. */
function checkInvariants(t: Table): void {
  const s = expectQuestInvariants(t);
  // Every quest token exists, belongs to a Quest on the Roster, and is named after its colour.
  const seen = new Set<string>();
  for (const link of s.quests.tokens) {
    const token = s.tokens.find((x) => x.id === link.token);
    const quest = s.quests.roster.find((q) => q.id === link.quest);
    expect(token && quest).toBeTruthy();
    if (!token || !quest) continue;
    expect([`${quest.colour} primary`, `${quest.colour} secondary`]).toContain(token.name);
    // Rule 140: never two quest tokens of one name in one location once a command is done.
    const key = `${JSON.stringify(token.at)}|${token.name}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
  // Each tally sums to zero with its fund.
  for (const tally of TALLIES) {
    const sum = PLAYERS.reduce((n, p) => n + (t.game.balances[tallyAccount(p, tally)] ?? 0), 0);
    expect(sum + (t.game.balances[tallyFund(tally)] ?? 0)).toBe(0);
  }
}

function play(): { t: Table; bot: Bot } {
  const t = quests({ map: null, players: PLAYERS });
  const bot = new Bot(t, { seed: 2003, d20s: [12, 7, 19, 3, 15, 9, 17, 5, 11, 2, 14, 8, 18, 6] });
  let abandoned = false;
  for (let turn = 1; turn <= TURNS; turn++) {
    const before = t.entries.length;
    // From turn 6, once, the active player begins a Quest and ends the turn before finishing it.
    if (bot.playTurn({ abandon: turn >= 6 && !abandoned })) abandoned = true;
    expect(t.entries.length).toBeGreaterThan(before);
    checkInvariants(t);
  }
  return { t, bot };
}

const ofType = (t: Table, type: string): GameEvent[] =>
  t.entries.map((e) => e.event).filter((e) => e.type === type);

describe('a simulated game on the default map', () => {
  it('four players complete several Quests over 48 turns; rewards match the Quests completed; replay and verify agree', () => {
    const { t, bot } = play();
    const created = ofType(t, 'quest-created');
    const completed = ofType(t, 'quest-completed') as unknown as {
      colour: string;
      players: string[];
      value: { tally: 'brownie points' | 'Puissance'; amount: number };
    }[];
    expect(created.length).toBeGreaterThanOrEqual(6);
    expect(completed.length).toBeGreaterThanOrEqual(4);
    expect(completed.some((c) => c.value.tally === 'Puissance')).toBe(true);
    expect(ofType(t, 'quest-tokens-merged').length).toBeGreaterThan(0);
    expect(ofType(t, 'quest-abandoned')).toHaveLength(1);
    // Every tally is exactly what the completions (and the one abandoned creation) gave.
    for (const p of PLAYERS) {
      for (const tally of ['brownie points', 'Puissance'] as const) {
        const expected = completed
          .filter((c) => c.players.includes(p) && c.value.tally === tally)
          .reduce((n, c) => n + c.value.amount, 0);
        expect(t.game.balances[tallyAccount(p, tally)] ?? 0).toBe(expected);
      }
    }
    const abandoned = ofType(t, 'quest-abandoned')[0]?.player;
    expect(typeof abandoned).toBe('string');
    expect(t.game.balances[tallyAccount(abandoned as string, 'demerits')]).toBe(1);
    expect(bot.commands.length).toBeGreaterThan(200);
    t.expectConsistent();
  });

  it('the same dice give the same game: two runs are identical, entry for entry', () => {
    const a = play().t;
    const b = play().t;
    expect(b.entries.map((e) => e.hash)).toEqual(a.entries.map((e) => e.hash));
  });

  it("a player's view of the finished game shows eir room and tokens, the Roster and where everyone is", () => {
    const { t } = play();
    const view = t.view(player('carol'));
    const s = t.game.rules as QuestsState;
    expect(view.you).toMatchObject({ name: 'carol', room: s.places.find((p) => p.player === 'carol')?.room });
    expect((view.roster as unknown[]).length).toBe(s.quests.roster.length);
    expect((view.players as unknown[]).length).toBe(4);
    const text = t.kernel.render(t.game, view);
    expect(text).toContain('Roster of Quests');
    expect(text).toContain('You are carol');
    for (const line of t.kernel.logView(t.entries, PUBLIC)) expect(line.text).not.toMatch(/^[a-z-]+ \{/);
  });
});
