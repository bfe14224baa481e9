// The forgery campaign's address claims (issue 23 item 3, ruling M10): a hostile player tries to make an
// address eirs without its owner's word. One world: a Grid game on a temporary SQLite file with its real
// store, the mail edge (takeMail over each message's bytes), the claims and confirmations of
// src/channels/mail/claim.ts (what the API and the CLI call), and the real mail channel and Courier on a
// simulated clock, whose transport keeps each message composed as SMTP would carry it. The attacker plays
// alice and mallory and reads every mail sent to their addresses and to the game's list (e is on it); the
// victims (bob, dave, …) never answer anything. Variants are chosen by a seeded generator.
//
// Acted on: an attempt after which the game's log changed, or a victim's or the referee's own address was
// some player's (nobody ever confirms one here, so any would be without its owner's word). Answered: mail the
// referee sent to the attacker's addresses (answers to forged mail go to the forged address, the victim's,
// and are counted in the note).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Courier } from '../../src/channels/courier.js';
import {
  CLAIM_INTERVAL_MS,
  claimAddress,
  codesIn,
  confirmCode,
  MAX_WRONG_CODES,
} from '../../src/channels/mail/claim.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { AddressError } from '../../src/channels/mail/register.js';
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

const GAME = 'g1';
const REFEREE = 'referee@nomic.example';
const FORUM = 'grid@lists.example';
const PRIVATE = 'g1-moderator@nomic.example';
const LIST = 'g1-news@lists.example';
const ADMIN_ADDRESS = 'admin@nomic.example';
const OWN = [REFEREE, FORUM, PRIVATE, LIST, ADMIN_ADDRESS];
const ATTACKER_DOMAIN = 'attacker.example';
const VICTIMS = [
  'dave@victim.example',
  'bob@victim.example',
  'carol@mail.victim.example',
  'erin@victim.example',
];
/** The ten Things of the Grid in the top left corner (manual dice), out of the players' way. */
const ROLLS = [1, 20, 2, 20, 3, 20, 4, 20, 5, 20, 1, 19, 2, 19, 3, 19, 4, 19, 5, 19];
const SENTENCES = ['I leave the Grid.', 'I enter the Grid at (3,4).', 'I move to (4,4).', 'I pass.'];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** mulberry32, as test/support/rng.ts. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sent {
  readonly to: string;
  readonly subject: string;
  readonly raw: string;
}

class World {
  private counter = 0;
  private constructor(
    readonly dir: string,
    readonly store: SqliteStore,
    readonly referee: Referee,
    readonly settings: MailSettings,
    readonly time: SimulatedTime,
    readonly courier: Courier,
    readonly channel: MailChannel,
    /** Every message the mail channel sent, by recipient. */
    readonly sent: Sent[],
    readonly pick: () => number,
  ) {}

