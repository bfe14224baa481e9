// Issue 15: registering a player's mail address and secret phrase — the phrase salted and hashed (scrypt),
// never stored as itself; the API route for the player emself or the Administrator, which answers no address.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPhrase, phraseMatches, takePhrases } from '../../src/channels/mail/phrase.js';
import { gridGame, req, snapshot, testApp } from '../server/support.js';
import type { TestApp, World } from '../server/support.js';

describe('the secret phrase', () => {
  it('is stored salted and hashed: two hashes of one phrase differ, both match it, neither holds it', async () => {
    const a = await hashPhrase('purple elephants dance');
    const b = await hashPhrase('purple elephants dance');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('elephants');
    expect(await phraseMatches('purple  elephants dance ', a)).toBe(true);
    expect(await phraseMatches('purple elephants dance!', a)).toBe(false);
    expect(await phraseMatches('purple elephants dance', 'not-a-hash')).toBe(false);
  });

  it('is read from lines of their own ("phrase: …"), which are taken out of the text', () => {
    expect(takePhrases('Phrase: open sesame\nI enter the Grid at (3,4).\nmy phrase: not this one')).toEqual({
      phrases: ['open sesame'],
      text: '\nI enter the Grid at (3,4).\nmy phrase: not this one',
    });
  });
});

describe('POST /api/games/:game/players/:player/address', () => {
  let t: TestApp;
  let w: World;
  const G = '/api/games/g1';
  beforeEach(async () => {
    t = await testApp();
    w = await gridGame(t.app, 'g1');
  });
  afterEach(async () => {
    await t.close();
  });

  it('the player emself claims eir address and phrase, confirmed by the code mailed to it; the answers and the log hold neither', async () => {
    const res = await req(t.app, 'POST', `${G}/players/alice/address`, {
      token: w.players.alice,
      body: { email: 'Alice@Example.org', phrase: 'a long secret phrase' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      player: 'alice',
      registered: false,
      confirmation: 'sent',
      phrase: true,
    });
    expect(res.text).not.toContain('example.org');
    // Ruling M10: nothing is registered until the code comes back.
    expect(await t.store.playerByAddress('g1', 'alice@example.org')).toBeUndefined();
    const [notice] = await t.store.notices('g1', 'address:alice@example.org');
    const code = /^confirm (\w+)$/.exec(notice?.subject ?? '')?.[1] ?? '';
    const confirmed = await req(t.app, 'POST', `${G}/players/alice/address/confirm`, {
      token: w.players.alice,
      body: { code },
    });
    expect([confirmed.status, confirmed.body]).toEqual([200, { player: 'alice', registered: true }]);
    const holder = await t.store.playerByAddress('g1', 'alice@example.org');
    expect(holder?.player).toBe('alice');
    expect(holder?.phraseHash).toMatch(/^scrypt\$/);
    const log = await req(t.app, 'GET', `${G}/log`, { token: w.admin });
    expect(log.text).not.toContain('example.org');
  });

  it('an address another player holds is a 409, a bad one a 422, and neither changes anything', async () => {
    await req(t.app, 'POST', `${G}/players/alice/address`, {
      token: w.admin,
      body: { email: 'a@example.org', confirmed: 'by-administrator' },
    });
    const before = JSON.stringify(await snapshot(t));
    const taken = await req(t.app, 'POST', `${G}/players/bob/address`, {
      token: w.players.bob,
      body: { email: 'A@example.org' },
    });
    expect([taken.status, (taken.body as { error?: { code?: string } }).error?.code]).toEqual([
      409,
      'address-taken',
    ]);
    const bad = await req(t.app, 'POST', `${G}/players/bob/address`, {
      token: w.players.bob,
      body: { email: 'no address', phrase: 'a long secret phrase' },
    });
    expect(bad.status).toBe(422);
    const short = await req(t.app, 'POST', `${G}/players/bob/address`, {
      token: w.players.bob,
      body: { email: 'bob@example.org', phrase: 'short' },
    });
    expect(short.status).toBe(422);
    expect(JSON.stringify(await snapshot(t))).toBe(before);
  });
});
