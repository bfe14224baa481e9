// Issue 24 item 5 by mail (ruling PE1): the Administrator amends the rules in words by mail from eir own address
// (the settings' `admin`), proven by eir domain's DKIM signature; the receipt goes to em. Mail with eir From and
// no valid signature of eir domain (a forgery), or a player's mail with the same words, changes nothing.
import { describe, expect, it } from 'vitest';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { DnsTable, newKey, sign } from '../support/dkim.js';
import {
  FORUM,
  footprint,
  gridByMail,
  LIST_KEY,
  LIST_PROOF,
  mail,
  PRIVATE,
  REFEREE,
  SERVERS,
} from './support.js';
import type { Referee } from '../../src/engine/referee.js';

const ADMIN = 'admin@referees.example';
const ADMIN_KEY = newKey('referees.example', 'k1');
const DNS = new DnsTable().publish(LIST_KEY).publish(ADMIN_KEY);
const SETTINGS = parseMailSettings({
  from: REFEREE,
  ...SERVERS,
  games: {
    g1: { forums: [FORUM], proofs: { [FORUM]: LIST_PROOF }, private: PRIVATE, list: FORUM, admin: ADMIN },
  },
});
const take = (r: Referee, raw: Uint8Array) =>
  takeMail(raw, { referee: r, settings: SETTINGS, now: () => '2026-11-28T05:00:00.000Z', auth: DNS.auth });

const AMEND =
  'The rules are amended: Grid size 25 and Shiny Thing points 40 from the next nweek, by Proposal 4521.\n';

describe('ruling PE1: the Administrator`s amendments by mail', () => {
  it('signed by eir domain, to the private address: each sentence eir command; the receipt to em; the same mail again does nothing', async () => {
    const r = await gridByMail();
    const raw = await sign(mail({ from: `Admin <${ADMIN}>`, to: PRIVATE, body: AMEND }), ADMIN_KEY);
    const o = await take(r, raw);
    expect(o).toMatchObject({ kind: 'acted', game: 'g1', player: 'the Administrator', way: 'private' });
    if (o.kind !== 'acted') return;
    expect(o.results.map((x) => x.status)).toEqual(['accepted']);
    expect(o.results[0]?.command).toMatchObject({
      type: 'amend-rules',
      by: { role: 'admin' },
      args: { set: { 'Grid size': '25', 'Shiny Thing points': '40' }, why: 'Proposal 4521', from: 'nweek' },
    });
    expect(o.receipt.to).toBe('admin');
    expect(o.receipt.text).toContain('1 accepted');
    expect((await r.state('g1')).params?.amendments).toHaveLength(1);
    const before = await footprint(r);
    expect(await take(r, raw)).toMatchObject({ kind: 'dropped', reason: 'duplicate' });
    expect(await footprint(r)).toEqual(before);
  });

  it('a repeal by mail, and a bad amendment rejected with the rules` message in the receipt, nothing logged', async () => {
    const r = await gridByMail();
    await take(r, await sign(mail({ from: ADMIN, to: PRIVATE, body: AMEND }), ADMIN_KEY));
    const before = await footprint(r);
    const bad = await take(
      r,
      await sign(
        mail({ from: ADMIN, to: PRIVATE, body: 'The rules are amended: Grid size 99, by Proposal 9.\n' }),
        ADMIN_KEY,
      ),
    );
    expect(bad).toMatchObject({ kind: 'acted', player: 'the Administrator' });
    if (bad.kind === 'acted')
      expect(bad.receipt.text).toContain('Grid size is a whole number from 2 to 63, not 99');
    expect((await footprint(r)).entries).toBe(before.entries);
    const repeal = await take(
      r,
      await sign(
        mail({ from: ADMIN, to: PRIVATE, body: 'Amendment 1 is repealed, by Proposal 4530.\n' }),
        ADMIN_KEY,
      ),
    );
    expect(repeal).toMatchObject({ kind: 'acted' });
    expect((await r.state('g1')).params?.amendments[0]?.status).toBe('repealed');
  });

  it('forged: eir From without a signature, or signed by another domain, is refused; nothing is logged', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const unsigned = await take(r, mail({ from: ADMIN, to: PRIVATE, body: AMEND }));
    expect(unsigned).toMatchObject({ kind: 'refused', reason: 'unverified-sender', game: 'g1' });
    if (unsigned.kind === 'refused') {
      expect(unsigned.receipt.to).toBe('admin');
      expect(unsigned.receipt.text).toContain('it carries no DKIM signature of referees.example');
    }
    const stranger = newKey('attacker.example', 's');
    const dns = new DnsTable().publish(LIST_KEY).publish(ADMIN_KEY).publish(stranger);
    const other = await takeMail(await sign(mail({ from: ADMIN, to: PRIVATE, body: AMEND }), stranger), {
      referee: r,
      settings: SETTINGS,
      now: () => '2026-11-28T05:00:00.000Z',
      auth: dns.auth,
    });
    expect(other).toMatchObject({ kind: 'refused', reason: 'unverified-sender' });
    // Signed by eir domain, then altered on the way: the body no longer verifies.
    const genuine = (
      await sign(mail({ from: ADMIN, to: PRIVATE, body: 'Hello all.\n' }), ADMIN_KEY)
    ).toString('latin1');
    const altered = Buffer.from(genuine.replace('Hello all.', AMEND.trim()), 'latin1');
    expect(await take(r, altered)).toMatchObject({ kind: 'refused', reason: 'unverified-sender' });
    expect((await footprint(r)).entries).toBe(before.entries);
    expect((await r.state('g1')).params).toBeUndefined();
  });

  it('a player`s mail with the same words is no amendment', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const o = await take(r, mail({ to: PRIVATE, body: AMEND }));
    expect(o).toMatchObject({ kind: 'acted', player: 'alice' });
    if (o.kind === 'acted') expect(o.results.every((x) => x.status !== 'accepted')).toBe(true);
    expect((await footprint(r)).entries).toBe(before.entries);
    expect((await r.state('g1')).params).toBeUndefined();
  });
});
