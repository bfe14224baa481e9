// Issue 15, mail in: from a raw message to commands and a receipt (src/channels/mail/inbound.ts). Each test
// is named after what it checks; rulings of the mail edge are in docs/rulings.md ("Mail").
import { describe, expect, it } from 'vitest';
import { postMessage } from '../../src/forum/index.js';
import { sha256 } from '../../src/channels/mail/receipt.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { newGame, openReferee } from '../forum/support.js';
import {
  ALICE,
  BOB,
  BOBS_PHRASE,
  DNS,
  footprint,
  FORUM,
  gridByMail,
  LIST_PROOF,
  listPost,
  mail,
  PRIVATE,
  REFEREE,
  SERVERS,
  take,
} from './support.js';
import { insidesOf } from '../../src/engine/insides.js';

const ENTER = 'Hello all.\n\nI enter the Grid at (3,4).\n';

describe('mail in: who sent it', () => {
  it('a message from an unknown address is answered (to that address) and nothing is acted on', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, await listPost({ from: 'Mallory <mallory@evil.example>', body: ENTER }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'unknown-sender', game: 'g1' });
    if (o.kind !== 'refused') return;
    expect(o.receipt).toMatchObject({ to: 'address:mallory@evil.example', topic: 'receipt' });
    expect(o.receipt.text).toContain('is not the registered address of any player of g1');
    // Nothing happened in the game: one receipt was written, no entry.
    expect(await footprint(r)).toEqual({ entries: before.entries, notices: before.notices + 1 });
  });

  it("a registered player's address without eir phrase in a private message is refused and changes nothing", async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, mail({ from: `Bob <${BOB}>`, to: PRIVATE, body: ENTER }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'no-phrase' });
    // The receipt goes to the real bob, who learns someone wrote in eir name.
    if (o.kind === 'refused') expect(o.receipt.to).toBe('player:bob');
    const wrong = await take(r, mail({ from: BOB, to: PRIVATE, body: `phrase: not the one\n${ENTER}` }));
    expect(wrong).toMatchObject({ kind: 'refused', reason: 'wrong-phrase' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('with the phrase on a line of its own, a private message is acted on, and the phrase is never echoed', async () => {
    const r = await gridByMail();
    const o = await take(
      r,
      mail({ from: BOB, to: PRIVATE, body: `Phrase:   ${BOBS_PHRASE}\n\nI enter the Grid at (5,5).` }),
    );
    expect(o).toMatchObject({ kind: 'acted', player: 'bob', way: 'private' });
    if (o.kind !== 'acted') return;
    expect(o.results.map((x) => x.status)).toEqual(['accepted']);
    expect(o.receipt.text).not.toContain(BOBS_PHRASE);
    // An announcement by private mail is made on the Public Forum by the referee (ruling M1).
    expect(o.announcement).toMatchObject({ to: 'public', topic: 'announcement' });
    expect(o.announcement?.text).toContain('I enter the Grid at (5,5).');
    expect(o.announcement?.text).not.toContain(BOBS_PHRASE);
    const dump = await insidesOf(r).store.dumpGame?.('g1');
    expect(JSON.stringify(dump?.entries)).not.toContain(BOBS_PHRASE);
    expect(JSON.stringify(dump?.entries)).not.toContain('example.org');
  });

  it('a post on the list by a player who registered a phrase is answered privately and not acted on', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, await listPost({ from: BOB, to: FORUM, body: ENTER }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'phrase-holder-on-forum' });
    if (o.kind === 'refused') expect(o.receipt.text).toContain(PRIVATE);
    expect((await footprint(r)).entries).toBe(before.entries);
  });
});

