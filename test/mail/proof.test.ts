// Issue 23 items 1 and 2 at the mail edge: takeMail over real signed messages (keys generated here, the
// test's own DNS table). A forum post acts only with the proof its forum's settings name (ruling M8); private
// mail from a domain that signs acts only with a valid signature (ruling M9). Whatever lacks it is answered
// and changes nothing.
import { describe, expect, it } from 'vitest';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { parseMailSettings, unprovenForums } from '../../src/channels/mail/settings.js';
import { DnsTable, newKey, sign } from '../support/dkim.js';
import {
  ALICE,
  context,
  DNS,
  footprint,
  FORUM,
  gridByMail,
  LIST_KEY,
  listPost,
  mail,
  PRIVATE,
  REFEREE,
  SERVERS,
  SETTINGS,
  take,
} from './support.js';
import { insidesOf } from '../../src/engine/insides.js';

const ENTER = 'I enter the Grid at (3,4).\n';

describe('issue 23 item 1: a forum post must prove it came through the list', () => {
  it('issue 23 item 1: a forged list post straight to the referee (From alice, To and Cc the list, List-Post, Delivered-To) is refused with "send it through the list", the log unchanged', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const forged = mail({
      to: FORUM,
      body: ENTER,
      headers: {
        Cc: FORUM,
        'List-Id': '<grid.lists.example>',
        'List-Post': `<mailto:${FORUM}>`,
        'Delivered-To': FORUM,
        'X-Original-To': FORUM,
        Precedence: 'list',
      },
    });
    const o = await take(r, forged);
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list', game: 'g1' });
    if (o.kind !== 'refused') return;
    expect(o.receipt.text).toContain('this did not come through the list');
    expect(o.receipt.text).toContain(`Send it through the list ${FORUM}`);
    expect(o.receipt.text).toContain('it carries no DKIM signature of lists.example');
    expect(await footprint(r)).toEqual({ entries: before.entries, notices: before.notices + 1 });
  });

  it('issue 23 item 1: a List-Id alone (To: the referee) makes no post binding', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(
      r,
      mail({ to: REFEREE, body: ENTER, headers: { 'List-Id': 'Grid players <grid.lists.example>' } }),
    );
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('issue 23 item 1: a real list-signed post is acted on, as its From', async () => {
    const r = await gridByMail();
    const o = await take(r, await listPost({ body: ENTER }));
    expect(o).toMatchObject({ kind: 'acted', player: 'alice', way: 'forum' });
  });

  it('issue 23 item 1: the list signature replayed on an altered body, or on another author, acts on nothing', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const genuine = (await listPost({ body: 'Hello all.\n', id: '<hello@example.org>' })).toString('latin1');
    const altered = Buffer.from(genuine.replace('Hello all.', 'I enter the Grid at (3,4).'), 'latin1');
    const o = await take(r, altered);
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    if (o.kind === 'refused') expect(o.receipt.text).toContain('body hash did not verify');
    await insidesOf(r).store.setAddress('g1', 'carol', 'carol@example.org', null);
    const carols = (await listPost({ body: ENTER, id: '<enter@example.org>' })).toString('latin1');
    const author = Buffer.from(carols.replace(`Alice <${ALICE}>`, 'Carol <carol@example.org>'), 'latin1');
    expect(await take(r, author)).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it("issue 23 item 1: a forgery that takes a real post's Message-ID first does not block the real post", async () => {
    const r = await gridByMail();
    const id = '<will-be-posted@example.org>';
    const forged = await take(
      r,
      mail({ body: 'I leave the Grid.', id, headers: { 'List-Id': '<grid.lists.example>' } }),
    );
    expect(forged).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    expect(await take(r, await listPost({ body: ENTER, id }))).toMatchObject({
      kind: 'acted',
      player: 'alice',
    });
  });

  it('issue 23 item 1: a post signed by another domain, or by the list of another game, is no post of this forum', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const other = newKey('lists.other.example', 'x');
    const dns = new DnsTable().publish(LIST_KEY).publish(other);
    const ctx = { ...context(r), auth: dns.auth };
    const byOther = await sign(mail({ body: ENTER, headers: { 'List-Id': '<grid.lists.example>' } }), other);
    expect(await takeMail(byOther, ctx)).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    // The chess list on the same host signs with the same key; its posts name its own List-Id.
    const chess = await listPost({ to: 'chess@lists.example', body: ENTER, headers: { Cc: FORUM } });
    const o = await takeMail(chess, ctx);
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    if (o.kind === 'refused') expect(o.receipt.text).toContain('its List-Id is not <grid.lists.example>');
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('issue 23 item 1: a delivery proof counts only a Delivered-To above the first Received (the one the receiving server adds)', async () => {
    const r = await gridByMail();
    const inbox = 'grid-in@nomic.example';
    const settings = parseMailSettings({
      from: REFEREE,
      ...SERVERS,
      games: {
        g1: { forums: [FORUM], proofs: { [FORUM]: { proof: 'delivery', address: inbox } }, private: PRIVATE },
      },
    });
    const ctx = { ...context(r), settings };
    const before = await footprint(r);
    const received = 'Received: from mx.evil.example by mx.nomic.example with ESMTP id 1\r\n';
    // The forger writes the delivery address into the message; the server's own Delivered-To goes above it.
    const forged = Buffer.concat([
      Buffer.from(`Delivered-To: ${REFEREE}\r\n${received}`),
      mail({ body: ENTER, headers: { 'Delivered-To': inbox } }),
    ]);
    const o = await takeMail(forged, ctx);
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    if (o.kind === 'refused')
      expect(o.receipt.text).toContain("not delivered to the list's own delivery address");
    // A server that writes no Delivered-To of its own: the forger's, below its Received, is still no proof.
    const under = Buffer.concat([
      Buffer.from(`Return-Path: <x@evil.example>\r\n${received}Delivered-To: ${inbox}\r\n`),
      mail({ body: ENTER }),
    ]);
    expect(await takeMail(under, ctx)).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    // No Received at all: no server vouches for anything in it.
    const bare = Buffer.concat([Buffer.from(`Delivered-To: ${inbox}\r\n`), mail({ body: ENTER })]);
    expect(await takeMail(bare, ctx)).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    expect((await footprint(r)).entries).toBe(before.entries);
    // What the list delivers at the address: the server's Delivered-To above its Received.
    const relayed = Buffer.concat([
      Buffer.from(`Delivered-To: ${inbox}\r\nReceived: from lists.example by mx.nomic.example\r\n`),
      mail({ body: ENTER }),
    ]);
    const ok = await takeMail(relayed, ctx);
    expect(ok).toMatchObject({ kind: 'acted', player: 'alice', way: 'forum' });
  });

  it('issue 23 item 1: a forum whose settings state no proof takes no binding post, and the settings check says so', async () => {
    const r = await gridByMail();
    const old = parseMailSettings({
      from: REFEREE,
      ...SERVERS,
      games: { g1: { forums: [FORUM], private: PRIVATE } },
    });
    expect(unprovenForums(old)).toEqual([
      expect.stringContaining(`games.g1.proofs: the forum ${FORUM} states no proof`),
    ]);
    expect(unprovenForums(SETTINGS)).toEqual([]);
    const o = await takeMail(await listPost({ body: ENTER }), { ...context(r), settings: old });
    expect(o).toMatchObject({ kind: 'refused', reason: 'not-through-list' });
    if (o.kind === 'refused')
      expect(o.receipt.text).toContain(`the Administrator has stated no proof for ${FORUM} yet`);
    expect(() =>
      parseMailSettings({
        from: REFEREE,
        ...SERVERS,
        games: {
          g1: {
            forums: [FORUM],
            proofs: { 'other@lists.example': { proof: 'dkim', domains: ['lists.example'] } },
          },
        },
      }),
    ).toThrow(/other@lists\.example is not one of this game's forums/);
    expect(() =>
      parseMailSettings({
        from: REFEREE,
        ...SERVERS,
        games: { g1: { forums: [FORUM], proofs: { [FORUM]: { proof: 'delivery', address: REFEREE } } } },
      }),
    ).toThrow(/the referee's own address/);
  });
});

describe('issue 23 item 2: direct mail from a domain that signs must carry its valid signature', () => {
  const ORG = newKey('example.org', 'mail');
  const dns = new DnsTable().publish(LIST_KEY).publish(ORG).dmarc('example.org', 'reject');

  it('issue 23 item 2: a direct mail from a signing domain with a broken signature is refused, the reason in the receipt', async () => {
    const r = await gridByMail();
    const ctx = { ...context(r), auth: dns.auth };
    const before = await footprint(r);
    const signed = (await sign(mail({ to: PRIVATE, body: 'Hello.\n' }), ORG)).toString('latin1');
    const broken = Buffer.from(signed.replace('Hello.', ENTER.trim()), 'latin1');
    const o = await takeMail(broken, ctx);
    expect(o).toMatchObject({ kind: 'refused', reason: 'unverified-sender' });
    if (o.kind !== 'refused') return;
    expect(o.receipt.text).toContain(
      'the referee cannot tell that alice@example.org wrote it: the DKIM signature of example.org does not verify: body hash did not verify.',
    );
    // Unsigned, from a domain whose DMARC policy says it signs everything: refused too.
    const unsigned = await takeMail(mail({ to: PRIVATE, body: ENTER }), ctx);
    expect(unsigned).toMatchObject({ kind: 'refused', reason: 'unverified-sender' });
    expect((await footprint(r)).entries).toBe(before.entries);
  });

  it('issue 23 item 2: a validly signed private message is acted on once; the same message replayed does nothing', async () => {
    const r = await gridByMail();
    const ctx = { ...context(r), auth: dns.auth };
    const raw = await sign(mail({ to: PRIVATE, body: ENTER }), ORG);
    expect(await takeMail(raw, ctx)).toMatchObject({ kind: 'acted', player: 'alice', way: 'private' });
    const after = await footprint(r);
    expect(await takeMail(raw, ctx)).toMatchObject({ kind: 'dropped', reason: 'duplicate' });
    expect(await footprint(r)).toEqual(after);
  });

  it('issue 23 item 2: a sender whose domain does not sign stays identified by address (M9)', async () => {
    const r = await gridByMail();
    expect(
      await takeMail(mail({ to: PRIVATE, body: ENTER }), { ...context(r), auth: DNS.auth }),
    ).toMatchObject({
      kind: 'acted',
      player: 'alice',
    });
  });
});
