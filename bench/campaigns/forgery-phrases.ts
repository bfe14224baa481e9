// The forgery campaign's attacks on phrases and answers (issue 23, items 4 and 5; rulings M11 and M12), for the
// aggregator (forgery.ts). Each attack is tried many times with variants a seeded generator chooses, through the
// real code path: raw message bytes into takeMail (src/channels/mail/inbound.ts), the real SQLite store on a
// temporary file, the real Courier delivering the outbox through the real MailChannel, whose nodemailer
// transport keeps each composed message instead of dialling a server (so the answers counted are exactly the
// messages SMTP would carry, envelope and all). Time is simulated: messages come at mail speed, by the
// generator's delays.
//
// - Phrase guessing: guessers, each against one of several players with a phrase, send wrong phrases at
//   random rates (from 12 a second to one every half hour), then the right one after 11 to 60 wrong ones
//   have been compared (the "29 wrong phrases then the right one": the phrase found at last), or when
//   its messages run out; it knows the documented schedule, so only the guesses the referee compares are
//   spent from its list. Counted: messages acted on (must be 0: the phrase locks at the tenth wrong one),
//   phrases compared, answers to the real players and to the guessers' own addresses (Reply-To).
// - Backscatter: forged Froms (a pool of addresses, some used again) with random spam Subjects and bodies
//   (some empty), to the list or the private address. Counted: answers (within 10 an hour and one per
//   address a day), Subjects echoed (must be 0).
// - Loops: naive auto-responders (a stranger's address forged on a first message, or a player's own address)
//   answering every mail they get, with random header variants (In-Reply-To and References or neither, a
//   Subject "Re:", "Auto:" or "Out of Office", an X-Mailer, a Reply-To of their own), six rounds each.
//   Counted: answers to the responders, and loops (answers to auto-replies past the first: must be 0).
//
// Able to fail: without the lock the right phrase at the end of each guessing run acts (actedOn > 0); without
// the budgets the stranger answers grow with the attempts; without the text and reply rules each round of a
// player's responder is answered (loops > 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { STRANGER_PER_DAY, STRANGERS_PER_HOUR } from '../../src/channels/mail/answering.js';
import { Courier } from '../../src/channels/courier.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { hashPhrase } from '../../src/channels/mail/phrase.js';
import { LOCK_FAILURES } from '../../src/channels/mail/phrase-guard.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import type { MailSettings } from '../../src/channels/mail/settings.js';
import { SimulatedTime } from '../../src/clock/time.js';
import { ADMIN, player } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { AttackFigures } from './forgery-figures.js';
import { offlineMailAuth } from '../../src/channels/mail/auth.js';

export type { AttackFigures } from './forgery-figures.js';

const REFEREE = 'referee@referee.test';
const LIST = 'nomic@lists.test';
const PRIVATE = 'moderator@referee.test';
const GAME = 'g1';
const PLAYERS = ['ann', 'ben', 'cat', 'dan'] as const;
const addressOf = (name: string): string => `${name}@players.test`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const between = (random: () => number, lo: number, hi: number): number =>
  lo + Math.floor(random() * (hi - lo + 1));
const word = (random: () => number, n: number): string =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');