describe('mail in: loops, bounces, auto-replies and bulk are dropped', () => {
  const cases: [string, Parameters<typeof mail>[0], string][] = [
    ['From the referee itself', { from: REFEREE, body: ENTER }, 'own-mail'],
    ['X-Loop naming the referee', { body: ENTER, headers: { 'X-Loop': REFEREE } }, 'own-mail'],
    ['an empty Return-Path', { body: ENTER, headers: { 'Return-Path': '<>' } }, 'bounce'],
    ['From MAILER-DAEMON', { from: 'MAILER-DAEMON@mx.example.org', body: ENTER }, 'bounce'],
    [
      'a delivery report',
      { body: ENTER, contentType: 'multipart/report; report-type=delivery-status; boundary="b"' },
      'bounce',
    ],
    [
      'Auto-Submitted: auto-replied',
      { body: ENTER, headers: { 'Auto-Submitted': 'auto-replied' } },
      'auto-reply',
    ],
    [
      'an Out of Office reply',
      { subject: 'Out of Office', body: ENTER, headers: { 'Auto-Submitted': 'auto-generated' } },
      'auto-reply',
    ],
    ['X-Autoreply', { body: ENTER, headers: { 'X-Autoreply': 'yes' } }, 'auto-reply'],
    ['X-Autorespond', { body: ENTER, headers: { 'X-Autorespond': 'yes' } }, 'auto-reply'],
    [
      'Precedence: bulk to the private address',
      { to: PRIVATE, body: ENTER, headers: { Precedence: 'bulk' } },
      'bulk',
    ],
    [
      'Precedence: junk to the private address',
      { to: PRIVATE, body: ENTER, headers: { Precedence: 'junk' } },
      'bulk',
    ],
    ['a message to no address of a game', { to: 'someone@else.example', body: ENTER }, 'not-for-a-game'],
    // Answering these would mail the whole list (or the referee's own private address) a receipt.
    [
      "From the list itself (a list that rewrites its posters' From, as DMARC mitigation does)",
      {
        from: `"alice via Grid" <${FORUM}>`,
        body: ENTER,
        headers: { 'Reply-To': ALICE, 'List-Id': '<grid.lists.example>', Precedence: 'list' },
      },
      'no-sender',
    ],
    ["From the game's private address", { from: PRIVATE, body: ENTER }, 'no-sender'],
  ];
  for (const [name, parts, reason] of cases)
    it(`${name}: dropped (${reason}), no receipt, nothing changed`, async () => {
      const r = await gridByMail();
      const before = await footprint(r);
      const o = await take(r, mail(parts));
      expect(o).toMatchObject({ kind: 'dropped', reason });
      expect(await footprint(r)).toEqual(before);
    });

  it('Precedence: list on a post that came through the binding forum list is a post like any other', async () => {
    const r = await gridByMail();
    const o = await take(
      r,
      await listPost({
        body: ENTER,
        headers: { Precedence: 'list', 'List-Id': '<grid.lists.example>' },
        to: 'players@other.example',
      }),
    );
    expect(o).toMatchObject({ kind: 'acted', player: 'alice', way: 'forum' });
  });
});

describe('mail in: once only', () => {
  it('a duplicated message does nothing twice: the second is dropped, no second receipt', async () => {
    const r = await gridByMail();
    const raw = await listPost({ body: ENTER, id: '<same@example.org>' });
    const first = await take(r, raw);
    expect(first).toMatchObject({ kind: 'acted' });
    const after = await footprint(r);
    expect(await take(r, raw)).toMatchObject({ kind: 'dropped', reason: 'duplicate' });
    expect(await footprint(r)).toEqual(after);
  });

  it('the command ids come from the Message-ID: a re-delivery whose receipt was lost applies nothing twice', async () => {
    const r = await gridByMail();
    const id = '<lost-receipt@example.org>';
    const first = await take(r, await listPost({ body: ENTER, id }));
    expect(first).toMatchObject({ kind: 'acted' });
    // Sentence 1 (the greeting is sentence 0) was submitted as mail:<sha256 of the Message-ID>#1.
    const key = `mail:${sha256(id)}`;
    expect(await insidesOf(r).store.command('g1', `${key}#1`)).toBeDefined();
    // As if the process died after the commands and before the receipt: the same sentences again apply nothing.
    const entries = (await r.entries('g1')).length;
    const again = await postMessage(r, 'g1', 'alice', ENTER, { key });
    expect(again[1]).toMatchObject({ status: 'accepted', duplicate: true });
    expect((await r.entries('g1')).length).toBe(entries);
  });

  it('an edited re-post with the same Message-ID is reported as such, not acted on', async () => {
    const r = await gridByMail();
    await take(r, await listPost({ body: ENTER, id: '<edit@example.org>' }));
    const after = await footprint(r);
    const o = await take(r, await listPost({ body: 'I leave the Grid.', id: '<edit@example.org>' }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'edited-repost' });
    if (o.kind === 'refused') expect(o.receipt.text).toContain('another text');
    expect((await footprint(r)).entries).toBe(after.entries);
  });
});

