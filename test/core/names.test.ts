// Ruling K13 (issue 16, "Player names are compared case-insensitively ("Alice" and "alice" are one player)"):
// the kernel compares names by their key (NFC, lower case) and spells the actor and every argument a command
// declares as naming players as the player joined, so every rule, view and line says the one spelling. K4: a
// game created under kernel edition 1 keeps comparing names exactly, and its log replays and verifies.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BANK,
  canSee,
  command,
  erase,
  KERNEL_EDITION,
  nameKey,
  player,
  playerNamed,
  PUBLIC,
} from '../../src/core/index.js';
import type { GameEvent, Ruleset } from '../../src/core/index.js';
import { Table } from '../support/table.js';

/** A ruleset whose commands name players: a public greeting and a private whisper. */
const greetings: Ruleset<{ readonly said: readonly string[] }> = {
  id: 'greetings',
  title: 'greetings',
  source: 'test',
  initial: () => ({ said: [] }),
  view: (rules) => ({ said: [...rules.said] }),
  render: () => '',
  modules: [
    {
      id: 'greet',
      section: 'Greetings',
      text: 'A player may greet another player.',
      commands: {
        greet: command<{ said: readonly string[] }, z.ZodType<{ to: string }>>({
          actor: 'player',
          summary: 'greet a player',
          words: ['to'],
          players: ['to'],
          args: z.object({ to: z.string() }).strict(),
          run(ctx, by, { to }) {
            if (by.role !== 'player') return;
            // Compared exactly: the kernel spelt the argument as the player joined.
            if (!ctx.state.players.includes(to)) ctx.reject('unknown-player', `${to} has not joined`);
            ctx.emit({ type: 'greeted', vis: 'public', from: by.name, to });
          },
        }),
        whisper: command<{ said: readonly string[] }, z.ZodType<Record<string, never>>>({
          actor: 'player',
          visibility: 'private',
          summary: 'whisper to the Administrator',
          args: z.object({}).strict(),
          run() {},
        }),
      },
      evolve: {
        greeted: (s, e) => ({ said: [...s.said, `${e.from as string}>${e.to as string}`] }),
      },
      describe: { greeted: (e) => `${e.from as string} greets ${e.to as string}.` },
    },
  ],
};

const table = (kernelEdition?: number): Table => {
  const t = new Table([erase(greetings)]);
  t.create('greetings', { dice: 'manual', ...(kernelEdition !== undefined ? { kernelEdition } : {}) });
  return t;
};

