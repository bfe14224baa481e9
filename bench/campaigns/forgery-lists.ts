// The forgery campaign's mail-identity attacks (issue 23 items 1 and 2; the lead's bench/campaigns/forgery.ts
// gathers them): forged list posts straight to the referee's own address, a real list signature replayed
// onto an altered message, a signature by another domain, a post signed by the list of another game, forged
// private mail from a domain that signs, and signed private mail replayed. Each attempt is real bytes (keys
// generated here, messages signed by mailauth, a DNS table of the campaign's own) taken by takeMail into a
// real SQLite store on a temporary file; what the referee answers goes out through the real Courier and mail
// channel (a transport that keeps what it would send), where it is counted. A seeded generator picks each
// variant, so a run is the same on every machine. Were the proofs of rulings M8 and M9 removed, the forged
// posts would move players: actedOn counts every attempt after which any game's log grew.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Courier } from '../../src/channels/courier.js';
import type { InboundContext } from '../../src/channels/mail/inbound.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { SimulatedTime } from '../../src/clock/time.js';
import { ADMIN, player } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { SigningKey } from '../../test/support/dkim.js';
import { DnsTable, newKey, sign } from '../../test/support/dkim.js';
import { rng } from '../../test/support/rng.js';
import type { AttackFigures } from './forgery-figures.js';
import { insidesOf } from '../../src/engine/insides.js';

export type { AttackFigures } from './forgery-figures.js';

const REFEREE = 'referee@nomic.example';
const GRID_LIST = 'grid@lists.example';
const GRID_PRIVATE = 'g1-moderator@nomic.example';
/** Another game this referee plays, on another list of the same host (same signing key). */
const CHESS_LIST = 'chess@lists.example';
/** A game another referee plays: its list signs with a key of its own domain. */
const FAR_LIST = 'nomic@lists.far.example';
/** alice's domain signs its mail and publishes DMARC p=reject; bob's signs nothing. */
const ALICE = 'alice@example.org';
const BOB = 'bob@players.test';

/**
 * What the forgers write: leaving, or entering at a random square. Whatever a player's state, about half of
 * these would be accepted, so a forgery that got through would show in the log.
 */
const sentence = (c: { random: () => number }): string =>
  c.random() < 0.4
    ? 'I leave the Grid.'
    : `I enter the Grid at (${1 + Math.floor(c.random() * 20)},${1 + Math.floor(c.random() * 20)}).`;

interface Campaign {
  readonly referee: Referee;
  readonly ctx: InboundContext;
  readonly courier: Courier;
  /** Recipients of every message the mail channel sent so far. */
  readonly sent: string[][];
  readonly keys: { list: SigningKey; far: SigningKey; alice: SigningKey; mallory: SigningKey };
  readonly random: () => number;
  ids: number;
}

const pick = <T>(random: () => number, from: readonly T[]): T =>
  from[Math.floor(random() * from.length)] as T;

/** The campaign's world: two games on one referee, the keys, the DNS, the store and the mail channel. */
async function campaign(dir: string, seed: number): Promise<Campaign> {
  const keys = {
    list: newKey('lists.example', 'mm3'),
    far: newKey('lists.far.example', 'list'),
    alice: newKey('example.org', 'mail', 'ed25519'),
    mallory: newKey('evil.example', 'x'),
  };
  const dns = new DnsTable().publish(keys.list).publish(keys.far).publish(keys.alice).publish(keys.mallory);
  dns.dmarc('example.org', 'reject');
  const settings = parseMailSettings({
    from: REFEREE,
    smtp: { host: '127.0.0.1', port: 25 },
    imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'unused' },
    games: {
      g1: {
        forums: [GRID_LIST],
        proofs: { [GRID_LIST]: { proof: 'dkim', domains: ['lists.example'] } },
        private: GRID_PRIVATE,
        list: GRID_LIST,
      },
      g2: {
        forums: [CHESS_LIST],
        proofs: { [CHESS_LIST]: { proof: 'dkim', domains: ['lists.example'] } },
        private: 'g2-moderator@nomic.example',
      },
    },
  });
  const referee = new Referee(new SqliteStore(join(dir, 'forgery.db')), defaultRegistry(), () =>
    new Uint8Array(32).fill(7),
  );
  for (const game of ['g1', 'g2']) {
    const r = await referee.submit(game, {
      type: 'create',
      by: ADMIN,
      args: { game, ruleset: 'grid-2002-01', dice: 'fair' },
    });
    if (!r.ok) throw new Error(`create ${game}: ${r.error.message}`);
    for (const p of ['alice', 'bob']) {
      const j = await referee.submit(game, { type: 'join', by: player(p), args: {} });
      if (!j.ok) throw new Error(`join ${p}: ${j.error.message}`);
    }
    await referee.directory.setAddress(game, 'alice', ALICE, null);
    await referee.directory.setAddress(game, 'bob', BOB, null);
  }
  const sent: string[][] = [];
  // A transport that composes each message as SMTP would and keeps its recipients.
  const keep: Transport<SMTPTransport.SentMessageInfo> = {
    name: 'keep',
    version: '1',
    send(mail, callback) {
      const envelope = mail.message.getEnvelope();
      sent.push(envelope.to.map((a) => a.toLowerCase()));
      callback(null, {
        envelope,
        messageId: mail.message.messageId(),
        accepted: envelope.to,
        rejected: [],
        pending: [],
        response: '250 kept',
        envelopeTime: 0,
        messageTime: 0,
        messageSize: 0,
      });
    },
  };
  const channel = new MailChannel({
    settings,
    addressOf: (game, p) => referee.directory.addressOf(game, p),
    enqueue: (notices) => referee.outbox.enqueue(notices),
    transport: nodemailer.createTransport(keep),
  });
  const time = new SimulatedTime(Date.parse('2026-11-24T05:00:00Z'));
  const courier = new Courier(insidesOf(referee).store, channel, time, { pollMs: 86_400_000 });
  await courier.start();
  const ctx: InboundContext = {
    referee,
    settings,
    now: () => new Date(time.now()).toISOString(),
    auth: dns.auth,
  };
  return { referee, ctx, courier, sent, keys, random: rng(seed), ids: 0 };
}

