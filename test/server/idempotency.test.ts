// Issue 13, item 7: an Idempotency-Key names one request. The same key with the same request answers the
// first result; with a different request it is refused (422 idempotency-key-reused) and changes nothing; a
// post's key and a command's key never meet; join and create honour the key and answer the same token again,
// which nobody can obtain from what the log or the store shows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp, World } from './support.js';

const G = '/api/games/g1';
const SECRET = 'Qm9vayBvZiBrZXlzIGZvciB0aGUgdGVzdA'; // 34 characters
const SECRET2 = '3f0c5a0e-6f3b-4b7e-9d2a-8f1e2c4b6a10';

interface Sentence {
  status: string;
  duplicate?: boolean;
}

describe('item 7: a key reused for a different request is refused', () => {
  let t: TestApp;
  let w: World;
  beforeEach(async () => {
    t = await testApp();
    w = await gridGame(t.app, 'g1');
  });
  afterEach(async () => {
    await t.close();
  });
  const alice = () => w.players.alice as string;
  const command = (token: string, body: unknown, key?: string) =>
    req(t.app, 'POST', `${G}/commands`, { token, body, ...(key !== undefined ? { key } : {}) });
  const post = (token: string, text: string, key?: string) =>
    req(t.app, 'POST', `${G}/posts`, { token, body: { text }, ...(key !== undefined ? { key } : {}) });

  it('a command: other arguments, another command or other dice under the same key → 422, nothing changed', async () => {
    expect((await command(alice(), { type: 'enter', args: { x: 3, y: 4 } }, 'k')).status).toBe(200);
    const before = await snapshot(t);
    for (const body of [
      { type: 'enter', args: { x: 3, y: 5 } },
      { type: 'leave' },
      { type: 'enter', args: { x: 3, y: 4, extra: 1 } },
    ]) {
      const res = await command(alice(), body, 'k');
      expect(res.status, res.text).toBe(422);
      expect(errorCode(res)).toBe('idempotency-key-reused');
    }
    // The Administrator's dice brought along count too.
    expect((await command(w.admin, { type: 'dice', args: { values: [5] } }, 'a')).status).toBe(200);
    const dice = await command(w.admin, { type: 'dice', args: { values: [5] }, rolls: [2] }, 'a');
    expect(errorCode(dice)).toBe('idempotency-key-reused');
    const mid = await snapshot(t);
    expect(mid[0]?.entries.length).toBe((before[0]?.entries.length ?? 0) + 2);
    // The same request is still answered as the duplicate it is, the arguments in any order.
    const same = await command(alice(), { args: { y: 4, x: 3 }, type: 'enter' }, 'k');
    expect(same.status).toBe(200);
    expect((same.body as { duplicate: boolean }).duplicate).toBe(true);
    expect(await snapshot(t)).toEqual(mid);
  });

  it('a post: the same key with another text → 422, and the new text is not acted on', async () => {
    expect((await post(alice(), 'I enter the Grid at (3,4).', 'p')).status).toBe(200);
    const before = await snapshot(t);
    const other = await post(alice(), 'I enter the Grid at (6,6).', 'p');
    expect(other.status).toBe(422);
    expect(errorCode(other)).toBe('idempotency-key-reused');
    expect(await snapshot(t)).toEqual(before);
    const again = await post(alice(), 'I enter the Grid at (3,4).', 'p');
    expect((again.body as { sentences: Sentence[] }).sentences).toEqual([
      expect.objectContaining({ status: 'accepted', duplicate: true }),
    ]);
  });

  it('a post: a sentence acted on before that is now chatter, or another command, → 422', async () => {
    expect((await post(alice(), 'I enter the Grid at (3,4). I move to (3,5).', 'q')).status).toBe(200);
    const before = await snapshot(t);
    for (const text of ['Hello all.', 'I enter the Grid at (3,4). I move to (3,3).', 'I move to (3,5).']) {
      const res = await post(alice(), text, 'q');
      expect(res.status, text).toBe(422);
      expect(errorCode(res)).toBe('idempotency-key-reused');
    }
    expect(await snapshot(t)).toEqual(before);
    // The same text, after the game has moved on, is still the duplicate it is.
    expect((await command(w.admin, { type: 'tick' })).status).toBe(200);
    const again = await post(alice(), 'I enter  the Grid at (3,4).   I move to (3,5).', 'q');
    expect(again.status, again.text).toBe(200);
    expect((again.body as { sentences: Sentence[] }).sentences.map((x) => [x.status, x.duplicate])).toEqual([
      ['accepted', true],
      ['accepted', true],
    ]);
  });

  it("a post's key K and a command's key K#0 do not collide", async () => {
    expect((await post(alice(), 'I enter the Grid at (3,4).', 'K')).status).toBe(200);
    const cmd = await command(alice(), { type: 'move', args: { x: 3, y: 5 } }, 'K#0');
    expect(cmd.status, cmd.text).toBe(200);
    expect((cmd.body as { duplicate: boolean }).duplicate).toBe(false);
    // The escaping that keeps them apart is itself unambiguous: "K%230" is not "K#0".
    expect((await command(w.admin, { type: 'dice', args: { values: [1] } }, 'K#0')).status).toBe(200);
    const escaped = await command(w.admin, { type: 'dice', args: { values: [2] } }, 'K%230');
    expect(escaped.status, escaped.text).toBe(200);
    expect((escaped.body as { duplicate: boolean }).duplicate).toBe(false);
  });
});