describe('mail in: what is read', () => {
  it('quoted text, "On … wrote:" lines and the signature are stripped before the grammar', async () => {
    const r = await gridByMail();
    const body = [
      'I enter the Grid at (3,4).',
      '',
      'On Tue, 24 Nov 2026 at 04:00, Bob <bob@example.org>',
      'wrote:',
      '> I enter the Grid at (6,6).',
      '> I leave the Grid.',
      '',
      '-- ',
      'Alice. I enter the Grid at (9,9).',
    ].join('\n');
    const o = await take(r, await listPost({ body }));
    expect(o).toMatchObject({ kind: 'acted' });
    if (o.kind !== 'acted') return;
    expect(o.results.map((x) => [x.status, x.sentence])).toEqual([
      ['accepted', 'I enter the Grid at (3,4).'],
    ]);
    expect(o.receipt.text).not.toContain('(6,6)');
    expect(o.receipt.text).not.toContain('(9,9)');
  });

  it("a mailing list's footer (Mailman's) is the list's: not read, and not listed in the receipt as ignored", async () => {
    const r = await gridByMail();
    const body = [
      'I enter the Grid at (3,4).',
      '',
      '_'.repeat(47),
      'grid mailing list',
      'grid@lists.example',
      'https://lists.example/mailman/listinfo/grid',
    ].join('\n');
    const o = await take(r, await listPost({ body }));
    if (o.kind !== 'acted') throw new Error(`not acted on: ${o.kind}`);
    expect(o.results.map((x) => [x.status, x.sentence])).toEqual([
      ['accepted', 'I enter the Grid at (3,4).'],
    ]);
    expect(o.receipt.text).not.toMatch(/mailing list|listinfo/);
    expect(o.receipt.text).toContain('1 accepted, 0 rejected, 0 not understood, 0 ignored.');
  });

  it('the receipt lists each sentence with what became of it, in the words `referee post` prints', async () => {
    const r = await gridByMail();
    const o = await take(
      r,
      await listPost({
        body: 'I enter the Grid at (21,4).\nI mvoe to (4,5) please.\nI enter the Grid at (3,4).',
      }),
    );
    if (o.kind !== 'acted') throw new Error(`not acted on: ${o.kind}`);
    expect(o.receipt).toMatchObject({ to: 'player:alice', topic: 'receipt' });
    expect(o.receipt.thread).toMatch(/^<.*>$/);
    expect(o.receipt.text).toContain('rejected: I enter the Grid at (21,4). → enter 21 4 (off-grid)');
    expect(o.receipt.text).toContain(
      'not understood: I mvoe to (4,5) please. — did you mean: I move to (4, 5)?',
    );
    expect(o.receipt.text).toContain('accepted: I enter the Grid at (3,4). → enter 3 4');
    expect(o.receipt.text).toContain('1 accepted, 1 rejected, 1 not understood, 0 ignored.');
  });

  it('a huge message is answered, unread: too big', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, await listPost({ body: `${ENTER}\n${'x'.repeat(300 * 1024)}\n` }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'too-big' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('a post of more sentences than a post may have is answered, and none of it is acted on', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, await listPost({ body: `${'I enter the Grid at (3,4). '.repeat(60)}` }));
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-taken' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('a charset nobody knows, or bytes not valid in the charset named, are answered: not read', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const unknown = await take(
      r,
      await listPost({ body: ENTER, contentType: 'text/plain; charset=x-klingon' }),
    );
    expect(unknown).toMatchObject({ kind: 'refused', reason: 'bad-charset' });
    const latin1 = Buffer.concat([
      Buffer.from('I enter the Grid at (3,4). Caf'),
      Buffer.from([0xe9]),
      Buffer.from('.\r\n'),
    ]);
    const wrong = await take(r, await listPost({ body: latin1 }));
    expect(wrong).toMatchObject({ kind: 'refused', reason: 'bad-charset' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('malformed MIME is never thrown: no header at all is dropped, a broken multipart is read or answered', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const garbage = await take(r, Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 13, 10, 65]));
    expect(garbage.kind).toBe('dropped');
    const broken = await take(
      r,
      await listPost({
        body: '--nowhere\r\nContent-Type: text/plain\r\n\r\nI enter the Grid at (3,4).',
        contentType: 'multipart/mixed; boundary="elsewhere"',
      }),
    );
    expect(['acted', 'refused']).toContain(broken.kind);
    expect((await footprint(r)).notices).toBe(before.notices + 1);
  });

  it('the address is compared in any case, and never enters the log', async () => {
    const r = await gridByMail();
    const o = await take(r, await listPost({ from: ALICE.toUpperCase(), body: ENTER }));
    expect(o).toMatchObject({ kind: 'acted', player: 'alice' });
    const dump = await insidesOf(r).store.dumpGame?.('g1');
    expect(JSON.stringify(dump?.entries).toLowerCase()).not.toContain(ALICE);
  });
});