/** A message as a mail client writes it (CRLF), with the given extra headers. */
function letter(c: Campaign, from: string, to: string, text: string, extra: readonly string[] = []): Buffer {
  const head = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${pick(c.random, ['My move', 'Re: nweek 3', 'urgent'])}`,
    'Date: Tue, 24 Nov 2026 05:00:00 +0000',
    `Message-ID: <f${++c.ids}.${Math.floor(c.random() * 1e9)}@${from.split('@')[1] ?? 'x'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...extra,
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${text}\r\n`);
}

/** What the list adds and signs (as Mailman 3 behind OpenDKIM). */
const listCopy = async (c: Campaign, raw: Buffer, list: string, key: SigningKey): Promise<Buffer> => {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const added = [`List-Id: <${list.replace('@', '.')}>`, `List-Post: <mailto:${list}>`, 'Precedence: list'];
  return await sign(
    Buffer.from(`${text.slice(0, end)}\r\n${added.join('\r\n')}${text.slice(end)}`, 'latin1'),
    key,
  );
};

const entries = async (c: Campaign): Promise<number> =>
  (await c.referee.entries('g1')).length + (await c.referee.entries('g2')).length;

/** Lets the Courier deliver everything the outbox holds (each wake delivers what it finds, one at a time). */
async function settle(c: Campaign): Promise<void> {
  for (let n = -1; n !== c.sent.length;) {
    n = c.sent.length;
    c.courier.wake();
    await c.courier.idle();
  }
}

/** Tries `make` `rounds` times: how many attempts changed a log, and how many answers the channel sent. */
async function attack(
  c: Campaign,
  name: string,
  rounds: number,
  make: (i: number) => Buffer | Promise<Buffer>,
  note: string,
): Promise<AttackFigures> {
  let actedOn = 0;
  const sentBefore = c.sent.length;
  for (let i = 0; i < rounds; i++) {
    const raw = await make(i);
    const before = await entries(c);
    await takeMail(raw, c.ctx);
    if ((await entries(c)) !== before) actedOn++;
  }
  await settle(c);
  // The cap of this part (issue 23 items 1, 2): at most one receipt per attempt, to the address its From
  // names (item 5 caps answers to unverified senders further); a replay is never answered.
  const answerCap = name.startsWith('replayed') ? 0 : rounds;
  return { attack: name, tried: rounds, actedOn, answered: c.sent.length - sentBefore, answerCap, note };
}

const replace = (raw: Buffer, from: string | RegExp, to: string): Buffer =>
  Buffer.from(raw.toString('latin1').replace(from, to), 'latin1');

/** The attacks; see the file's head. */
export async function attacks(options: { seed: number; rounds: number }): Promise<AttackFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-forgery-lists-'));
  try {
    const c = await campaign(dir, options.seed);
    const { rounds } = options;
    const victim = () => pick(c.random, [`Alice <${ALICE}>`, BOB]);
    const out: AttackFigures[] = [];
    out.push(
      await attack(
        c,
        'forged list post (From: a player, To/Cc the list, list headers written in, straight to the referee)',
        rounds,
        () => {
          const to = pick(c.random, [GRID_LIST, REFEREE, `${REFEREE}, ${GRID_LIST}`]);
          const extra = [
            `Cc: ${GRID_LIST}`,
            'List-Id: <grid.lists.example>',
            `List-Post: <mailto:${GRID_LIST}>`,
            `Delivered-To: ${pick(c.random, [GRID_LIST, REFEREE])}`,
            `X-Original-To: ${GRID_LIST}`,
            `X-BeenThere: ${GRID_LIST}`,
            'Precedence: list',
          ].filter((_, i) => i === 1 || c.random() < 0.5);
          return letter(c, victim(), to, sentence(c), extra);
        },
        'each with a random subset of Cc, List-Post, Delivered-To, X-Original-To, X-BeenThere, Precedence beside List-Id; To the list, the referee or both; answered: receipts to the player named in From ("send it through the list")',
      ),
    );
    out.push(
      await attack(
        c,
        'real list signature replayed onto an altered post',
        rounds,
        async () => {
          const genuine = await listCopy(
            c,
            letter(c, victim(), GRID_LIST, 'Hello all.'),
            GRID_LIST,
            c.keys.list,
          );
          switch (Math.floor(c.random() * 4)) {
            case 0:
              return replace(genuine, 'Hello all.', sentence(c));
            case 1:
              return Buffer.concat([genuine, Buffer.from(`${sentence(c)}\r\n`)]);
            case 2:
              return replace(genuine, /^From: .*$/m, `From: ${pick(c.random, [`Alice <${ALICE}>`, BOB])} `);
            default:
              return Buffer.concat([
                Buffer.from(`From: ${BOB}\r\n`),
                replace(genuine, 'Hello all.', sentence(c)),
              ]);
          }
        },
        'the body replaced or appended to, the From rewritten, or a second From put on top',
      ),
    );
    out.push(
      await attack(
        c,
        'list post signed by another domain',
        rounds,
        async () =>
          await sign(
            letter(c, victim(), GRID_LIST, sentence(c), [
              'List-Id: <grid.lists.example>',
              `List-Post: <mailto:${GRID_LIST}>`,
            ]),
            pick(c.random, [c.keys.mallory, c.keys.far, c.keys.alice]),
          ),
        "signed validly by evil.example, another referee's list domain or the poster's own domain",
      ),
    );
    out.push(
      await attack(
        c,
        'post signed by the list of another game, sent on to the referee',
        rounds,
        async () => {
          const far = c.random() < 0.5;
          const list = far ? FAR_LIST : CHESS_LIST;
          const copy = await listCopy(
            c,
            letter(c, victim(), list, sentence(c)),
            list,
            far ? c.keys.far : c.keys.list,
          );
          // The attacker adds what would place it in g1 above the signed headers.
          return Buffer.concat([
            Buffer.from(
              pick(c.random, [
                `Cc: ${GRID_LIST}\r\n`,
                `To: ${GRID_LIST}\r\n`,
                `Delivered-To: ${GRID_LIST}\r\n`,
              ]),
            ),
            copy,
          ]);
        },
        "a genuine post of g2's list (same host and key) or of another referee's game, with g1's list added on top",
      ),
    );
    out.push(
      await attack(
        c,
        'forged private mail from a signing domain (alice@example.org: DKIM, DMARC p=reject)',
        rounds,
        async () => {
          const raw = letter(c, `Alice <${ALICE}>`, GRID_PRIVATE, sentence(c));
          switch (Math.floor(c.random() * 4)) {
            case 0:
              return raw; // unsigned
            case 1:
              return await sign(raw, c.keys.mallory);
            case 2:
              return await sign(raw, newKey('example.org', 'mail', 'ed25519')); // the selector, not the key
            default:
              return replace(
                await sign(letter(c, `Alice <${ALICE}>`, GRID_PRIVATE, 'Hello.'), c.keys.alice),
                'Hello.',
                sentence(c),
              );
          }
        },
        "unsigned, signed by another domain, signed with a key not example.org's, or a real signature on an altered body; answered: receipts to alice saying why",
      ),
    );
    // One genuine signed private message, acted on once; then the same message again and again.
    const genuine = await sign(
      letter(c, `Alice <${ALICE}>`, GRID_PRIVATE, 'I enter the Grid at (4,4).'),
      c.keys.alice,
    );
    const first = await takeMail(genuine, c.ctx);
    if (first.kind !== 'acted')
      throw new Error(`the genuine private message was not acted on: ${first.kind}`);
    // Its own receipt and announcement go out before the replays are counted.
    await settle(c);
    out.push(
      await attack(
        c,
        'replayed private mail (a validly signed message delivered again)',
        rounds,
        () =>
          c.random() < 0.5
            ? genuine
            : Buffer.concat([
                Buffer.from(`Received: from relay${Math.floor(c.random() * 99)}.evil.example\r\n`),
                genuine,
              ]),
        'the same bytes, or with a Received header added on top (the signature still verifies); the genuine message itself was acted on once before and is not counted',
      ),
    );
    await c.courier.stop();
    await insidesOf(c.referee).store.close();
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
