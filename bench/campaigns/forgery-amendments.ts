// The forgery campaign's attacks on the rules themselves (issue 24; forgery.ts gathers the parts): a player
// trying to amend the rules or repeal an amendment — by the API (the commands and their preview, with eir own
// token), in a forum post by the API, by mail (private and through the list) — and mail forged as the
// Administrator's (eir From unsigned, signed by another domain, eir real signature replayed over other words).
// Each attempt is real: HTTP requests to buildApp over a real SQLite store (inject), real message bytes
// through takeMail with keys and signatures made here and checked by mailauth against the campaign's own DNS
// table. A seeded generator picks each variant. "Acted on" counts attempts after which the game's log grew or
// its parameters changed; "answered" counts the receipts written (the player's own, or the Administrator's
// for a forgery in eir name: at most one an attempt).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InboundContext } from '../../src/channels/mail/inbound.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { ADMIN } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { buildApp } from '../../src/server/app.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { DnsTable, newKey, sign } from '../../test/support/dkim.js';
import { rng } from '../../test/support/rng.js';
import type { AttackFigures } from './forgery-figures.js';

const REFEREE = 'referee@nomic.example';
const LIST = 'grid@lists.example';
const PRIVATE = 'g1-moderator@nomic.example';
const ADMIN_ADDRESS = 'admin@referees.example';
const ALICE = 'alice@example.org';

/** What a forger wants: a bigger prize, a smaller Grid, the repeal of the Administrator's amendment. */
function sentence(random: () => number): string {
  const n = Math.floor(random() * 4);
  if (n === 0) return 'The rules are amended: Shiny Thing points 100000, by Proposal 1.';
  if (n === 1) return 'The rules are amended: Scary Dark Thing points 0 at once, by Proposal 2.';
  if (n === 2) return 'I amend the rules: Move distance 19 from the next nday, by Proposal 3.';
  return 'Amendment 1 is repealed, by Proposal 4.';
}

/** The same wishes as commands. */
function command(random: () => number): { type: string; args: Record<string, unknown> } {
  return random() < 0.7
    ? {
        type: 'amend-rules',
        args: {
          set: { [random() < 0.5 ? 'Shiny Thing points' : 'Move distance']: random() < 0.5 ? 19 : 1_000_000 },
          why: 'mine',
        },
      }
    : { type: 'repeal-amendment', args: { amendment: 1, why: 'mine' } };
}

let counter = 0;
function message(from: string, to: string, body: string, headers: Record<string, string> = {}): Buffer {
  const head = [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: the rules',
    'Date: Sat, 28 Nov 2026 05:00:00 +0000',
    `Message-ID: <fa${++counter}.${Date.now()}@example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body}\r\n`);
}

export async function attacks(options: { seed: number; rounds: number }): Promise<AttackFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-forgery-amend-'));
  const keys = {
    list: newKey('lists.example', 'mm3'),
    admin: newKey('referees.example', 'k1'),
    mallory: newKey('evil.example', 'x'),
  };
  const dns = new DnsTable().publish(keys.list).publish(keys.admin).publish(keys.mallory);
  const settings = parseMailSettings({
    from: REFEREE,
    smtp: { host: '127.0.0.1', port: 25 },
    imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'unused' },
    games: {
      g1: {
        forums: [LIST],
        proofs: { [LIST]: { proof: 'dkim', domains: ['lists.example'] } },
        private: PRIVATE,
        list: LIST,
        admin: ADMIN_ADDRESS,
      },
    },
  });
  const store = new SqliteStore(join(dir, 'forgery.db'));
  const referee = new Referee(store, defaultRegistry(), () => new Uint8Array(32).fill(7));
  let app: FastifyInstance | undefined;
  try {
    const made = await referee.submit('g1', {
      type: 'create',
      by: ADMIN,
      args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' },
    });
    if (!made.ok) throw new Error(made.error.message);
    // The Administrator's own amendment, which the forgers would repeal.
    await referee.submit('g1', {
      type: 'amend-rules',
      by: ADMIN,
      args: { set: { 'Shiny Thing points': 30 }, why: 'Proposal 4521' },
    });
    app = await buildApp({ referee, webRoot: false, clientLimits: false, authLimit: false });
    const joined = await app.inject({
      method: 'POST',
      url: '/api/games/g1/join',
      payload: { player: 'alice' },
    });
    const token = (JSON.parse(joined.body) as { token: string }).token;
    await referee.directory.setAddress('g1', 'alice', ALICE, null);
    const ctx: InboundContext = {
      referee,
      settings,
      now: () => '2026-11-28T05:00:00.000Z',
      auth: dns.auth,
    };
    const random = rng(options.seed);
    const footprint = async () => {
      const dump = await referee.maintenance.dumpGame?.('g1');
      const state = await referee.state('g1');
      return {
        entries: dump?.entries.length ?? -1,
        receipts: (dump?.notices ?? []).filter((n) => n.topic === 'receipt').length,
        params: JSON.stringify(state.params),
      };
    };
    const run = async (attack: string, note: string, once: () => Promise<void>): Promise<AttackFigures> => {
      let actedOn = 0;
      let answered = 0;
      for (let i = 0; i < options.rounds; i++) {
        const before = await footprint();
        await once();
        const after = await footprint();
        if (after.entries !== before.entries || after.params !== before.params) actedOn++;
        answered += after.receipts - before.receipts;
      }
      return { attack, tried: options.rounds, actedOn, answered, answerCap: options.rounds, note };
    };
    const api = (url: string, payload: unknown) =>
      app?.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
    return [
      await run(
        'a player`s amend-rules / repeal-amendment by the API, and its preview',
        '403 every time',
        async () => {
          const c = command(random);
          const res = await api(
            random() < 0.5 ? '/api/games/g1/commands' : '/api/games/g1/commands/preview',
            c,
          );
          if (res?.statusCode !== 403) throw new Error(`a player's ${c.type} answered ${res?.statusCode}`);
        },
      ),
      await run('a player`s amendment in a forum post by the API', 'never a command of eirs', async () => {
        await api('/api/games/g1/posts', { text: sentence(random) });
      }),
      await run(
        'a player`s amendment by mail, private or through the list',
        'receipt to the player',
        async () => {
          const body = sentence(random);
          const raw =
            random() < 0.5
              ? message(`Alice <${ALICE}>`, PRIVATE, body)
              : await sign(
                  message(`Alice <${ALICE}>`, LIST, body, { 'List-Id': '<grid.lists.example>' }),
                  keys.list,
                );
          await takeMail(raw, ctx);
        },
      ),
      await run(
        'mail forged as the Administrator`s (unsigned, signed by another domain, eir signature over other words)',
        'refused; receipt to the Administrator',
        async () => {
          const body = sentence(random);
          const v = Math.floor(random() * 3);
          const raw =
            v === 0
              ? message(ADMIN_ADDRESS, PRIVATE, body)
              : v === 1
                ? await sign(message(ADMIN_ADDRESS, PRIVATE, body), keys.mallory)
                : Buffer.from(
                    (await sign(message(ADMIN_ADDRESS, PRIVATE, 'Hello all.'), keys.admin))
                      .toString('latin1')
                      .replace('Hello all.', body),
                    'latin1',
                  );
          const o = await takeMail(raw, ctx);
          if (o.kind === 'acted') throw new Error('a forgery in the Administrator`s name was acted on');
        },
      ),
    ];
  } finally {
    await app?.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
