// T-22 over HTTP: joining a Tunnelers game through the generic join route asks to join the Underground Society
// and answers a token, with which the requester, once the Moderator (the Administrator's token) has approved
// em and e has four points, pays to play and acts. The route knows nothing of Tunnelers: the rules decide.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

let t: TestApp;
let admin: string;
const T = '/api/games/t1';

beforeEach(async () => {
  t = await testApp();
  const res = await req(t.app, 'POST', '/api/games', { body: { ruleset: 'tunnelers', game: 't1' } });
  admin = (res.body as { adminToken: string }).adminToken;
});
afterEach(async () => {
  await t.close();
});

const command = (token: string, type: string, args: Record<string, unknown> = {}) =>
  req(t.app, 'POST', `${T}/commands`, { token, body: { type, args } });

describe('Tunnelers over HTTP: the society', () => {
  it('T-22 POST /join asks to join the society and answers a token; the Moderator approves; the member pays to play', async () => {
    const joined = await req(t.app, 'POST', `${T}/join`, { body: { player: 'alice' } });
    expect(joined.status).toBe(201);
    const { token, lines } = joined.body as { token: string; lines: { text: string }[] };
    expect(lines.map((l) => l.text)).toContain('alice asks to join the Underground Society.');
    const me = (await req(t.app, 'GET', `${T}/me`, { token })).body as {
      view: { requests: string[]; members: string[]; players: unknown[] };
      commands: { name: string }[];
    };
    expect(me.view).toMatchObject({ requests: ['alice'], members: [], players: [] });
    expect(me.commands.map((c) => c.name)).toContain('pay-to-play');

    // Not a member yet: refused, and nothing is written.
    const before = await snapshot(t);
    const early = await command(token, 'pay-to-play');
    expect(early.status).toBe(422);
    expect(errorCode(early)).toBe('not-a-member');
    expect(await snapshot(t)).toEqual(before);

    // A player's token cannot approve; the Administrator's can.
    expect((await command(token, 'approve', { player: 'alice' })).status).toBe(403);
    expect((await command(admin, 'approve', { player: 'alice' })).status).toBe(200);
    // T-25: without four points e cannot pay.
    expect(errorCode(await command(token, 'pay-to-play'))).toBe('cannot-pay');
    await command(admin, 'points', { to: 'alice', amount: 4, reason: "alice's points in the Main Game" });
    const paid = await command(token, 'pay-to-play');
    expect(paid.status).toBe(200);
    const view = (await req(t.app, 'GET', `${T}/me`, { token })).body as {
      view: { members: string[]; players: { name: string }[]; society: number };
    };
    expect(view.view.members).toEqual(['alice']);
    expect(view.view.players.map((p) => p.name)).toEqual(['alice']);
    expect(view.view.society).toBe(4);
  });

  it('T-22 the Moderator refuses a request: public, and the requester keeps a token to ask again', async () => {
    const { token } = (await req(t.app, 'POST', `${T}/join`, { body: { player: 'bob' } })).body as {
      token: string;
    };
    expect((await command(admin, 'refuse', { player: 'bob' })).status).toBe(200);
    const log = (await req(t.app, 'GET', `${T}/log`)).body as { lines: { text: string }[] };
    expect(log.lines.map((l) => l.text)).toContain(
      "The Moderator refuses bob's request to join the Underground Society.",
    );
    expect((await command(token, 'request-membership')).status).toBe(200);
    expect((await req(t.app, 'GET', `${T}`)).body).toMatchObject({ view: { requests: ['bob'] } });
  });
});