describe('K13: player names are compared whatever their case', () => {
  it('K13: the key of a name is its NFC form in lower case', () => {
    expect(nameKey('Alice')).toBe('alice');
    expect(nameKey('ALICE')).toBe(nameKey('alice'));
    expect(nameKey('Al.ice-2')).toBe('al.ice-2');
  });

  it('issue 16 "joining as Alice when alice plays is refused as already taken"; nothing changes', () => {
    const t = table();
    t.join('alice');
    const e = t.refuse('Alice', 'join');
    expect(e).toEqual({
      code: 'already-joined',
      message: 'the name is taken: alice has already joined (names are the same whatever their case)',
    });
    expect(t.refuse('alice', 'join')).toEqual({
      code: 'already-joined',
      message: 'alice has already joined',
    });
    expect(t.game.players).toEqual(['alice']);
  });

  it('K13: a command given as ALICE is alice\'s; the log, its visibility and the rules say "alice"', () => {
    const t = table();
    t.join('alice', 'Bob');
    const greeted = t.act('ALICE', 'greet', { to: 'BOB' }).events;
    expect(greeted[0]).toMatchObject({
      type: 'command',
      command: { by: { role: 'player', name: 'alice' }, args: { to: 'Bob' } },
    });
    expect(greeted[1]).toMatchObject({ type: 'greeted', from: 'alice', to: 'Bob' });
    expect(t.kernel.describe(greeted[1] as GameEvent, t.game)).toBe('alice greets Bob.');
    // A private command is seen by the player as e joined: its visibility names em so.
    const whisper = t.act('Alice', 'whisper').events[0] as GameEvent;
    expect(whisper.vis).toEqual({ players: ['alice'] });
    expect(canSee(whisper.vis, player('alice'))).toBe(true);
    expect(canSee(whisper.vis, PUBLIC)).toBe(false);
    t.expectConsistent();
  });

  it("K13: the kernel's own arguments naming players (points, end's winners) find them whatever the case", () => {
    const t = table();
    t.join('alice', 'bob');
    t.admin('points', { to: 'ALICE', amount: 5, reason: 'a prize' });
    t.admin('points', { from: 'Alice', to: 'BOB', amount: 2, reason: 'passed on' });
    expect(t.game.balances).toEqual({ [BANK]: -5, alice: 3, bob: 2 });
    // A fund's name (it has a space) is never a player's, and is left as given.
    t.admin('points', { from: 'alice', to: 'The Gremlin Fund', amount: 1, reason: 'a fine' });
    expect(t.game.balances['The Gremlin Fund']).toBe(1);
    // A name no one holds is the rules' to refuse, in their words.
    expect(
      t.fail({ type: 'points', by: { role: 'admin' }, args: { to: 'Zed', amount: 1, reason: 'x' } }),
    ).toEqual({ code: 'unknown-player', message: 'Zed has not joined this game' });
    t.admin('end', { winners: ['BOB', 'Alice'] });
    expect(t.game.ended?.winners).toEqual(['bob', 'alice']);
    t.expectConsistent();
  });

  it('K13: playerNamed finds the player as e joined, or nothing', () => {
    const t = table();
    t.join('Alice');
    expect(playerNamed(t.game, 'alice')).toBe('Alice');
    expect(playerNamed(t.game, 'ALICE')).toBe('Alice');
    expect(playerNamed(t.game, 'alicia')).toBeUndefined();
  });

  it("K13: a view asked as ALICE is alice's own", () => {
    const t = table();
    t.join('alice');
    t.act('alice', 'whisper');
    const name = playerNamed(t.game, 'ALICE') ?? '';
    expect(t.kernel.position(t.game, player(name))).toBe(t.kernel.position(t.game, player('alice')));
    expect(t.kernel.position(t.game, player(name))).toBeGreaterThan(t.kernel.position(t.game, PUBLIC));
  });

  it('K13, K4: a new game records the kernel edition it is created under; its creation is decided again so', () => {
    const t = table();
    expect(t.entries[0]?.event).toMatchObject({ type: 'game-created', kernelEdition: KERNEL_EDITION });
    expect(t.game.kernelEdition).toBe(KERNEL_EDITION);
    t.expectConsistent();
    const e = new Table([erase(greetings)]).fail({
      type: 'create',
      by: { role: 'admin' },
      args: { game: 'g', ruleset: 'greetings', kernelEdition: KERNEL_EDITION + 1 },
    });
    expect(e.code).toBe('bad-arguments');
  });

  it('K13, K4: an old game (kernel edition 1) with "Alice" and "alice" keeps them apart, and replays and verifies', () => {
    const t = table(1);
    expect(t.entries[0]?.event).not.toHaveProperty('kernelEdition');
    t.join('Alice', 'alice');
    expect(t.game.players).toEqual(['Alice', 'alice']);
    t.act('alice', 'greet', { to: 'Alice' });
    t.act('Alice', 'greet', { to: 'alice' });
    expect((t.game.rules as { said: string[] }).said).toEqual(['alice>Alice', 'Alice>alice']);
    // Exactly as written: "ALICE" is no one there.
    expect(t.refuse('ALICE', 'greet', { to: 'alice' }).code).toBe('unknown-player');
    expect(t.refuse('alice', 'greet', { to: 'ALICE' }).code).toBe('unknown-player');
    t.admin('points', { to: 'alice', amount: 1, reason: 'x' });
    expect(t.game.balances).toMatchObject({ alice: 1 });
    expect(t.game.balances.Alice).toBeUndefined();
    t.expectConsistent();
  });
});
