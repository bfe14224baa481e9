// Issue 23 items 1 and 2, the verifier: real signatures (keys generated here, messages signed and sealed by
// mailauth), a DNS table of the test's own, and what auth.ts and proof.ts find and rule (rulings M8, M9).
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { authenticateMail, mailAuthOf } from '../../src/channels/mail/auth.js';
import { doubtOf } from '../../src/channels/mail/proof.js';
import type { Routing } from '../../src/channels/mail/route.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { DnsTable, newKey, seal, settingsDns, sign } from '../support/dkim.js';

const LIST = newKey('lists.example', 'mm3');
const ED_LIST = newKey('lists.example', 'ed', 'ed25519');
const ALICE = newKey('example.org', 'mail');
const STRANGER = newKey('evil.example', 'x');
const SEALER = newKey('sealer.example', 'arc');
const dns = new DnsTable().publish(LIST).publish(ED_LIST).publish(ALICE).publish(STRANGER).publish(SEALER);

const POST = [
  'From: Alice <alice@example.org>',
  'To: grid@lists.example',
  'Subject: My move',
  'Message-ID: <p1@example.org>',
  'List-Id: <grid.lists.example>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'I enter the Grid at (3,4).',
  '',
].join('\r\n');

const SETTINGS = parseMailSettings({
  from: 'referee@nomic.example',
  smtp: { host: 'localhost', port: 25 },
  imap: { host: 'localhost', port: 143, user: 'r', pass: 'p' },
  games: {
    g1: {
      forums: ['grid@lists.example'],
      proofs: {
        'grid@lists.example': { proof: 'dkim', domains: ['lists.example'], sealers: ['sealer.example'] },
      },
      private: 'g1-moderator@nomic.example',
    },
  },
});
const FORUM: Extract<Routing, { game: string }> = { game: 'g1', way: 'forum', address: 'grid@lists.example' };
const PRIVATE: Extract<Routing, { game: string }> = {
  game: 'g1',
  way: 'private',
  address: 'g1-moderator@nomic.example',
};

const doubt = async (raw: Buffer, routing = FORUM, d = dns) =>
  doubtOf(raw, await PostalMime.parse(raw), routing, SETTINGS, 'alice@example.org', d.auth);

const alter = (raw: Buffer, from: string, to: string): Buffer =>
  Buffer.from(raw.toString('latin1').replace(from, to), 'latin1');

