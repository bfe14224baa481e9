// Issue 23 item 3, "Addresses are claimed without proof" (ruling M10): an address a player registers counts
// only once a code mailed to it comes back from it (a reply, or the code given to the API); until then mail
// from it is nobody's and the claim blocks no one. The Administrator alone may skip the round-trip, by saying
// so. The referee's and the games' own addresses are never a player's. Time is simulated: the API and the
// mail edge are given the test's clock.
import { UNANSWERED } from '../../src/channels/mail/answering.js';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLAIM_INTERVAL_MS,
  CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  MAX_WRONG_CODES,
} from '../../src/channels/mail/claim.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { Undeliverable } from '../../src/channels/outcome.js';
import { postMessage } from '../../src/forum/index.js';
import type { StoredNotice } from '../../src/store/store.js';
import { gridGame, req, testApp } from '../server/support.js';
import type { TestApp, World } from '../server/support.js';
import { mail, SERVERS } from './support.js';
import { offlineMailAuth } from '../../src/channels/mail/auth.js';

const REFEREE = 'referee@nomic.example';
const FORUM = 'grid@lists.example';
const PRIVATE = 'g1-moderator@nomic.example';
const LIST = 'g1-news@lists.example';
const ADMIN_ADDRESS = 'admin@nomic.example';
const SETTINGS = parseMailSettings({
  from: REFEREE,
  ...SERVERS,
  games: { g1: { forums: [FORUM], private: PRIVATE, list: LIST, admin: ADMIN_ADDRESS } },
});
const DAVE = 'dave@example.org';
const ALICE = 'alice@example.org';
const HOUR = 3_600_000;
const G = '/api/games/g1';

let t: TestApp;
let w: World;
const clock = { now: Date.UTC(2026, 10, 24, 5) };

beforeEach(async () => {
  clock.now = Date.UTC(2026, 10, 24, 5);
  t = await testApp({ mail: { settings: SETTINGS, now: () => clock.now } });
  w = await gridGame(t.app, 'g1', ['alice', 'bob', 'dave']);
});
afterEach(async () => {
  await t.close();
});

const take = (raw: Uint8Array): Promise<Outcome> =>
  takeMail(raw, {
    referee: t.referee,
    settings: SETTINGS,
    now: () => new Date(clock.now).toISOString(),
    auth: offlineMailAuth,
  });

const claim = (player: string, email: string, token = w.players[player], extra: object = {}) =>
  req(t.app, 'POST', `${G}/players/${player}/address`, { token, body: { email, ...extra } });

const confirm = (player: string, code: string, token = w.players[player]) =>
  req(t.app, 'POST', `${G}/players/${player}/address/confirm`, { token, body: { code } });

/** The confirmation notices mailed to an address, oldest first. */
const confirmations = async (address: string): Promise<StoredNotice[]> =>
  (await t.store.notices('g1', `address:${address}`)).filter((n) => n.topic === 'address-confirmation');

/** The code of the last confirmation notice mailed to `address` for `player`. */
async function codeFor(address: string, player: string): Promise<string> {
  const n = (await confirmations(address)).filter((x) => x.text.includes(`player ${player} of`)).at(-1);
  const code = /^confirm ([a-z2-7]{26})$/.exec(n?.subject ?? '')?.[1];
  if (code === undefined) throw new Error(`no confirmation for ${player} at ${address}`);
  return code;
}

/** A plain reply to the confirmation notice, as a mail client makes it: Re: its Subject, its text quoted. */
async function replyTo(address: string, player: string, from = address): Promise<Buffer> {
  const n = (await confirmations(address)).filter((x) => x.text.includes(`player ${player} of`)).at(-1);
  return mail({
    from,
    to: PRIVATE,
    subject: `Re: ${n?.subject ?? ''}`,
    body: `Yes, that was me.\n\nOn Tue, the referee wrote:\n${(n?.text ?? '')
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}\n`,
  });
}

const logLength = async (): Promise<number> => (await t.store.entries('g1'))?.length ?? -1;
/** The game as it stands: whether anyone moved. */
const standing = async (): Promise<string> => JSON.stringify(await t.referee.state('g1'));