/** One message's bytes, CRLF, as a mail server hands it over. */
function message(parts: {
  from: string;
  to: string;
  subject: string;
  id: string;
  body: string;
  headers?: readonly string[];
}): Buffer {
  const head = [
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject}`,
    'Date: Tue, 24 Nov 2026 05:00:00 +0000',
    `Message-ID: ${parts.id}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(parts.headers ?? []),
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${parts.body.replace(/\r?\n/g, '\r\n')}`);
}

/** A message as it left the referee: its envelope's recipients and its bytes. */
interface Sent {
  readonly to: string;
  readonly raw: string;
  readonly messageId: string;
}

/** A referee on a temporary SQLite file with a game of four players, its outbox delivered by the real mail channel. */
class Rig {
  readonly sent: Sent[] = [];
  readonly time = new SimulatedTime(Date.UTC(2026, 10, 24, 5));
  private readonly dir = mkdtempSync(join(tmpdir(), 'referee-forgery-phrases-'));
  readonly store = new SqliteStore(join(this.dir, 'g.db'), { sync: 'normal' });
  readonly referee = new Referee(this.store, defaultRegistry(), systemEntropy);
  readonly settings: MailSettings = parseMailSettings({
    from: REFEREE,
    smtp: { host: '127.0.0.1', port: 25 },
    imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'unused' },
    games: { [GAME]: { forums: [LIST], private: PRIVATE, list: LIST, admin: 'admin@referee.test' } },
  });
  private readonly channel: MailChannel;
  private readonly courier: Courier;
  private count = 0;

  constructor() {
    const sent = this.sent;
    // Composes each message as SMTP would carry it and keeps it, as a server accepting every recipient.
    const wire: Transport<SMTPTransport.SentMessageInfo> = {
      name: 'wire',
      version: '1',
      send(mail, callback) {
        const envelope = mail.message.getEnvelope();
        mail.message.build((failed, raw) => {
          const info = {
            envelope,
            messageId: mail.message.messageId(),
            accepted: envelope.to,
            rejected: [],
            pending: [],
            response: '250 kept',
          } as unknown as SMTPTransport.SentMessageInfo;
          if (failed) return callback(failed, info);
          for (const to of envelope.to)
            sent.push({
              to: to.toLowerCase(),
              raw: raw.toString('utf8'),
              messageId: mail.message.messageId(),
            });
          callback(null, info);
        });
      },
    };
    this.channel = new MailChannel({
      settings: this.settings,
      addressOf: (game, name) => this.store.addressOf(game, name),
      transport: nodemailer.createTransport(wire),
      now: () => this.time.now(),
    });
    this.courier = new Courier(this.store, this.channel, this.time);
  }

  async open(phrases: ReadonlyMap<string, string>): Promise<void> {
    await this.courier.start();
    const must = async (c: Parameters<Referee['submit']>[1]) => {
      const r = await this.referee.submit(GAME, c);
      if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
    };
    await must({ type: 'create', by: ADMIN, args: { game: GAME, ruleset: 'grid-2002-01', dice: 'fair' } });
    for (const p of PLAYERS) {
      await must({ type: 'join', by: player(p), args: {} });
      const phrase = phrases.get(p);
      await this.store.setAddress(GAME, p, addressOf(p), phrase ? await hashPhrase(phrase) : null);
    }
  }

  /** Takes one message at the clock's instant; answers the outcome and whether the game's log grew. */
  async take(raw: Buffer): Promise<{ outcome: Outcome; acted: boolean }> {
    const before = (await this.store.logLength?.(GAME)) ?? 0;
    const at = new Date(this.time.now()).toISOString();
    const outcome = await takeMail(raw, {
      referee: this.referee,
      settings: this.settings,
      now: () => at,
      auth: offlineMailAuth,
    });
    const after = (await this.store.logLength?.(GAME)) ?? 0;
    return { outcome, acted: after > before };
  }

  /** Delivers what the outbox holds, then lets `ms` pass. */
  async pass(ms: number): Promise<void> {
    this.courier.wake();
    await this.courier.idle();
    this.time.advance(ms);
  }

  id(domain: string): string {
    return `<f${++this.count}.${this.time.now()}@${domain}>`;
  }

  async close(): Promise<void> {
    await this.courier.stop();
    this.channel.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function phraseGuessing(seed: number, rounds: number): Promise<AttackFigures[]> {
  const random = rng(seed);
  const rig = new Rig();
  const phrases = new Map(
    PLAYERS.map((p) => [p, `${word(random, 5)} ${word(random, 6)} ${word(random, 4)}`]),
  );
  let tried = 0;
  let actedOn = 0;
  let toGuessers: number;
  let maxCompared = 0;
  let locks = 0;
  let toPlayers: number;
  try {
    await rig.open(phrases);
    // Each run: one guesser against one player, 11 to 60 wrong phrases then the right one, at one rate.
    for (let run = 0; run < rounds; run++) {
      const target = pick(random, PLAYERS);
      const phrase = phrases.get(target) as string;
      const wrong = between(random, LOCK_FAILURES + 1, 60);
      const gap = pick(random, [83, 1000, 30_000, 5 * 60_000, 30 * 60_000]);
      const guesser = `g${run}@guess.test`;
      let compared = 0;
      // The guesser knows the documented schedule (ruling M11), so a guess of its list is spent only when the
      // referee compares it; the messages it sprays meanwhile (the same guess again) are read by nobody. The
      // right phrase comes after `wrong` wrong ones have been compared, or when the run's messages run out.
      const budget = wrong + 40;
      for (let sent = 0; ; sent++) {
        const last = compared >= wrong || sent >= budget;
        const guess = last
          ? phrase
          : random() < 0.5
            ? word(random, between(random, 8, 20))
            : `${phrase}${word(random, 1)}`;
        const raw = message({
          from: `${target} <${addressOf(target)}>`,
          to: PRIVATE,
          subject: pick(random, ['my move', 'turn', '', 'Re: g1']),
          id: rig.id('players.test'),
          body: `phrase: ${guess}\n\nI enter the Grid at (${between(random, 1, 20)},${between(random, 1, 20)}).\n`,
          headers: random() < 0.5 ? [`Reply-To: ${guesser}`] : [],
        });
        const { outcome, acted } = await rig.take(raw);
        tried++;
        if (acted) actedOn++;
        await rig.pass(gap);
        if (last) break;
        if (outcome.kind === 'refused' && outcome.reason === 'wrong-phrase' && ++compared === LOCK_FAILURES)
          locks++;
      }
      maxCompared = Math.max(maxCompared, compared);
      // The player sets a new phrase after the run (as the lock notice says), which clears the count.
      const fresh = `${word(random, 5)} ${word(random, 6)} ${word(random, 4)}`;
      phrases.set(target, fresh);
      await rig.store.setAddress(GAME, target, addressOf(target), await hashPhrase(fresh));
      await rig.pass(DAY);
    }
    toGuessers = rig.sent.filter((s) => s.to.endsWith('@guess.test')).length;
    toPlayers = rig.sent.filter((s) => s.to.endsWith('@players.test')).length;
  } finally {
    await rig.close();
  }
  return [
    {
      attack:
        "phrase guessing (a player's From, wrong phrases at mail speed, then the right one after 11 to 60)",
      tried,
      actedOn,
      answered: toGuessers,
      answerCap: 0,
      note: `${rounds} runs against ${PLAYERS.length} players; phrases compared: at most ${maxCompared} a run (the lock is at ${LOCK_FAILURES}; ${locks} runs reached it); answers went to the real players' registered addresses only: ${toPlayers} in all (${(toPlayers / rounds).toFixed(1)} a run: the first failure, one per wait, the lock, the locked phrase once a day), none to the guessers' Reply-To`,
    },
  ];
}

const SPAM = [
  'BUY CHEAP PILLS',
  'You won a prize',
  'Re: invoice 4471',
  'URGENT: verify your account',
  'Hello friend',
];

async function backscatter(seed: number, rounds: number): Promise<AttackFigures[]> {
  const random = rng(seed + 1);
  const rig = new Rig();
  const victims = Array.from(
    { length: Math.max(4, Math.ceil(rounds / 3)) },
    (_, i) => `victim${i}@else.test`,
  );
  const perVictimDays = new Map<string, Set<number>>();
  const hours = new Set<number>();
  const subjects: string[] = [];
  let actedOn = 0;
  let echoed: number;
  let answered: number;
  try {
    await rig.open(new Map());
    for (let i = 0; i < rounds; i++) {
      const from = pick(random, victims);
      const subject = `${pick(random, SPAM)} ${word(random, 6).toUpperCase()}`;
      subjects.push(subject);
      const body = pick(random, [
        '',
        '> only a quote\n',
        'I enter the Grid at (3,4).',
        `Visit ${word(random, 8)}.example now!`,
      ]);
      const raw = message({
        from,
        to: random() < 0.5 ? LIST : PRIVATE,
        subject,
        id: rig.id('else.test'),
        body,
      });
      const now = rig.time.now();
      hours.add(Math.floor(now / HOUR));
      const days = perVictimDays.get(from) ?? new Set<number>();
      days.add(Math.floor(now / DAY));
      perVictimDays.set(from, days);
      if ((await rig.take(raw)).acted) actedOn++;
      await rig.pass(between(random, 1, 600) * 1000);
    }
    await rig.pass(0);
    const toVictims = rig.sent.filter((s) => s.to.endsWith('@else.test'));
    answered = toVictims.length;
    echoed = toVictims.filter((s) =>
      subjects.some((x) => s.raw.includes(x.split(' ').at(-1) as string)),
    ).length;
  } finally {
    await rig.close();
  }
  const byAddress = [...perVictimDays.values()].reduce((n, d) => n + d.size * STRANGER_PER_DAY, 0);
  const cap = Math.min(byAddress, hours.size * STRANGERS_PER_HOUR);
  return [
    {
      attack: 'backscatter (forged Froms of strangers, spam Subjects, to the list or the private address)',
      tried: rounds,
      actedOn,
      answered,
      answerCap: cap,
      note: `${perVictimDays.size} forged addresses over ${hours.size} hours; the cap: one answer per address a UTC day and ${STRANGERS_PER_HOUR} an hour in all, none to a message with nothing to act on; Subjects or spam words echoed in answers: ${echoed}`,
    },
  ];
}

const AWAY = [
  'I am away until Monday.',
  'Thank you for your message. I will answer soon.',
  'Out of the office.',
];

async function loops(seed: number, rounds: number): Promise<AttackFigures[]> {
  const random = rng(seed + 2);
  const rig = new Rig();
  let tried = 0;
  let actedOn = 0;
  let answered = 0;
  let loopCount = 0;
  const responders = Math.max(2, Math.ceil(rounds / 6));
  try {
    await rig.open(new Map());
    for (let r = 0; r < responders; r++) {
      // A player's own address (its player's move starts it) or a stranger's, forged on a first message.
      const isPlayer = random() < 0.5;
      const address = isPlayer ? addressOf(pick(random, PLAYERS)) : `away${r}@else.test`;
      const text = pick(random, AWAY);
      const threads = random() < 0.7;
      const subjectOf = pick(random, [
        (s: string) => `Re: ${s}`,
        (s: string) => `Auto: ${s}`,
        () => 'Out of Office',
      ]);
      const extra = [
        ...(random() < 0.5 ? [`X-Mailer: ${pick(random, ['Vacation 1.2', 'Outlook', 'procmail'])}`] : []),
        ...(random() < 0.3 ? [`Reply-To: ${address}`] : []),
      ];
      const start = rig.sent.length;
      const first = message({
        from: address,
        to: LIST,
        subject: 'hello',
        id: rig.id('else.test'),
        body: `I enter the Grid at (${(r % 20) + 1},7).`,
      });
      if ((await rig.take(first)).acted && !isPlayer) actedOn++;
      await rig.pass(1000);
      let inbox = rig.sent.slice(start).filter((s) => s.to === address);
      let answersToAutoReplies = 0;
      for (let round = 0; round < 6 && inbox.length > 0; round++) {
        const before = rig.sent.length;
        for (const got of inbox) {
          const subject = /^Subject: (.*)$/m.exec(got.raw)?.[1] ?? '';
          const raw = message({
            from: address,
            to: PRIVATE,
            subject: subjectOf(subject),
            id: rig.id('else.test'),
            body: text,
            headers: [
              ...(threads ? [`In-Reply-To: ${got.messageId}`, `References: ${got.messageId}`] : []),
              ...extra,
            ],
          });
          tried++;
          const { acted } = await rig.take(raw);
          if (acted) actedOn++;
        }
        await rig.pass(between(random, 1, 120) * 1000);
        inbox = rig.sent.slice(before).filter((s) => s.to === address);
        answersToAutoReplies += inbox.length;
      }
      answered += rig.sent.slice(start).filter((s) => s.to === address).length;
      loopCount += Math.max(0, answersToAutoReplies - 1);
      await rig.pass(DAY);
    }
  } finally {
    await rig.close();
  }
  return [
    {
      attack:
        "loops (naive auto-responders at a stranger's or a player's address, random header variants, 6 rounds)",
      tried,
      actedOn,
      answered,
      answerCap: 2 * responders,
      loops: loopCount,
      note: `${responders} responders: each gets the answer to its first message (a stranger's once a day) and at most one answer to its auto-replies (a player's: its words read, not understood; the same text is answered once a day; an empty reply to the referee never)`,
    },
  ];
}

/** The attacks on phrases and answers, `rounds` tries of each (phrase guessing: runs of 12 to 61 messages). */
export async function attacks(options: { seed: number; rounds: number }): Promise<AttackFigures[]> {
  const { seed, rounds } = options;
  return [
    ...(await phraseGuessing(seed, Math.max(1, Math.ceil(rounds / 10)))),
    ...(await backscatter(seed, rounds)),
    ...(await loops(seed, rounds)),
  ];
}
