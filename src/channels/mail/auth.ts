// Who signed a message (issue 23): mailauth 4.9.x's authenticate over the raw bytes as received — each DKIM
// signature (its domain, whether it verifies, which headers it covers, whether it covers the whole body), the
// ARC chain (valid or not, its newest sealer, what that sealer recorded), SPF and DMARC where the received
// data allow — reduced to the few facts proof.ts rules on. The DNS resolver is given: production uses
// node:dns (as mailauth does by default), tests a table of their own, so no test needs the network.
import { resolve as dnsResolve } from 'node:dns/promises';
import { authenticate } from 'mailauth';
import type { ArcResult, AuthenticateResult, DkimResult, Resolver } from 'mailauth';

export type { Resolver } from 'mailauth';

/** How the verifier is run: the resolver, and what the receiving server knew of the connection. */
export interface MailAuthOptions {
  readonly resolver: Resolver;
  /** The connecting client's IP and HELO and the envelope sender, when known (SPF needs them). */
  readonly ip?: string;
  readonly helo?: string;
  readonly sender?: string;
  /**
   * Read ip, helo and sender from the topmost Received header (the referee's own mail server writes it): for
   * mail read from a mailbox, where the connection is long gone. Only right when that server adds one.
   */
  readonly trustReceived?: boolean;
  /** The name the Authentication-Results would carry (nothing is written with it). */
  readonly mta?: string;
}

/**
 * The production options: the system's DNS. No connection data: mail read from a mailbox carries only its
 * Received headers, whose topmost names the last hop inside the operator's own system (often 127.0.0.1, the
 * MTA handing mail to Dovecot), not the sender's server, so SPF judged from it would judge the wrong host
 * (and could pass a forgery From a domain whose SPF names that hop). DMARC then passes by an aligned DKIM
 * signature alone (ruling M9).
 */
export const systemMailAuth: MailAuthOptions = {
  resolver: (name, rrtype) => dnsResolve(name, rrtype),
  mta: 'nomic-referee',
};

const notFound = (name: string): Error =>
  Object.assign(new Error(`${name}: no such record (the mail settings' dns)`), { code: 'ENOTFOUND' });

/**
 * The options the mail verbs verify with, from the settings' `dns` (settings.ts DnsSettings): its TXT answers
 * first, then the system's DNS unless `system` is false.
 */
export function mailAuthOf(settings: {
  readonly dns?: { readonly txt: Readonly<Record<string, string>>; readonly system: boolean } | undefined;
}): MailAuthOptions {
  const dns = settings.dns;
  if (dns === undefined) return systemMailAuth;
  return {
    ...systemMailAuth,
    resolver: async (name, rrtype) => {
      const answer = rrtype === 'TXT' ? dns.txt[name.toLowerCase()] : undefined;
      if (answer !== undefined) return [[answer]];
      if (!dns.system) throw notFound(name);
      return await dnsResolve(name, rrtype);
    },
  };
}

/** One DKIM signature of the message (or an ARC instance's message signature). */
export interface Signature {
  /** d=, lowercased. */
  readonly domain: string;
  readonly selector: string;
  /** 'pass', or why not: 'fail' (bad signature), 'neutral' (body hash, no key, …), 'temperror' (DNS), … */
  readonly result: string;
  /** mailauth's words for a result other than pass ("body hash did not verify", "no key", …). */
  readonly comment: string | undefined;
  /** The header fields it covers, lowercased (only those present in the message). */
  readonly covers: readonly string[];
  /** False when an l= tag leaves part of the body unsigned (anything could be appended there). */
  readonly wholeBody: boolean;
  /** Whether d= is aligned with the From domain (the same organisational domain, DMARC's relaxed rule). */
  readonly aligned: boolean;
}

export interface ArcChain {
  /** 'pass' (every seal and the newest message signature verify), 'fail', or 'none' (no chain). */
  readonly result: string;
  readonly comment: string | undefined;
  /** The newest instance's sealer (its ARC-Seal d=), lowercased. */
  readonly sealer: string | undefined;
  /** The newest instance's ARC-Message-Signature, as verified over the message as received. */
  readonly signature: Signature | undefined;
  /** The domains whose DKIM signatures the newest sealer recorded as passing (its ARC-Authentication-Results). */
  readonly passedBefore: readonly string[];
}

