// Issue 16 over HTTP: "Player names are compared case-insensitively" (K13) and "approval of joins (and removal
// of a player) as a per-game setting for every ruleset" (K14, K15): the creation's `joins`, a join that is a
// request (201 with `pending`, the requester's token), the Administrator's approve, refuse and remove routes,
// tokens and addresses found whatever the case.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});
beforeEach(async () => {
  t = await testApp();
});

const G = '/api/games/g1';

async function create(joins?: 'open' | 'approval'): Promise<string> {
  const res = await req(t.app, 'POST', '/api/games', {
    body: {
      ruleset: 'grid-2002-06',
      game: 'g1',
      dice: 'manual',
      rolls: [1, 2, 400],
      ...(joins ? { joins } : {}),
    },
  });
  expect(res.status).toBe(201);
  return (res.body as { adminToken: string }).adminToken;
}

const join = (player: string) => req(t.app, 'POST', `${G}/join`, { body: { player } });
const command = (token: string, type: string, args: Record<string, unknown> = {}) =>
  req(t.app, 'POST', `${G}/commands`, { token, body: { type, args } });
const me = async (token: string) =>
  (await req(t.app, 'GET', `${G}/me`, { token })).body as {
    viewer: { name?: string };
    view: { admission: { approval: boolean; requests: string[]; removed: string[] } };
  };

describe('K13 over HTTP: one player whatever the case', () => {
  it('issue 16 "joining as Alice when alice plays is refused as already taken": 409, nothing written', async () => {
    await create();
    expect((await join('alice')).status).toBe(201);
    const before = await snapshot(t);
    const again = await join('Alice');
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe('already-joined');
    expect(await snapshot(t)).toEqual(before);
  });

  it("K13: the Administrator's new token for ALICE is alice's, and the address route finds her in any case", async () => {
    const admin = await create();
    await join('alice');
    const issued = await req(t.app, 'POST', `${G}/players/ALICE/token`, { token: admin });
    expect(issued.status).toBe(200);
    const { player, token } = issued.body as { player: string; token: string };
    expect(player).toBe('alice');
    expect((await me(token)).viewer).toEqual({ role: 'player', name: 'alice' });
    expect((await command(token, 'enter', { x: 3, y: 3 })).status).toBe(200);
    const address = await req(t.app, 'POST', `${G}/players/Alice/address`, {
      token,
      body: { email: 'alice@example.org' },
    });
    // A claim, confirmed by the code mailed to the address (ruling M10).
    expect(address.status).toBe(202);
    expect(address.body).toMatchObject({ player: 'alice', registered: false, confirmation: 'sent' });
  });

  it("K13: an Administrator's order names players in any case (points to BOB)", async () => {
    const admin = await create();
    await join('bob');
    const res = await command(admin, 'points', { to: 'BOB', amount: 3, reason: 'a prize' });
    expect(res.status).toBe(200);
    expect((res.body as { lines: { text: string }[] }).lines.map((l) => l.text)).toContain(
      '3 points from The Bank to bob: a prize.',
    );
  });
});

describe('K14, K15 over HTTP: approval of joins and removal', () => {
  it('K14: a game created with joins "approval": a join is a request with a token; approve makes the player', async () => {
    const admin = await create('approval');
    const asked = await join('Bob');
    expect(asked.status).toBe(201);
    const { token, pending } = asked.body as { token: string; pending?: boolean };
    expect(pending).toBe(true);
    expect((await me(token)).view.admission).toEqual({ approval: true, requests: ['Bob'], removed: [] });
    // The public sees that a request exists (joining is public).
    const pub = (await req(t.app, 'GET', G)).body as { view: { admission: { requests: string[] } } };
    expect(pub.view.admission.requests).toEqual(['Bob']);
    const early = await command(token, 'enter', { x: 3, y: 3 });
    expect(early.status).toBe(422);
    expect(errorCode(early)).toBe('unknown-player');
    // Only the Administrator approves.
    expect((await req(t.app, 'POST', `${G}/players/bob/approve`, { token })).status).toBe(403);
    const approved = await req(t.app, 'POST', `${G}/players/bob/approve`, { token: admin, key: 'a-1' });
    expect(approved.status).toBe(200);
    expect((approved.body as { lines: { text: string }[] }).lines.map((l) => l.text)).toEqual(
      expect.arrayContaining(["The Administrator approves Bob's request to join.", 'Bob joins the game.']),
    );
    // The same key again: the first answer, nothing more.
    const again = await req(t.app, 'POST', `${G}/players/bob/approve`, { token: admin, key: 'a-1' });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ duplicate: true });
    expect((await command(token, 'enter', { x: 3, y: 3 })).status).toBe(200);
  });

  it('K14: refuse (with a reason) and the setting changed by the logged `joins` order', async () => {
    const admin = await create();
    expect((await command(admin, 'joins', { joins: 'approval' })).status).toBe(200);
    await join('carol');
    const refused = await req(t.app, 'POST', `${G}/players/carol/refuse`, {
      token: admin,
      body: { reason: 'not in the Main Game' },
    });
    expect(refused.status).toBe(200);
    expect((refused.body as { lines: { text: string }[] }).lines.map((l) => l.text)).toContain(
      "The Administrator refuses carol's request to join: not in the Main Game.",
    );
    const none = await req(t.app, 'POST', `${G}/players/carol/refuse`, { token: admin, body: {} });
    expect(none.status).toBe(422);
    expect(errorCode(none)).toBe('no-request');
  });

  it("K15: remove with a reason: the player's token still reads eir view, and gives no command", async () => {
    const admin = await create();
    const { token } = (await join('dan')).body as { token: string };
    await command(token, 'enter', { x: 4, y: 4 });
    const noReason = await req(t.app, 'POST', `${G}/players/dan/remove`, { token: admin, body: {} });
    expect(noReason.status).toBe(400);
    const removed = await req(t.app, 'POST', `${G}/players/DAN/remove`, {
      token: admin,
      body: { reason: 'left the Main Game' },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as { lines: { text: string }[] }).lines.map((l) => l.text)).toContain(
      'The Administrator removes dan from the game: left the Main Game.',
    );
    expect((await me(token)).view.admission.removed).toEqual(['dan']);
    const after = await command(token, 'move', { x: 5, y: 5 });
    expect(after.status).toBe(422);
    expect(errorCode(after)).toBe('unknown-player');
    const rejoin = await join('Dan');
    expect(rejoin.status).toBe(422);
    expect(errorCode(rejoin)).toBe('removed');
  });
});
