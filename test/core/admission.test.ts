// Rulings K14 and K15 (issue 16: "offer approval of joins (and removal of a player) as a per-game setting for
// every ruleset"): a game's joins are open or need the Administrator's approval, chosen at creation and changed
// by the logged `joins`; requests are public and answered in public (approve-join, refuse-join); the
// Administrator removes a player with a reason (remove-player), the rules doing with eir things what they say
// of a player who leaves (onRemove), eir name staying taken and eir points eirs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BANK, command, erase, player, PUBLIC } from '../../src/core/index.js';
import type { Ruleset } from '../../src/core/index.js';
import { Table } from '../support/table.js';

interface Seats {
  readonly seated: readonly string[];
}

/** A ruleset that seats whoever joins and unseats whoever is removed, and lets a seated player wave. */
const seats: Ruleset<Seats> = {
  id: 'seats',
  title: 'seats',
  source: 'test',
  initial: () => ({ seated: [] }),
  view: (rules) => ({ seated: [...rules.seated] }),
  render: () => '',
  modules: [
    {
      id: 'seats',
      section: 'Seats',
      text: 'Whoever joins takes a seat; whoever leaves gives it up.',
      onJoin(ctx, name) {
        ctx.emit({ type: 'seated', vis: 'public', player: name });
      },
      onRemove(ctx, name) {
        // The kernel has already taken em off the game's list.
        expect(ctx.state.players).not.toContain(name);
        ctx.emit({ type: 'unseated', vis: 'public', player: name });
      },
      commands: {
        wave: command<Seats, z.ZodType<Record<string, never>>>({
          actor: 'player',
          summary: 'wave',
          args: z.object({}).strict(),
          run(ctx, by) {
            if (by.role === 'player') ctx.emit({ type: 'waved', vis: 'public', player: by.name });
          },
        }),
      },
      evolve: {
        seated: (s, e) => ({ seated: [...s.seated, e.player as string] }),
        unseated: (s, e) => ({ seated: s.seated.filter((p) => p !== e.player) }),
        waved: (s) => s,
      },
    },
  ],
};

const game = (joins?: 'open' | 'approval'): Table => {
  const t = new Table([erase(seats)]);
  t.create('seats', { dice: 'manual', ...(joins ? { joins } : {}) });
  return t;
};
const seated = (t: Table): readonly string[] => (t.game.rules as Seats).seated;
const join = (t: Table, name: string) => t.try({ type: 'join', by: player(name), args: {} });

describe('K14: joins open, or waiting for the Administrator', () => {
  it('K14: a game is open unless created otherwise, and its creation records only approval', () => {
    const open = game();
    expect(open.entries[0]?.event).not.toHaveProperty('joins');
    expect(open.game.admission).toEqual({ approval: false, requests: [], removed: [] });
    open.join('alice');
    expect(seated(open)).toEqual(['alice']);
    const closed = game('approval');
    expect(closed.entries[0]?.event).toMatchObject({ joins: 'approval' });
    expect(closed.game.admission.approval).toBe(true);
    closed.expectConsistent();
  });

  it('K14: with approval a join is a public request; the one asking is no player until approved', () => {
    const t = game('approval');
    const asked = join(t, 'bob');
    expect(asked.ok && asked.value.events.map((e) => e.type)).toEqual(['command', 'join-requested']);
    expect(t.game.players).toEqual([]);
    expect(t.game.admission.requests).toEqual(['bob']);
    // Public, as joining is: everyone sees that bob asks.
    expect(t.view(PUBLIC).admission).toEqual({ approval: true, requests: ['bob'], removed: [] });
    expect(t.kernel.logView(t.entries, PUBLIC).at(-1)?.text).toBe(
      'bob asks to join the game; the Administrator approves or refuses.',
    );
    expect(t.refuse('bob', 'wave')).toEqual({
      code: 'unknown-player',
      message: "bob's request to join waits for the Administrator's approval",
    });
    // Asking twice, in any case, is refused; nothing changes.
    expect(t.refuse('BOB', 'join')).toMatchObject({
      code: 'already-requested',
      message: "bob's request to join is already waiting for the Administrator",
    });
    t.expectConsistent();
  });

  it('K14: approve-join makes the one who asked a player, and the rules seat em; named in any case', () => {
    const t = game('approval');
    join(t, 'Bob');
    const approved = t.admin('approve-join', { player: 'bob' }).events;
    expect(approved.map((e) => e.type)).toEqual(['command', 'join-approved', 'player-joined', 'seated']);
    expect(approved[0]?.vis).toBe('public');
    expect(approved[2]).toMatchObject({ player: 'Bob' });
    expect(t.game.players).toEqual(['Bob']);
    expect(t.game.admission.requests).toEqual([]);
    expect(seated(t)).toEqual(['Bob']);
    t.act('bob', 'wave');
    expect(t.refuseAdmin('approve-join', { player: 'Bob' })).toEqual({
      code: 'no-request',
      message: 'Bob has already joined: there is no request to answer',
    });
    expect(t.refuseAdmin('approve-join', { player: 'zed' })).toEqual({
      code: 'no-request',
      message: 'zed has no request to join waiting',
    });
    // Only the Administrator answers.
    expect(t.refuse('Bob', 'approve-join', { player: 'Bob' }).code).toBe('not-allowed');
    t.expectConsistent();
  });

  it('K14: refuse-join, with or without a reason; the one refused may ask again', () => {
    const t = game('approval');
    join(t, 'bob');
    join(t, 'carol');
    const refused = t.admin('refuse-join', { player: 'BOB', reason: 'not a player of the Main Game' }).events;
    expect(t.kernel.describe(refused[1] as never)).toBe(
      "The Administrator refuses bob's request to join: not a player of the Main Game.",
    );
    t.admin('refuse-join', { player: 'carol' });
    expect(t.kernel.logView(t.entries, PUBLIC).at(-1)?.text).toBe(
      "The Administrator refuses carol's request to join.",
    );
    expect(t.game.admission.requests).toEqual([]);
    expect(t.game.players).toEqual([]);
    expect(join(t, 'bob').ok).toBe(true);
    expect(t.game.admission.requests).toEqual(['bob']);
    t.expectConsistent();
  });

  it('K14: `joins` changes the setting in public, from then on; requests waiting stay until answered', () => {
    const t = game();
    expect(t.admin('joins', { joins: 'approval' }).events[1]).toMatchObject({
      type: 'joins-set',
      vis: 'public',
      joins: 'approval',
    });
    expect(t.refuseAdmin('joins', { joins: 'approval' })).toEqual({
      code: 'not-allowed',
      message: "joins already need the Administrator's approval",
    });
    join(t, 'Dan');
    t.admin('joins', { joins: 'open' });
    expect(t.game.admission).toEqual({ approval: false, requests: ['Dan'], removed: [] });
    // Open again: one still waiting joins by joining (in any case), as the name e asked with.
    join(t, 'dan');
    expect(t.game.players).toEqual(['Dan']);
    expect(t.game.admission.requests).toEqual([]);
    join(t, 'erin');
    expect(t.game.players).toEqual(['Dan', 'erin']);
    t.expectConsistent();
  });
});

