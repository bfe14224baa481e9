// Issue 16 in forum text: "every … forum text ("alice moves…", "ALICE") … finds the player whatever the case"
// (ruling K13), and the kernel's one phrase (src/forum/phrases/game.ts): asking again to join a game whose joins
// need the Administrator's approval (K14).
import { describe, expect, it } from 'vitest';
import { ADMIN, player } from '../../src/core/index.js';
import { postMessage } from '../../src/forum/index.js';
import { admin, must, newGame, openReferee } from './support.js';

describe('K13 in forum text', () => {
  it('K13: a post by ALICE is alice\'s: her commands, her view, every line says "alice"', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const results = await postMessage(r, 'g1', 'ALICE', 'I enter the Grid at (3,4). I move to (4,5).');
    expect(results.map((x) => x.status)).toEqual(['accepted', 'accepted']);
    const log = await r.log('g1', player('alice'));
    expect(log.map((l) => l.text)).toEqual(
      expect.arrayContaining(['alice: enter x=3 y=4', 'alice enters the Grid at (3,4).']),
    );
  });

  it('K13: "I whack BOB" names bob as he joined', async () => {
    const r = openReferee();
    // The Big Stick at (5,5), the Shield far away, nweek 1's Ball of Wax in the far corner.
    await newGame(r, 'g1', 'grid-2002-06', ['alice', 'Bob'], [85, 400, 400]);
    await must(r, 'g1', { type: 'enter', by: player('alice'), args: { x: 5, y: 5 } });
    await must(r, 'g1', { type: 'enter', by: player('Bob'), args: { x: 6, y: 6 } });
    const results = await postMessage(r, 'g1', 'alice', 'I pick up the Big Stick. I whack BOB.');
    expect(results.map((x) => x.status)).toEqual(['accepted', expect.any(String)]);
    expect(results[1]?.command?.args).toEqual({ target: 'Bob' });
  });
});

describe('K14 in forum text: asking again to join', () => {
  it('K14: "I ask again to join the game." from one refused is a new request', async () => {
    const r = openReferee();
    await must(r, 'g1', {
      type: 'create',
      by: ADMIN,
      args: { game: 'g1', ruleset: 'tunnelers', dice: 'manual', joins: 'approval' },
    });
    await must(r, 'g1', { type: 'join', by: player('carol'), args: {} });
    await admin(r, 'g1', 'refuse-join', { player: 'carol' });
    const results = await postMessage(
      r,
      'g1',
      'carol',
      'Sorry for the trouble. I ask again to join the game.',
    );
    expect(results.map((x) => x.status)).toEqual(['ignored', 'accepted']);
    expect((await r.state('g1')).admission.requests).toEqual(['carol']);
    const twice = await postMessage(r, 'g1', 'carol', 'I ask to join the game.');
    expect(twice[0]?.error?.code).toBe('already-requested');
  });
});