  static async make(seed: number): Promise<World> {
    const dir = mkdtempSync(join(tmpdir(), 'referee-forgery-addresses-'));
    const store = new SqliteStore(join(dir, 'f.db'), { sync: 'normal' });
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    const settings = parseMailSettings({
      from: REFEREE,
      smtp: { host: '127.0.0.1', port: 25 },
      imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'unused' },
      games: { [GAME]: { forums: [FORUM], private: PRIVATE, list: LIST, admin: ADMIN_ADDRESS } },
    });
    const sent: Sent[] = [];
    // Composes each message as SMTP would carry it and keeps it, answering as a server that took it.
    const wire: Transport<SMTPTransport.SentMessageInfo> = {
      name: 'wire',
      version: '1',
      send(mail, callback) {
        const envelope = mail.message.getEnvelope();
        mail.message.build((failed, raw) => {
          const info = {
            envelope,
            messageId: mail.message.messageId(),
            accepted: failed ? [] : envelope.to,
            rejected: [],
            pending: [],
            response: '250 kept',
          } as unknown as SMTPTransport.SentMessageInfo;
          if (failed) return callback(failed, info);
          const text = raw.toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
          for (const to of envelope.to) sent.push({ to: to.toLowerCase(), subject, raw: text });
          callback(null, info);
        });
      },
    };
    const channel = new MailChannel({
      settings,
      addressOf: (game, name) => store.addressOf(game, name),
      transport: nodemailer.createTransport(wire),
    });
    const time = new SimulatedTime(Date.UTC(2026, 10, 24, 5));
    const courier = new Courier(store, channel, time);
    const submit = async (c: Parameters<Referee['submit']>[1]) => {
      const r = await referee.submit(GAME, c);
      if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
    };
    await submit({
      type: 'create',
      by: ADMIN,
      args: { game: GAME, ruleset: 'grid-2002-01', dice: 'manual' },
      rolls: ROLLS,
    });
    for (const p of ['alice', 'mallory', 'bob', 'dave'])
      await submit({ type: 'join', by: player(p), args: {} });
    await courier.start();
    return new World(dir, store, referee, settings, time, courier, channel, sent, generator(seed));
  }

  int(n: number): number {
    return Math.floor(this.pick() * n);
  }
  choose<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)] as T;
  }
  /** An address as an attacker might spell it: any case. */
  spelt(address: string): string {
    return [...address].map((c) => (this.pick() < 0.3 ? c.toUpperCase() : c)).join('');
  }
  guess(): string {
    return Array.from({ length: 26 }, () => ALPHABET[this.int(32)]).join('');
  }

  /** The next moment a player may claim again, and a message's own date. */
  later(): void {
    this.time.advance(CLAIM_INTERVAL_MS);
  }

  /** One raw message, as a mail client would send it (CRLF). */
  message(from: string, subject: string, body: string, to = this.choose([PRIVATE, REFEREE, FORUM])): Buffer {
    const name = this.choose(['', 'Dave ', '"The Referee" ', 'alice ']);
    const head = [
      `From: ${name}<${from}>`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date(this.time.now()).toUTCString()}`,
      `Message-ID: <f${++this.counter}.${this.int(1e9)}@${from.split('@')[1] ?? 'x'}>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
    ];
    return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`);
  }

  take(raw: Buffer) {
    return takeMail(raw, {
      referee: this.referee,
      settings: this.settings,
      now: () => new Date(this.time.now()).toISOString(),
      auth: offlineMailAuth,
    });
  }

  /** A claim as the API or the CLI makes it; a refusal is an answer to the caller, not a failure. */
  async claim(name: string, address: string, withSettings = true): Promise<string | undefined> {
    try {
      await claimAddress(
        this.store,
        GAME,
        name,
        { address, phraseHash: null },
        {
          now: this.time.now(),
          ...(withSettings ? { settings: this.settings } : {}),
        },
      );
      return undefined;
    } catch (e) {
      if (e instanceof AddressError) return e.code;
      throw e;
    }
  }

  confirm(name: string, code: string) {
    return confirmCode(this.store, GAME, name, code, this.time.now());
  }

  /** Delivers what waits; answers the messages sent meanwhile. */
  async deliver(): Promise<Sent[]> {
    const from = this.sent.length;
    this.courier.wake();
    await this.courier.idle();
    return this.sent.slice(from);
  }

  /** Every code the attacker can read: in mail to eir own addresses or to the list. */
  attackerCodes(): string[] {
    return this.sent.filter((m) => attackers(m.to)).flatMap((m) => codesIn(m.subject, m.raw));
  }

  /** What counts as acted on, as a fingerprint: the log's length and whose each protected address is. */
  async fingerprint(): Promise<string> {
    const length = (await this.store.entries(GAME))?.length ?? -1;
    const holders = await Promise.all(
      [...VICTIMS, ...OWN].map(async (a) => (await this.store.playerByAddress(GAME, a))?.player ?? '-'),
    );
    return `${length}|${holders.join(',')}`;
  }

  async close(): Promise<void> {
    await this.courier.stop();
    this.channel.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Mail the attacker reads: to eir own domain, or to the game's list and forum (e is subscribed). */
const attackers = (to: string): boolean => to.endsWith(`@${ATTACKER_DOMAIN}`) || to === LIST || to === FORUM;

type Attempt = (w: World, i: number) => Promise<void>;

interface AttackPlan {
  readonly attack: string;
  readonly attempt: Attempt;
  /** Most answers to the attacker per attempt (the cap's rule is in the note). */
  readonly capPerTry: number;
  readonly note: string;
}

const PLANS: readonly AttackPlan[] = [
  {
    attack: "a player claims another's address, then commands are sent From it",
    capPerTry: 0,
    note: 'each claim mails its owner one notice; forged mail From the address is nobody’s (unknown sender)',
    attempt: async (w) => {
      await w.claim('alice', w.spelt(w.choose(VICTIMS)));
      for (let k = 0; k <= w.int(3); k++)
        await w.take(
          w.message(w.choose(VICTIMS), w.choose(['My move', 'Re: confirm', '']), w.choose(SENTENCES)),
        );
    },
  },
  {
    attack: "a player claims the referee's, a game's or a list's address",
    capPerTry: 0,
    note: 'refused where the settings are known; where not, the mail channel never mails the code there',
    attempt: async (w) => {
      const own = w.spelt(w.choose(OWN));
      await w.claim('alice', own, w.pick() < 0.5);
      await w.deliver();
      // Whatever code reached the list (it never does), the attacker tries it, by the API and by mail.
      for (const code of w.attackerCodes()) {
        await w.confirm('alice', code);
        await w.take(w.message(own.toLowerCase(), `Re: confirm ${code}`, 'yes'));
      }
      await w.take(w.message(own.toLowerCase(), 'hello', w.choose(SENTENCES)));
    },
  },
  {
    attack: 'a claim confirmed with guessed codes (API, CLI, and mail From the claimed address)',
    capPerTry: 0,
    note: `${MAX_WRONG_CODES} wrong codes void a claim; answers to wrong codes by mail go to the claimed address`,
    attempt: async (w) => {
      await w.claim('alice', w.choose(VICTIMS));
      for (let k = 0; k <= MAX_WRONG_CODES; k++) {
        const guess = w.pick() < 0.2 ? w.guess().toUpperCase() : w.guess();
        if (w.pick() < 0.5) await w.confirm('alice', guess);
        else {
          const inSubject = w.pick() < 0.5;
          const raw = w.message(
            w.choose(VICTIMS),
            inSubject ? `Re: confirm ${guess}` : 'confirming',
            inSubject ? 'yes' : `> confirm ${guess}\nconfirm: ${guess}`,
          );
          await w.take(raw);
        }
      }
    },
  },
  {
    attack: 'a confirmation forged From the claimed address without the code',
    capPerTry: 0,
    note: 'no code: the message is mail From an address nobody holds',
    attempt: async (w) => {
      await w.claim('alice', w.choose(VICTIMS));
      const partial = w.guess().slice(0, w.int(26));
      const subject = w.choose(['Re: confirm', `Re: confirm ${partial}`, 'confirm', 'Re: your address']);
      const body = w.choose(['yes', 'confirm', `confirm ${partial}`, '> confirm\n> The code works once', '']);
      await w.take(w.message(w.choose(VICTIMS), subject, body));
    },
  },
  {
    attack: "a confirmation with another claim's code (the attacker's own)",
    capPerTry: 1,
    note: 'mallory claims an address of eir own (one notice, the cap), and its code is tried for alice’s claim of a victim’s',
    attempt: async (w, i) => {
      await w.claim('mallory', `mallory${i}@${ATTACKER_DOMAIN}`);
      await w.claim('alice', w.choose(VICTIMS));
      await w.deliver();
      const code = w.attackerCodes().at(-1) ?? w.guess();
      if (w.pick() < 0.5) await w.confirm('alice', code);
      else await w.take(w.message(w.choose(VICTIMS), `Re: confirm ${code}`, `> confirm ${code}`));
    },
  },
  {
    attack:
      'a replay of an old confirmation (as it was, anew, From a claimed address, or its code by the API)',
    capPerTry: 3,
    note: 'alice confirms an address of her own once (its notice, her confirmation), then replays it (a receipt at most)',
    attempt: async (w, i) => {
      const own = `alice${i}@${ATTACKER_DOMAIN}`;
      await w.claim('alice', own);
      await w.deliver();
      const code = w.attackerCodes().at(-1) ?? '';
      const reply = w.message(own, `Re: confirm ${code}`, `> confirm ${code}`, PRIVATE);
      await w.take(reply);
      w.later();
      await w.claim('alice', w.choose(VICTIMS));
      const how = w.int(4);
      if (how === 0) await w.take(reply);
      else if (how === 1) await w.take(w.message(own, `Re: confirm ${code}`, `> confirm ${code}`));
      else if (how === 2) await w.take(w.message(w.choose(VICTIMS), `Re: confirm ${code}`, 'yes'));
      else await w.confirm('alice', code);
    },
  },
];

/** Runs every attack `rounds` times with variants from `seed`. */
export async function attacks(options: { seed: number; rounds: number }): Promise<AttackFigures[]> {
  const w = await World.make(options.seed);
  const out: AttackFigures[] = [];
  try {
    for (const plan of PLANS) {
      let actedOn = 0;
      let answered = 0;
      let toVictims = 0;
      for (let i = 0; i < options.rounds; i++) {
        w.later();
        const before = await w.fingerprint();
        const sentBefore = w.sent.length;
        await plan.attempt(w, i);
        await w.deliver();
        const after = await w.fingerprint();
        // Legit: the attacker's own address confirmed by the attacker (the replay plan's setup) is not
        // counted: only the victims' and the referee's own addresses are in the fingerprint.
        if (after !== before) actedOn += 1;
        const sent = w.sent.slice(sentBefore);
        answered += sent.filter((m) => attackers(m.to)).length;
        toVictims += sent.filter((m) => VICTIMS.includes(m.to)).length;
      }
      out.push({
        attack: plan.attack,
        tried: options.rounds,
        actedOn,
        answered,
        answerCap: plan.capPerTry * options.rounds,
        note: `${plan.note}; ${toVictims} mails went to the victims' addresses (notices and answers to mail forged in their name)`,
      });
    }
  } finally {
    await w.close();
  }
  return out;
}