describe('mail in: each kind of command goes its own way (ruling M2)', () => {
  it("Tunnelers: a private order posted on the list is refused (said-in-public) and not done; privately it is the rules' to decide", async () => {
    const r = openReferee();
    await newGame(r, 't1', 'tunnelers', ['alice']);
    await insidesOf(r).store.setAddress('t1', 'alice', ALICE, null);
    const settings = parseMailSettings({
      from: REFEREE,
      ...SERVERS,
      games: {
        t1: {
          forums: ['tunnelers@lists.example'],
          proofs: { 'tunnelers@lists.example': LIST_PROOF },
          private: 'moderator@nomic.example',
        },
      },
    });
    const ctx = { referee: r, settings, now: () => '2026-11-24T05:00:00.000Z', auth: DNS.auth };
    const entries = (await r.entries('t1')).length;
    const order = 'I clear my standing orders.';
    const onList = await takeMail(await listPost({ to: 'tunnelers@lists.example', body: order }), ctx);
    if (onList.kind !== 'acted') throw new Error(`not read: ${onList.kind}`);
    expect(onList.results[0]).toMatchObject({ status: 'rejected', error: { code: 'said-in-public' } });
    expect(onList.receipt.text).toContain('moderator@nomic.example');
    expect((await r.entries('t1')).length).toBe(entries);
    const privately = await takeMail(mail({ to: 'moderator@nomic.example', body: order }), ctx);
    if (privately.kind !== 'acted') throw new Error(`not read: ${privately.kind}`);
    expect(privately.results[0]?.command?.type).toBe('orders');
    expect(privately.results[0]?.error?.code).not.toBe('said-in-public');
    // An announcement (a public command) on the list is taken as any post.
    const ask = await takeMail(
      await listPost({ to: 'tunnelers@lists.example', body: 'I ask to join the Underground Society.' }),
      ctx,
    );
    if (ask.kind !== 'acted') throw new Error(`not read: ${ask.kind}`);
    expect(ask.results[0]?.command?.type).toBe('request-membership');
    expect(ask.results[0]?.error?.code).not.toBe('said-in-public');
  });
});
