// Mail for the mail edge's tests: raw messages as a mail server hands them over (CRLF lines), a Grid game
// with known dice and registered players, and the settings that name its addresses.
import type { Referee } from '../../src/engine/referee.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import type { InboundContext, Outcome } from '../../src/channels/mail/inbound.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { hashPhrase } from '../../src/channels/mail/phrase.js';
import { newGame, openReferee } from '../forum/support.js';
import { DnsTable, newKey, sign } from '../support/dkim.js';
import { insidesOf } from '../../src/engine/insides.js';

export const REFEREE = 'referee@nomic.example';
export const FORUM = 'grid@lists.example';
export const PRIVATE = 'g1-moderator@nomic.example';

/** The operator's settings as the tests give them (SMTP and IMAP are never dialled by takeMail). */
export const SERVERS = {
  smtp: { host: 'localhost', port: 25 },
  imap: { host: 'localhost', port: 143, user: 'referee', pass: 'pw' },
};

/** The list's DKIM key (lists.example signs what it relays, as Mailman 3 behind OpenDKIM does). */
export const LIST_KEY = newKey('lists.example', 'mm3');
/** The test's own DNS: the list's key published, nothing else (the players' domains do not sign). */
export const DNS = new DnsTable().publish(LIST_KEY);
/** The proof of a forum on lists.example (ruling M8). */
export const LIST_PROOF = { proof: 'dkim', domains: ['lists.example'] } as const;

export const SETTINGS = parseMailSettings({
  from: REFEREE,
  ...SERVERS,
  games: { g1: { forums: [FORUM], proofs: { [FORUM]: LIST_PROOF }, private: PRIVATE, list: FORUM } },
});

/** The ten Things of the Grid in the top left corner (manual dice), out of the players' way. */
export const FAR_CORNER_ROLLS = [1, 20, 2, 20, 3, 20, 4, 20, 5, 20, 1, 19, 2, 19, 3, 19, 4, 19, 5, 19];

export const ALICE = 'alice@example.org';
export const BOB = 'Bob@Example.org';
export const BOBS_PHRASE = 'purple elephants dance at dawn';

/** g1, a Grid of January 2002: alice (no phrase) and bob (with a phrase) registered. */
export async function gridByMail(): Promise<Referee> {
  const r = openReferee();
  await newGame(r, 'g1', 'grid-2002-01', ['alice', 'bob', 'carol'], FAR_CORNER_ROLLS);
  await insidesOf(r).store.setAddress('g1', 'alice', ALICE, null);
  await insidesOf(r).store.setAddress('g1', 'bob', BOB, await hashPhrase(BOBS_PHRASE));
  return r;
}

export interface MailParts {
  readonly from?: string;
  readonly to?: string;
  readonly subject?: string;
  readonly id?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string;
  readonly body: string | Buffer;
}

let counter = 0;

/** One message, CRLF, with a fresh Message-ID unless one is given (null: none). */
export function mail(parts: MailParts): Buffer {
  const id = parts.id === undefined ? `<m${++counter}.${Date.now()}@example.org>` : parts.id;
  const head = [
    `From: ${parts.from ?? `Alice <${ALICE}>`}`,
    `To: ${parts.to ?? FORUM}`,
    `Subject: ${parts.subject ?? 'My move'}`,
    'Date: Tue, 24 Nov 2026 05:00:00 +0000',
    ...(id !== null ? [`Message-ID: ${id}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: ${parts.contentType ?? 'text/plain; charset=utf-8'}`,
    ...Object.entries(parts.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  const body =
    typeof parts.body === 'string' ? Buffer.from(parts.body.replace(/\r?\n/g, '\r\n')) : parts.body;
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]);
}

/**
 * A message as the list delivers it (issue 23): the list's headers added (List-Id of `list`, unless the post
 * has one), then signed by the list's key. A post to a forum counts only so (ruling M8).
 */
export async function listed(raw: Buffer, list = FORUM): Promise<Buffer> {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end);
  const added = [
    ...(/^List-Id:/im.test(head) ? [] : [`List-Id: <${list.replace('@', '.')}>`]),
    `List-Post: <mailto:${list}>`,
    ...(/^Precedence:/im.test(head) ? [] : ['Precedence: list']),
  ];
  return await sign(Buffer.from(`${head}\r\n${added.join('\r\n')}${text.slice(end)}`, 'latin1'), LIST_KEY);
}

/** A post through the list: mail(parts) as the list relays it to the referee. */
export const listPost = (parts: MailParts): Promise<Buffer> => listed(mail(parts), parts.to ?? FORUM);

export const context = (referee: Referee): InboundContext => ({
  referee,
  settings: SETTINGS,
  now: () => '2026-11-24T05:00:00.000Z',
  auth: DNS.auth,
});

export const take = (referee: Referee, raw: Uint8Array): Promise<Outcome> => takeMail(raw, context(referee));

/** Everything that could change: the log's length and every notice of the game to anyone. */
export async function footprint(referee: Referee): Promise<{ entries: number; notices: number }> {
  const dump = await referee.maintenance.dumpGame?.('g1');
  return { entries: dump?.entries.length ?? -1, notices: dump?.notices?.length ?? -1 };
}
