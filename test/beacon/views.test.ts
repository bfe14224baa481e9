// Issue 26 item 2, "what a player sees meanwhile says so" (ruling B11): a game on beacon dice waiting for its
// round says, in the API's views (/me, the public view) and under `referee show`'s board, which round of which
// chain it waits for and when that round is due; once the round is recorded, none of them says it any more.
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { pendingLines } from '../../src/cli/pending-text.js';
import { req, testApp } from '../server/support.js';
import type { TestApp } from '../server/support.js';
import { makeTestChain } from './test-chain.js';

const t = makeTestChain(
  'viewtest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 55),
  // Genesis a day ago, so that the rounds the game names (from the request's real instant) are a day's worth on.
  Math.floor(Date.now() / 1000) - 86_400,
);

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Payload {
  view: JsonObject & { beacon?: { chain: string; round: number; waiting: boolean; due?: string } };
}

describe('what the views say while a beacon game waits for its round (issue 26, B11)', () => {
  it('/me and the public view name the round and when it is due; show says so under the board; then they stop', async () => {
    app = await testApp();
    const made = await req(app.app, 'POST', '/api/games', {
      body: { game: 'bv', ruleset: 'grid-2002-01', dice: 'beacon', beacon: { ...t.chain } },
    });
    expect(made.status).toBe(201);
    const token = (made.body as { adminToken: string }).adminToken;
    const joined = await req(app.app, 'POST', '/api/games/bv/join', { body: { player: 'ann' } });
    // The game takes no join before its round: the refusal names it too.
    expect(joined.status).toBe(422);
    expect(joined.text).toContain('round');
    const me = (await req(app.app, 'GET', '/api/games/bv/me', { token })).body as Payload;
    const pub = (await req(app.app, 'GET', '/api/games/bv')).body as Payload;
    const b = me.view.beacon;
    if (!b) throw new Error('no beacon in the view');
    expect(b).toEqual({
      chain: 'viewtest',
      round: b.round,
      waiting: true,
      due: new Date(roundTime(t.chain, b.round)).toISOString(),
    });
    expect(pub.view.beacon).toEqual(b);
    const due = `${(b.due as string).slice(0, 19).replace('T', ' ')} UTC`;
    expect(pendingLines(pub.view)).toEqual([
      `The dice wait for round ${b.round} of the viewtest beacon, due ${due}: the nweek goes on once it is recorded (the referee fetches it from the beacon's relays, or the Administrator pastes it).`,
    ]);
    const recorded = await req(app.app, 'POST', '/api/games/bv/commands', {
      token,
      body: { type: 'beacon', args: { round: b.round, json: { ...t.round(b.round) } } },
    });
    expect(recorded.status).toBe(200);
    const after = (await req(app.app, 'GET', '/api/games/bv')).body as Payload;
    expect(after.view.beacon).toEqual({ chain: 'viewtest', round: b.round, waiting: false });
    expect(pendingLines(after.view).join('\n')).not.toContain('round');
  });
});