describe('issue 23 items 1 and 2: what the verifier finds', () => {
  it('issue 23 item 1: a valid RSA 2048 signature of the list passes and covers From, Message-ID and List-Id', async () => {
    const auth = await authenticateMail(await sign(POST, LIST), dns.auth);
    expect(auth.signatures).toHaveLength(1);
    expect(auth.signatures[0]).toMatchObject({ domain: 'lists.example', result: 'pass', wholeBody: true });
    expect(auth.signatures[0]?.covers).toEqual(expect.arrayContaining(['from', 'message-id', 'list-id']));
    expect(await doubt(await sign(POST, LIST))).toBeUndefined();
  });

  it('issue 23 item 1: an ed25519 signature of the list passes', async () => {
    const auth = await authenticateMail(await sign(POST, ED_LIST), dns.auth);
    expect(auth.signatures[0]).toMatchObject({ domain: 'lists.example', selector: 'ed', result: 'pass' });
    expect(await doubt(await sign(POST, ED_LIST))).toBeUndefined();
  });

  it('issue 23 item 1: the body altered after signing does not verify (body hash)', async () => {
    const forged = alter(await sign(POST, LIST), '(3,4)', '(9,9)');
    const auth = await authenticateMail(forged, dns.auth);
    expect(auth.signatures[0]).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    expect((await doubt(forged))?.why).toContain(
      'the DKIM signature of lists.example does not verify: body hash did not verify',
    );
  });

  it('issue 23 item 1: a signed header altered (From) does not verify (bad signature)', async () => {
    const forged = alter(await sign(POST, LIST), 'From: Alice <alice@', 'From: Alice <mallory@');
    const auth = await authenticateMail(forged, dns.auth);
    expect(auth.signatures[0]).toMatchObject({ result: 'fail', comment: 'bad signature' });
    expect(await doubt(forged)).toMatchObject({ reason: 'not-through-list' });
  });

  it('issue 23 item 1: a signature by a key the domain did not publish does not verify', async () => {
    const impostor = newKey('lists.example', 'mm3'); // same selector, another key: the DNS has the real one
    const forged = await sign(POST, impostor);
    expect((await authenticateMail(forged, dns.auth)).signatures[0]).toMatchObject({ result: 'fail' });
    expect(await doubt(forged)).toMatchObject({ reason: 'not-through-list' });
    const unpublished = await sign(POST, newKey('lists.example', 'nokey'));
    expect((await authenticateMail(unpublished, dns.auth)).signatures[0]).toMatchObject({
      comment: 'no key',
    });
  });

  it('issue 23 item 1: a valid signature of another domain is no proof of the list', async () => {
    const other = await sign(POST, STRANGER);
    expect((await authenticateMail(other, dns.auth)).signatures[0]).toMatchObject({
      domain: 'evil.example',
      result: 'pass',
    });
    expect((await doubt(other))?.why).toContain(
      'it carries no DKIM signature of lists.example (only of evil.example)',
    );
  });

  it('issue 23 item 1: a list signature that leaves Message-ID unsigned, or part of the body (l=), is no proof', async () => {
    const noId = await sign(POST, LIST, { headerList: 'From:To:Subject:List-Id' });
    expect((await doubt(noId))?.why).toContain('does not cover its Message-ID');
    const short = await sign(POST, LIST, { maxBodyLength: 5 });
    const appended = Buffer.concat([short, Buffer.from('I move to (4,4).\r\n')]);
    expect((await doubt(appended))?.why).toContain('leaves part of the body unsigned');
  });

  it('issue 23 item 1: a second From, or a List-Id of another list, above a signed post is refused', async () => {
    const signed = await sign(POST.replace('alice@example.org', 'mallory@example.org'), LIST);
    const twoFroms = Buffer.concat([Buffer.from('From: alice@example.org\r\n'), signed]);
    expect((await doubt(twoFroms))?.why).toContain('it has 2 From headers');
    const otherList = await sign(POST.replace('<grid.lists.example>', '<chess.lists.example>'), LIST);
    expect((await doubt(otherList))?.why).toContain('its List-Id is not <grid.lists.example>');
  });

  it('issue 23 item 1: an ARC chain sealed by a named sealer vouches for a list signature a forwarder broke', async () => {
    const footer = (m: Buffer) =>
      Buffer.concat([m, Buffer.from('-- \r\nforwarded by a university alias\r\n')]);
    const sealed = await seal(await sign(POST, LIST), SEALER, dns, footer);
    const auth = await authenticateMail(sealed, dns.auth);
    expect(auth.signatures[0]).toMatchObject({ domain: 'lists.example', result: 'neutral' }); // broken by the footer
    expect(auth.arc).toMatchObject({
      result: 'pass',
      sealer: 'sealer.example',
      passedBefore: ['lists.example'],
    });
    expect(await doubt(sealed)).toBeUndefined();
  });

  it('issue 23 item 1: a broken ARC chain, or one by a sealer nobody named, vouches for nothing', async () => {
    const footer = (m: Buffer) => Buffer.concat([m, Buffer.from('-- \r\nfooter\r\n')]);
    const sealed = await seal(await sign(POST, LIST), SEALER, dns, footer);
    const broken = alter(sealed, '(3,4)', '(9,9)');
    const auth = await authenticateMail(broken, dns.auth);
    expect(auth.arc.result).toBe('fail');
    expect(await doubt(broken)).toMatchObject({ reason: 'not-through-list' });
    const stranger = await seal(await sign(POST, LIST), STRANGER, dns, footer);
    expect((await authenticateMail(stranger, dns.auth)).arc).toMatchObject({
      result: 'pass',
      sealer: 'evil.example',
    });
    expect(await doubt(stranger)).toMatchObject({ reason: 'not-through-list' });
    // A sealer's word on a signature it never saw pass: the list's signature was already broken on arrival.
    const brokenFirst = await seal(alter(await sign(POST, LIST), '(3,4)', '(9,9)'), SEALER, dns);
    expect((await authenticateMail(brokenFirst, dns.auth)).arc.passedBefore).toEqual([]);
    expect(await doubt(brokenFirst)).toMatchObject({ reason: 'not-through-list' });
  });

  it('issue 23 item 1: a post with more signatures than the verifier checks is refused unverified (bounded cost)', async () => {
    let raw: Buffer = Buffer.from(POST);
    for (let i = 0; i < 9; i++) raw = await sign(raw, STRANGER);
    expect((await doubt(raw))?.why).toContain('more than 8 signatures');
    expect(await doubt(await sign(raw, LIST), PRIVATE)).toMatchObject({ reason: 'unverified-sender' });
  });

  it("issue 23 item 1: the settings' dns pins the list's key; with system false nothing else is asked", async () => {
    const settings = parseMailSettings({
      from: 'referee@nomic.example',
      smtp: { host: 'localhost', port: 25 },
      imap: { host: 'localhost', port: 143, user: 'r', pass: 'p' },
      dns: settingsDns(LIST),
    });
    const auth = mailAuthOf(settings);
    expect((await authenticateMail(await sign(POST, LIST), auth)).signatures[0]?.result).toBe('pass');
    expect((await authenticateMail(await sign(POST, STRANGER), auth)).signatures[0]?.comment).toBe('no key');
  });

  it('issue 23 item 2: private mail from a signing domain: valid passes, broken is refused with the reason, unsigned domains stay as before', async () => {
    const privately = POST.replace('To: grid@lists.example', 'To: g1-moderator@nomic.example').replace(
      'List-Id: <grid.lists.example>\r\n',
      '',
    );
    expect(await doubt(await sign(privately, ALICE), PRIVATE)).toBeUndefined();
    const broken = alter(await sign(privately, ALICE), '(3,4)', '(9,9)');
    expect(await doubt(broken, PRIVATE)).toEqual({
      reason: 'unverified-sender',
      why: 'the referee cannot tell that alice@example.org wrote it: the DKIM signature of example.org does not verify: body hash did not verify.',
    });
    // No signature at all: as before (address and phrase, M1) while example.org publishes no DMARC policy...
    expect(await doubt(Buffer.from(privately), PRIVATE)).toBeUndefined();
    // ...and refused once it does (a domain that asks receivers to reject unsigned mail signs its mail).
    const strict = new DnsTable().publish(ALICE).dmarc('example.org', 'reject');
    expect((await doubt(Buffer.from(privately), PRIVATE, strict))?.why).toContain(
      'example.org publishes a DMARC policy (p=reject) and the message carries no valid signature of it',
    );
    expect(await doubt(await sign(privately, ALICE), PRIVATE, strict)).toBeUndefined();
    // p=none asks nothing of receivers: unsigned mail stays as before.
    const lax = new DnsTable().publish(ALICE).dmarc('example.org', 'none');
    expect(await doubt(Buffer.from(privately), PRIVATE, lax)).toBeUndefined();
  });
});