describe('K15: the Administrator removes a player', () => {
  it('K15: removal is public with its reason; the rules act after it; eir points stay eirs', () => {
    const t = game();
    t.join('alice', 'bob');
    t.admin('points', { to: 'bob', amount: 7, reason: 'a prize' });
    const removed = t.admin('remove-player', { player: 'BOB', reason: 'left the Main Game' }).events;
    expect(removed.map((e) => e.type)).toEqual(['command', 'player-removed', 'unseated']);
    expect(removed.every((e) => e.vis === 'public')).toBe(true);
    expect(
      t.kernel
        .logView(t.entries, PUBLIC)
        .slice(-2)
        .map((l) => l.text),
    ).toEqual([
      'The Administrator removes bob from the game: left the Main Game.',
      'unseated {"type":"unseated","vis":"public","player":"bob"}',
    ]);
    expect(t.game.players).toEqual(['alice']);
    expect(t.game.admission.removed).toEqual(['bob']);
    expect(seated(t)).toEqual(['alice']);
    expect(t.game.balances).toEqual({ [BANK]: -7, bob: 7 });
    t.expectConsistent();
  });

  it('K15: a removed player gives no command and cannot join again under the name, in any case', () => {
    const t = game();
    t.join('alice', 'bob');
    t.admin('remove-player', { player: 'bob', reason: 'cheating' });
    expect(t.refuse('bob', 'wave')).toEqual({
      code: 'unknown-player',
      message: 'bob was removed from this game by the Administrator',
    });
    expect(t.refuse('Bob', 'join')).toEqual({
      code: 'removed',
      message: 'bob was removed from this game by the Administrator and cannot join it again',
    });
    expect(t.refuseAdmin('remove-player', { player: 'bob', reason: 'again' })).toEqual({
      code: 'unknown-player',
      message: 'bob was removed from this game',
    });
    expect(t.refuseAdmin('remove-player', { player: 'zed', reason: 'x' })).toEqual({
      code: 'unknown-player',
      message: 'zed has not joined this game',
    });
    // A reason is needed.
    expect(t.refuseAdmin('remove-player', { player: 'alice' }).code).toBe('bad-arguments');
    // A removed player's view is still eirs to read (what e saw before), and says e was removed.
    expect(t.view(player('bob')).admission).toEqual({ approval: false, requests: [], removed: ['bob'] });
    t.expectConsistent();
  });

  it('K15: remove-player is marked irreversible, so the page confirms it', () => {
    const t = game();
    expect(t.kernel.commands(t.game).get('remove-player')?.confirm?.message).toMatch(/cannot join again/);
  });
});
