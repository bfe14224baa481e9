// The operator's mail settings (issue 15): where the referee sends (SMTP) and reads (IMAP) mail, its own
// address, and per game which addresses are its binding Public Forum, which takes private messages to the
// Administrator, where public notices and reports go (the list), the Administrator's own address, and the
// chat webhooks. These are the operator's, not the game's: they live in a JSON file beside the store, never
// in the log (a game's log is public record; passwords and addresses are not).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { GAME_ID } from '../../core/index.js';

/**
 * An address as the settings give it: `local@domain`, no display name, no spaces or angle brackets. Loose on
 * purpose (a list on `localhost` or an internal domain is fine); the SMTP server is the judge of the rest.
 */
export const mailAddress = z
  .string()
  .trim()
  .max(254, 'an address is at most 254 characters')
  // Lowercased: inbound mail is placed by comparing addresses, and mail systems treat them so in practice.
  .toLowerCase()
  .regex(/^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/, 'an address is local@domain, nothing else');

const port = z.number().int().min(1).max(65535);

export const SmtpSettings = z
  .object({
    host: z.string().min(1),
    port,
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    secure: z.boolean().optional(),
    user: z.string().min(1).optional(),
    pass: z.string().optional(),
  })
  .strict()
  .refine((s) => (s.user === undefined) === (s.pass === undefined), {
    message: 'give both user and pass, or neither',
  });

export const ImapSettings = z
  .object({
    host: z.string().min(1),
    port,
    secure: z.boolean().optional(),
    user: z.string().min(1),
    pass: z.string(),
    /** The mailboxes the referee reads. */
    mailboxes: z.array(z.string().min(1)).min(1).default(['INBOX']),
  })
  .strict();

export const ChatWebhook = z
  .object({
    kind: z.enum(['discord', 'json']),
    url: z.url({ protocol: /^https?$/, error: 'a webhook is an http(s) URL' }),
  })
  .strict();
export type ChatWebhook = z.infer<typeof ChatWebhook>;

/**
 * When mail failing is told (issue 23 item 9): after `afterMinutes` of every delivery failing, each game's
 * Administrator (and public) are told by the other channels; while the server does not answer it is probed
 * every `probeSeconds`, and what waited goes out as soon as it answers.
 */
export const OutageSettings = z
  .object({
    afterMinutes: z
      .number()
      .min(1)
      .max(24 * 60)
      .optional(),
    probeSeconds: z.number().int().min(5).max(3600).optional(),
  })
  .strict();

/** A mail domain as DKIM's d= and ARC's sealers name it. */
const mailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
    'a domain, as lists.example.org',
  );

/**
 * What proves that a post came through a binding forum (issue 23, ruling M8): a post without it is answered
 * ("send it through the list") and changes nothing.
 * - `dkim`: the list's DKIM signature (d= one of `domains`), valid over the message as received and covering
 *   its From, Message-ID and List-Id, the List-Id naming this forum (or `listId`); or, where a forwarder on the
 *   way broke it, a valid ARC chain whose newest sealer is one of `sealers` and recorded that signature passing.
 * - `delivery`: the message was delivered to `address`, an address of the referee that the list alone writes
 *   to, as the topmost Delivered-To (written by the referee's own mail server) says.
 */
export const ForumProof = z.discriminatedUnion('proof', [
  z
    .object({
      proof: z.literal('dkim'),
      domains: z.array(mailDomain).min(1, 'name the domain the list signs as (d=)'),
      sealers: z.array(mailDomain).default([]),
      /** The list's List-Id (without angle brackets); by default the forum address with "." for "@". */
      listId: z.string().trim().toLowerCase().min(1).optional(),
    })
    .strict(),
  z.object({ proof: z.literal('delivery'), address: mailAddress }).strict(),
]);
export type ForumProof = z.infer<typeof ForumProof>;

export const GameMailSettings = z
  .object({
    /** Addresses or lists whose posts are binding Public Forum posts of this game. */
    forums: z.array(mailAddress).default([]),
    /**
     * Per forum address, what proves a post came through it (ForumProof). A forum with none takes no binding
     * posts (ruling M8: settings written before issue 23 still load, and the mail verbs say so at start).
     */
    proofs: z.record(z.string(), ForumProof).optional(),
    /** The address that takes private messages to the Administrator. */
    private: mailAddress.optional(),
    /** Where public notices and the nweek reports are sent. */
    list: mailAddress.optional(),
    /** The Administrator's own address (notices to 'admin'). */
    admin: mailAddress.optional(),
    /** Chat webhooks that get the game's public notices. */
    chat: z.array(ChatWebhook).default([]),
  })
  .strict();
export type GameMailSettings = z.infer<typeof GameMailSettings>;

/**
 * DNS answers the referee takes from the settings before asking the system's DNS (issue 23): the list's DKIM
 * key pinned (so that nobody who spoofs DNS can sign as the list), or, with `system: false`, the only answers
 * there are (an offline referee importing an archive; the mail tests).
 */