/** What authentication found (see the file's head). */
export interface MailAuth {
  readonly signatures: readonly Signature[];
  readonly arc: ArcChain;
  readonly spf: { readonly result: string; readonly domain: string | undefined } | undefined;
  /** DMARC of the From domain: result 'none' when the domain publishes no policy. */
  readonly dmarc:
    | {
        readonly result: string;
        readonly domain: string | undefined;
        readonly policy: string | undefined;
        readonly comment: string | undefined;
      }
    | undefined;
}

/**
 * At most this many DKIM-Signature and ARC headers are verified: each costs DNS lookups and a public-key
 * operation, and a message with more is no mail a list or a player's server sends (bounded cost).
 */
export const MAX_SIGNATURES = 8;

const lower = (s: string | undefined): string => (s ?? '').trim().toLowerCase();

function signature(r: DkimResult): Signature {
  return {
    domain: lower(r.signingDomain),
    selector: r.selector ?? '',
    result: r.status.result,
    comment: r.status.comment,
    covers: (r.signingHeaders?.keys ?? '')
      .split(':')
      .map(lower)
      .filter((k) => k !== ''),
    wholeBody: r.canonBodyLengthLimited !== true || (r.status.underSized ?? 0) === 0,
    aligned: typeof r.status.aligned === 'string' && r.status.aligned !== '',
  };
}

function arcChain(a: AuthenticateResult['arc']): ArcChain {
  if (!a)
    return { result: 'none', comment: undefined, sealer: undefined, signature: undefined, passedBefore: [] };
  // mailauth leaves `chain` false, not empty, when there is none.
  const chain: NonNullable<ArcResult['chain']> = Array.isArray(a.chain) ? a.chain : [];
  const newest = chain.at(-1);
  return {
    result: a.status.result,
    comment: a.status.comment,
    sealer: newest ? lower(newest['arc-seal']?.parsed?.d?.value) || undefined : undefined,
    signature: a.signature ? signature(a.signature) : undefined,
    passedBefore: (a.authenticationResults?.dkim ?? [])
      .filter((d) => d.result === 'pass')
      .map((d) => lower(d.header?.d ?? d.header?.i?.replace(/^.*@/, '')))
      .filter((d) => d !== ''),
  };
}

/** Counts the signature headers of a raw message's header block (before authenticating it). */
export function signatureHeaders(raw: Uint8Array): number {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  return [...head.matchAll(/^(?:dkim-signature|arc-seal|arc-message-signature):/gim)].length;
}

/**
 * Authenticates a message as received. Throws only if the verifier itself fails (it reports DNS trouble as
 * temperror results, not by throwing).
 */
export async function authenticateMail(raw: Uint8Array, options: MailAuthOptions): Promise<MailAuth> {
  const result = await authenticate(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    resolver: options.resolver,
    mta: options.mta ?? 'nomic-referee',
    disableBimi: true,
    ...(options.ip !== undefined ? { ip: options.ip } : {}),
    ...(options.helo !== undefined ? { helo: options.helo } : {}),
    ...(options.sender !== undefined ? { sender: options.sender } : {}),
    ...(options.trustReceived ? { trustReceived: true } : {}),
  });
  const { spf, dmarc } = result;
  return {
    signatures: (result.dkim.results ?? []).map(signature),
    arc: arcChain(result.arc),
    spf: spf ? { result: spf.status.result, domain: spf.domain } : undefined,
    dmarc: dmarc
      ? {
          result: dmarc.status.result,
          domain: dmarc.domain,
          policy: dmarc.policy ?? dmarc.p,
          comment: dmarc.status.comment,
        }
      : undefined,
  };
}

/** Options that ask no DNS at all (every look-up: no such record): a domain then signs nothing, as far as known. */
export const offlineMailAuth: MailAuthOptions = mailAuthOf({ dns: { txt: {}, system: false } });