describe('issue 23 item 3: addresses are claimed without proof', () => {
  it("issue 23 item 3: alice claims dave's address — dave's “I leave the Grid.” is not alice's, and dave registers and confirms his own", async () => {
    const entered = await postMessage(t.referee, 'g1', 'alice', 'I enter the Grid at (3,4).', {
      key: 'setup',
    });
    expect(entered.map((r) => r.status)).toEqual(['accepted']);
    const claimed = await claim('alice', DAVE);
    expect([claimed.status, claimed.body]).toMatchObject([
      202,
      { player: 'alice', registered: false, confirmation: 'sent' },
    ]);
    expect(await t.store.playerByAddress('g1', DAVE)).toBeUndefined();
    // Dave's mail is nobody's while alice's claim waits: it moves no one.
    const before = await logLength();
    const state = await standing();
    const left = await take(mail({ from: `Dave <${DAVE}>`, to: PRIVATE, body: 'I leave the Grid.' }));
    expect(left).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    expect(await logLength()).toBe(before);
    expect(await standing()).toBe(state);
    // Dave is not locked out: alice's pending claim is no 409 for him.
    const his = await claim('dave', DAVE);
    expect(his.status).toBe(202);
    // He answers his own notice with a plain reply: the address is his, and alice's claim is void.
    const confirmed = await take(await replyTo(DAVE, 'dave'));
    expect(confirmed).toMatchObject({ kind: 'confirmed', game: 'g1', player: 'dave' });
    if (confirmed.kind === 'confirmed') expect(confirmed.receipt.to).toBe('player:dave');
    expect((await t.store.playerByAddress('g1', DAVE))?.player).toBe('dave');
    expect(await t.store.claimOf('g1', 'alice')).toBeUndefined();
    // Now his mail is his: "I enter the Grid" enters dave, and alice is where she was.
    const his2 = await take(mail({ from: DAVE, to: PRIVATE, body: 'I enter the Grid at (5,5).' }));
    expect(his2).toMatchObject({ kind: 'acted', player: 'dave' });
    // Alice's code, had she had it, comes too late: her claim is gone.
    const aliceCode = await codeFor(DAVE, 'alice');
    expect((await confirm('alice', aliceCode)).body).toMatchObject({ error: { code: 'no-claim' } });
  });

  it('issue 23 item 3: the code comes back by the API, once; the claim and the code are in no log or view', async () => {
    await claim('alice', ALICE);
    const code = await codeFor(ALICE, 'alice');
    const ok = await confirm('alice', code.toUpperCase());
    expect([ok.status, ok.body]).toEqual([200, { player: 'alice', registered: true }]);
    expect((await t.store.playerByAddress('g1', ALICE))?.player).toBe('alice');
    // Single use: the same code again confirms nothing.
    expect((await confirm('alice', code)).status).toBe(422);
    for (const token of [w.admin, w.players.alice, w.players.bob]) {
      const log = await req(t.app, 'GET', `${G}/log`, { token });
      const notices = await req(t.app, 'GET', `${G}/notices`, { token });
      for (const text of [log.text, notices.text]) {
        expect(text).not.toContain(ALICE);
        expect(text).not.toContain(code);
      }
    }
  });

  it('issue 23 item 3: a code expires (48 hours by default): after it, the claim is void and nothing is registered', async () => {
    await claim('alice', ALICE);
    const code = await codeFor(ALICE, 'alice');
    clock.now += 48 * HOUR;
    const late = await confirm('alice', code);
    expect([late.status, (late.body as { error: { code: string } }).error.code]).toEqual([
      422,
      'code-expired',
    ]);
    expect(await t.store.addressOf('g1', 'alice')).toBeUndefined();
    // By mail too: a reply after the expiry is refused, and the address stays nobody's.
    clock.now += CLAIM_INTERVAL_MS;
    await claim('alice', ALICE);
    clock.now += 48 * HOUR + 1;
    const reply = await take(await replyTo(ALICE, 'alice'));
    expect(reply).toMatchObject({ kind: 'refused', reason: 'code-expired' });
    expect(await t.store.addressOf('g1', 'alice')).toBeUndefined();
  });

  it(`issue 23 item 3: wrong codes are counted per claim: ${MAX_WRONG_CODES} void it, and the right code then confirms nothing`, async () => {
    await claim('alice', ALICE);
    const code = await codeFor(ALICE, 'alice');
    const guesses: string[] = [];
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      const r = await confirm('alice', 'a'.repeat(26));
      guesses.push((r.body as { error: { code: string } }).error.code);
    }
    expect(guesses).toEqual(Array(MAX_WRONG_CODES).fill('wrong-code'));
    expect((await confirm('alice', code)).body).toMatchObject({ error: { code: 'no-claim' } });
    expect(await t.store.addressOf('g1', 'alice')).toBeUndefined();
  });

  it("issue 23 item 3: forged confirmations From the claimed address — no code, another claim's code, a guess, a replay — register nothing", async () => {
    await claim('alice', DAVE);
    clock.now += 1;
    await claim('bob', 'bob@example.org');
    const bobsCode = await codeFor('bob@example.org', 'bob');
    const before = await logLength();
    // No code: mail from a claimed address is nobody's.
    expect(await take(mail({ from: DAVE, to: PRIVATE, body: 'I enter the Grid at (3,4).' }))).toMatchObject({
      kind: 'refused',
      reason: 'unknown-sender',
    });
    // Another claim's code, and a guess: wrong codes, answered to the address (its owner), not to alice.
    const other = await take(
      mail({ from: DAVE, to: PRIVATE, subject: `Re: confirm ${bobsCode}`, body: 'ok' }),
    );
    expect(other).toMatchObject({ kind: 'refused', reason: 'wrong-code' });
    // To the address (its owner), never to alice; here kept unsent, as dave's address had its one answer of
    // the day (the "unknown sender" above: ruling M12), so a forger cannot flood the owner's mailbox either.
    if (other.kind === 'refused') {
      expect(other.receipt.to).toBe(UNANSWERED);
      expect(other.receipt.text).toContain(`Not sent to address:${DAVE}`);
    }
    const guess = await take(mail({ from: DAVE, to: REFEREE, body: `confirm ${'b'.repeat(26)}` }));
    expect(guess).toMatchObject({ kind: 'refused', reason: 'wrong-code' });
    expect((await t.store.claimOf('g1', 'alice'))?.attempts).toBe(2);
    expect(await t.store.playerByAddress('g1', DAVE)).toBeUndefined();
    // Bob's code works only from bob's address.
    expect((await t.store.claimOf('g1', 'bob'))?.attempts).toBe(0);
    const bobs = await take(await replyTo('bob@example.org', 'bob'));
    expect(bobs).toMatchObject({ kind: 'confirmed', player: 'bob' });
    // A replay of bob's confirmation (the same message again, or anew) changes nothing more.
    expect(await take(await replyTo('bob@example.org', 'bob'))).not.toMatchObject({ kind: 'confirmed' });
    expect(await logLength()).toBe(before);
  });

  it('issue 23 item 3: a second claim of the same player replaces the first (its code no longer works), not sooner than the interval', async () => {
    await claim('alice', 'old@example.org');
    const old = await codeFor('old@example.org', 'alice');
    const soon = await claim('alice', ALICE);
    expect([soon.status, (soon.body as { error: { code: string } }).error.code]).toEqual([429, 'too-soon']);
    // The Administrator's claims by the API are paced too: anyone may create a game and be its Administrator.
    expect((await claim('alice', ALICE, w.admin)).status).toBe(429);
    clock.now += CLAIM_INTERVAL_MS;
    expect((await claim('alice', ALICE)).status).toBe(202);
    expect((await confirm('alice', old)).status).toBe(422);
    expect((await confirm('alice', await codeFor(ALICE, 'alice'))).status).toBe(200);
    expect(await t.store.addressOf('g1', 'alice')).toBe(ALICE);
  });

  it("issue 23 item 3: the Administrator's explicit skip registers at once and says so; a player cannot skip", async () => {
    const player = await claim('alice', ALICE, w.players.alice, { confirmed: 'by-administrator' });
    expect(player.status).toBe(403);
    expect(await t.store.addressOf('g1', 'alice')).toBeUndefined();
    const admin = await claim('alice', ALICE, w.admin, { confirmed: 'by-administrator' });
    expect([admin.status, admin.body]).toEqual([
      200,
      { player: 'alice', registered: true, confirmed: 'by-administrator', phrase: false },
    ]);
    expect(await confirmations(ALICE)).toEqual([]);
    const o = await take(mail({ from: ALICE, to: PRIVATE, body: 'I enter the Grid at (3,4).' }));
    expect(o).toMatchObject({ kind: 'acted', player: 'alice' });
    // Without the word, the Administrator's registration is a claim like any other.
    expect((await claim('bob', 'bob@example.org', w.admin)).status).toBe(202);
    expect(await t.store.addressOf('g1', 'bob')).toBeUndefined();
  });

  it("issue 23 item 3: the referee's and the game's own addresses are refused as a player's, at every way of registering", async () => {
    for (const own of [REFEREE, FORUM, PRIVATE, LIST, ADMIN_ADDRESS]) {
      for (const token of [w.players.alice, w.admin]) {
        const r = await claim('alice', own.toUpperCase(), token);
        expect([r.status, (r.body as { error: { code: string } }).error.code]).toEqual([422, 'own-address']);
        // Which game's address it is stays the operator's to tell.
        expect(r.text).not.toMatch(/g1|list of|forum of/);
      }
      const skip = await claim('alice', own, w.admin, { confirmed: 'by-administrator' });
      expect(skip.status).toBe(422);
    }
    expect(await t.store.claimOf('g1', 'alice')).toBeUndefined();
    expect(await t.store.addressOf('g1', 'alice')).toBeUndefined();
  });

  it("issue 23 item 3: where the registration did not know the settings, the mail channel never sends a code or a player's mail to an own address", async () => {
    // A server without mail settings takes the claim; the channel, which always has them, refuses to send it.
    const bare = await testApp({ mail: { now: () => clock.now } });
    try {
      const world = await gridGame(bare.app, 'g1', ['alice']);
      const r = await req(bare.app, 'POST', `${G}/players/alice/address`, {
        token: world.players.alice,
        body: { email: LIST },
      });
      expect(r.status).toBe(202);
      await bare.store.setAddress('g1', 'alice', FORUM, null);
      const channel = new MailChannel({
        settings: SETTINGS,
        addressOf: (game, p) => bare.store.addressOf(game, p),
        transport: nodemailer.createTransport({ streamTransport: true, buffer: true }),
      });
      const [notice] = await bare.store.notices('g1', `address:${LIST}`);
      if (!notice) throw new Error('no confirmation notice');
      await expect(channel.deliver(notice)).rejects.toBeInstanceOf(Undeliverable);
      await bare.store.enqueue([
        { game: 'g1', key: 'news', to: 'player:alice', topic: 'news', subject: 'news', text: 'x', at: 'now' },
      ]);
      const [news] = await bare.store.notices('g1', 'player:alice');
      if (!news) throw new Error('no news');
      await expect(channel.deliver(news)).rejects.toThrow(/never a player's/);
      channel.close();
    } finally {
      await bare.close();
    }
  });

  it(`issue 23 item 3: claims mail one address at most ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} codes a day, whoever claims; past that the claimant is answered alike and the code is kept unsent`, async () => {
    const answers: unknown[] = [];
    for (let i = 0; i <= CONFIRMATIONS_PER_ADDRESS_PER_DAY; i++) {
      const who = ['alice', 'bob'][i % 2] as string;
      const r = await claim(who, DAVE);
      expect(r.status).toBe(202);
      answers.push((r.body as { confirmation: unknown }).confirmation);
      clock.now += CLAIM_INTERVAL_MS;
    }
    expect(answers).toEqual(Array(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 1).fill('sent'));
    expect(await confirmations(DAVE)).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
    const kept = (await t.store.notices('g1', UNANSWERED)).filter((n) => n.topic === 'address-confirmation');
    expect(kept).toHaveLength(1);
    expect(`${kept[0]?.subject} ${kept[0]?.text}`).not.toMatch(/[a-z2-7]{26}/);
    // The next UTC day the address is mailed again: dave claims his own and gets his code.
    clock.now = Date.UTC(2026, 10, 25, 0, 1);
    expect((await claim('dave', DAVE)).status).toBe(202);
    expect(await codeFor(DAVE, 'dave')).toMatch(/^[a-z2-7]{26}$/);
  });
});