describe('item 7: join and create honour Idempotency-Key and answer the same token again', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: unknown, key?: string) =>
    req(t.app, 'POST', '/api/games', { body, ...(key !== undefined ? { key } : {}) });
  const join = (player: string, key?: string) =>
    req(t.app, 'POST', `${G}/join`, { body: { player }, ...(key !== undefined ? { key } : {}) });

  it('create: a retry answers the same game and admin token, which works; another request → 422', async () => {
    const first = await create({ ruleset: 'grid-2002-01' }, SECRET);
    expect(first.status, first.text).toBe(201);
    const a = first.body as { game: string; adminToken: string; duplicate: boolean };
    expect(a.duplicate).toBe(false);
    const before = await snapshot(t);
    const retry = await create({ ruleset: 'grid-2002-01' }, SECRET);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual({ ...a, duplicate: true });
    expect(await snapshot(t)).toEqual(before);
    const me = await req(t.app, 'GET', `/api/games/${a.game}/me`, { token: a.adminToken });
    expect(me.status).toBe(200);
    // The same key with other settings names the same game and is refused.
    const other = await create({ ruleset: 'grid-2002-01', ndays: 3 }, SECRET);
    expect(other.status).toBe(422);
    expect(errorCode(other)).toBe('idempotency-key-reused');
    expect(other.text).not.toContain(a.adminToken);
    // With the game named, likewise.
    expect((await create({ ruleset: 'grid-2002-01', game: 'g1' }, SECRET2)).status).toBe(201);
    const named = await create({ ruleset: 'grid-2002-06', game: 'g1' }, SECRET2);
    expect(errorCode(named)).toBe('idempotency-key-reused');
    // Without the key, an existing game is a 409 as before.
    expect((await create({ ruleset: 'grid-2002-01', game: 'g1' })).status).toBe(409);
    expect(await snapshot(t)).toEqual([...before, ...(await snapshot(t)).slice(before.length)]);
  });

  it('join: a retry answers the same token, which works; another name under the key → 422', async () => {
    await gridGame(t.app, 'g1', []);
    const first = await join('alice', SECRET);
    expect(first.status, first.text).toBe(201);
    const token = (first.body as { token: string }).token;
    const before = await snapshot(t);
    const retry = await join('alice', SECRET);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ player: 'alice', token, duplicate: true });
    expect(await snapshot(t)).toEqual(before);
    expect((await req(t.app, 'GET', `${G}/me`, { token })).status).toBe(200);
    const bob = await join('bob', SECRET);
    expect(bob.status).toBe(422);
    expect(errorCode(bob)).toBe('idempotency-key-reused');
    expect(bob.text).not.toContain(token);
    expect(await snapshot(t)).toEqual(before);
    // Without a key, joining twice is still refused as before.
    expect((await join('alice')).status).toBe(409);
  });

  it('nobody obtains the token from what is public or stored: the key is never kept, only a hash', async () => {
    await gridGame(t.app, 'g1', []);
    const first = await join('alice', SECRET);
    const token = (first.body as { token: string }).token;
    const created = await create({ ruleset: 'grid-2002-01' }, SECRET2);
    const adminToken = (created.body as { adminToken: string }).adminToken;
    const everything = JSON.stringify(await snapshot(t));
    const log = (await req(t.app, 'GET', `${G}/log`)).text;
    for (const text of [everything, log]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET2);
      expect(text).not.toContain(token);
      expect(text).not.toContain(adminToken);
    }
    // The command id the log shows, sent as a key, is a different key: it cannot re-answer the join.
    const lines = JSON.parse(log) as { lines: { event: { command?: { id?: string } } }[] };
    const shown = lines.lines.map((l) => l.event.command?.id).find((id) => id?.startsWith('join:'));
    expect(shown).toBeDefined();
    const replay = await join('alice', shown);
    expect(replay.status).toBe(409);
    expect(replay.text).not.toContain(token);
  });

  it('a key a token is derived from must be long enough to be a secret (400)', async () => {
    await gridGame(t.app, 'g1', []);
    const before = await snapshot(t);
    for (const res of [await join('alice', 'k-1'), await create({ ruleset: 'grid-2002-01' }, '12345')]) {
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('bad-request');
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