export const DnsSettings = z
  .object({
    /** TXT records by name (`selector._domainkey.domain`, `_dmarc.domain`). */
    txt: z.record(z.string().trim().toLowerCase(), z.string().max(4096)).default({}),
    /** Whether other names are asked of the system's DNS (default true). */
    system: z.boolean().default(true),
  })
  .strict();
export type DnsSettings = z.infer<typeof DnsSettings>;

export const MailSettings = z
  .object({
    /** The referee's own address: the From of everything it sends, and what it recognises as its own mail. */
    from: mailAddress,
    smtp: SmtpSettings,
    imap: ImapSettings,
    /** How long a code confirming a player's address works (ruling M10); default 48. */
    confirmHours: z.number().int().min(1).max(720).optional(),
    /** Mail failing for a while (default: told after 10 minutes, probed every 30 s). */
    outage: OutageSettings.optional(),
    dns: DnsSettings.optional(),
    games: z
      .record(
        z.string().regex(GAME_ID, 'a game id is letters, digits, - and _ (at most 64)'),
        GameMailSettings,
      )
      .default({}),
  })
  .strict()
  .superRefine((s, ctx) => {
    // An address naming two games, or two ways of one game, is refused: a message to it could not be placed.
    // (The referee's own address may be a game's private address: players then answer a receipt to write
    // to the Moderator.)
    const seen = new Map<string, string>();
    for (const [game, g] of Object.entries(s.games)) {
      for (const key of Object.keys(g.proofs ?? {}))
        if (!g.forums.includes(key.toLowerCase()))
          ctx.addIssue({
            code: 'custom',
            path: ['games', game, 'proofs', key],
            message: `${key} is not one of this game's forums: a proof is given for a forum address`,
          });
      const deliveries = Object.values(g.proofs ?? {}).flatMap((p) =>
        p.proof === 'delivery' ? [p.address] : [],
      );
      for (const [way, a] of [
        ...g.forums.map((f) => ['forum', f] as const),
        ...deliveries.map((d) => ['delivery', d] as const),
        ['private', g.private] as const,
      ]) {
        if (a === undefined) continue;
        const other = seen.get(a);
        if (other !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['games', game, way === 'private' ? 'private' : way === 'forum' ? 'forums' : 'proofs'],
            message: `${a} is given twice (${other} and ${game} ${way}): one address, one use`,
          });
        seen.set(a, `${game} ${way}`);
      }
      if (deliveries.includes(s.from))
        ctx.addIssue({
          code: 'custom',
          path: ['games', game, 'proofs'],
          message: `${s.from} is the referee's own address, which everyone may write to: a delivery proof needs an address the list alone writes to`,
        });
    }
  });
export type MailSettings = z.infer<typeof MailSettings>;

/** The proof stated for a forum of a game (an address of g.forums), if any. */
export function proofOf(g: GameMailSettings, forum: string): ForumProof | undefined {
  for (const [key, proof] of Object.entries(g.proofs ?? {})) if (key.toLowerCase() === forum) return proof;
  return undefined;
}

/**
 * The settings check of ruling M8, one line per forum that states no proof: such a forum takes no binding
 * posts, which an operator upgrading a settings file written before issue 23 must be told.
 */
export function unprovenForums(s: Pick<MailSettings, 'games'>): string[] {
  return Object.entries(s.games).flatMap(([game, g]) =>
    g.forums
      .filter((f) => proofOf(g, f) === undefined)
      .map(
        (f) =>
          `games.${game}.proofs: the forum ${f} states no proof, so none of its posts is binding (each is answered "send it through the list"); add "proofs": { "${f}": { "proof": "dkim", "domains": ["<the list's DKIM domain>"] } } or { "proof": "delivery", "address": "<an address only the list writes to>" } (README: Running a game on a mailing list)`,
      ),
  );
}

/** What the mail edge reads to take mail in: the referee's own address, and each game's forums and private. */
export type InboundSettings = Pick<MailSettings, 'from' | 'games'>;

export class MailSettingsError extends Error {
  override readonly name = 'MailSettingsError';
}

/** Every problem of a settings object, one a line, each with where it is ("games.g1.list: …"). */
function problems(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(the settings)'}: ${i.message}`)
    .join('\n');
}

/** Checks settings given as a value (already parsed JSON); throws MailSettingsError listing every problem. */
export function parseMailSettings(value: unknown, source = 'the mail settings'): MailSettings {
  const parsed = MailSettings.safeParse(value);
  if (!parsed.success) throw new MailSettingsError(`${source} are not valid:\n${problems(parsed.error)}`);
  return parsed.data;
}

/** Reads and checks the settings file; a missing file, bad JSON or a bad field each get a clear error. */
export async function loadMailSettings(path: string): Promise<MailSettings> {
  if (path.trim() === '')
    throw new MailSettingsError('the mail settings path is empty: name the settings file');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new MailSettingsError(
      code === 'ENOENT'
        ? `there is no mail settings file at ${path}`
        : `cannot read the mail settings file ${path}: ${(e as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new MailSettingsError(`the mail settings file ${path} is not JSON: ${(e as Error).message}`);
  }
  return parseMailSettings(value, `the mail settings in ${path}`);
}

/** The domain of an address (for Message-IDs): what follows its last @. */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);
