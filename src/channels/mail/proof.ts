// Who wrote it (issue 23): what a message proves of its way and its sender, ruled on the facts auth.ts finds.
// A binding forum post must prove it came through the list (ruling M8: the list's DKIM signature, an ARC seal
// of a named sealer, or delivery at an address the list alone writes to); a private message from a domain
// that signs must carry a valid signature of it (ruling M9). Anything else is refused with the reason, which
// the receipt gives. Headers are counted on the message as received: a From, Message-ID or List-Id added
// above a signed one is what a reader sees but not what was signed, so a message with two is refused.
import type { Email } from 'postal-mime';
import type { MailAuth, MailAuthOptions, Signature } from './auth.js';
import { authenticateMail, MAX_SIGNATURES, signatureHeaders } from './auth.js';
import { addressesIn, headerValues } from './headers.js';
import type { Routing } from './route.js';
import type { ForumProof, InboundSettings } from './settings.js';
import { domainOf, proofOf } from './settings.js';

/** Why a message's way or sender is not proven (a refusal reason of inbound.ts). */
export type Doubt =
  | { readonly reason: 'not-through-list'; readonly why: string }
  | { readonly reason: 'unverified-sender'; readonly why: string };

/** The headers a list's signature must cover for a post to be the list's, and that a post has once. */
const LIST_SIGNED = ['from', 'message-id', 'list-id'] as const;
const NAMES: Record<string, string> = { from: 'From', 'message-id': 'Message-ID', 'list-id': 'List-Id' };

const count = (email: Email, name: string): number => headerValues(email, name).length;

/** The List-Ids of a message, lowercased, without angle brackets. */
const listIdsOf = (email: Email): string[] =>
  headerValues(email, 'list-id').flatMap((v) =>
    [...v.matchAll(/<([^<>\s]+)>/g)].map((m) => (m[1] as string).toLowerCase()),
  );

const covering = (s: Signature, names: readonly string[]): string[] =>
  names.filter((n) => !s.covers.includes(n));

/** A signature that proves what it covers: valid, over the whole body, covering `names`. */
const sound = (s: Signature, names: readonly string[]): boolean =>
  s.result === 'pass' && s.wholeBody && covering(s, names).length === 0;

/** Why a signature does not prove what it covers, in words for the receipt. */
function flaw(s: Signature, names: readonly string[]): string {
  if (s.result === 'temperror')
    return `the DKIM signature of ${s.domain} could not be checked (${s.comment ?? 'DNS trouble'}); send it again later`;
  if (s.result !== 'pass')
    return `the DKIM signature of ${s.domain} does not verify: ${s.comment ?? s.result}`;
  if (!s.wholeBody) return `the DKIM signature of ${s.domain} leaves part of the body unsigned (l=)`;
  return `the DKIM signature of ${s.domain} does not cover its ${covering(s, names)
    .map((n) => NAMES[n] ?? n)
    .join(', ')}`;
}

/** Ruling M8 for one forum's DKIM proof. */
function dkimProof(
  email: Email,
  forum: string,
  proof: Extract<ForumProof, { proof: 'dkim' }>,
  auth: MailAuth,
): string | undefined {
  const listId = proof.listId ?? forum.replace('@', '.');
  if (!listIdsOf(email).includes(listId)) return `its List-Id is not <${listId}>, the list's`;
  const ours = auth.signatures.filter((s) => proof.domains.includes(s.domain));
  if (ours.some((s) => sound(s, LIST_SIGNED))) return undefined;
  // A forwarder on the way (a mailbox that forwards to the referee's) may have broken the list's signature:
  // a sealer the operator named vouches, by a valid chain, that it verified then.
  const { arc } = auth;
  if (
    arc.result === 'pass' &&
    arc.sealer !== undefined &&
    proof.sealers.includes(arc.sealer) &&
    arc.signature !== undefined &&
    sound(arc.signature, LIST_SIGNED) &&
    arc.passedBefore.some((d) => proof.domains.includes(d))
  )
    return undefined;
  const first = ours[0];
  if (first) return flaw(first, LIST_SIGNED);
  const others = auth.signatures.map((s) => s.domain);
  return `it carries no DKIM signature of ${proof.domains.join(' or ')}${others.length > 0 ? ` (only of ${[...new Set(others)].join(', ')})` : ''}`;
}

/**
 * Ruling M8 for a delivery proof: a Delivered-To naming the address above the first Received header. The
 * referee's own server writes it at delivery above everything the message brought (Postfix's local and
 * virtual delivery do); one further down, below a Received, was in the message when it arrived, and anyone
 * can write that. A message with no Received at all came through no server that says so: no proof.
 */
function deliveryProof(email: Email, address: string): string | undefined {
  const firstReceived = email.headers.findIndex((h) => h.key === 'received');
  const above = firstReceived < 0 ? [] : email.headers.slice(0, firstReceived);
  if (above.some((h) => h.key === 'delivered-to' && addressesIn(h.value).includes(address))) return undefined;
  return `it was not delivered to the list's own delivery address`;
}

/** The forum proof (M8) or the sender's signature (M9) of a routed message; undefined when it holds. */
export async function doubtOf(
  raw: Uint8Array,
  email: Email,
  routing: Extract<Routing, { game: string }>,
  settings: InboundSettings,
  sender: string,
  options: MailAuthOptions,
): Promise<Doubt | undefined> {
  const game = settings.games[routing.game];
  if (routing.way === 'forum') {
    const notThrough = (why: string): Doubt => ({
      reason: 'not-through-list',
      why: `this did not come through the list (${why}), so it is not a post on the Public Forum of ${routing.game}. Send it through the list ${routing.address}: only what the list delivers is binding.`,
    });
    const proof = game ? proofOf(game, routing.address) : undefined;
    if (proof === undefined)
      return {
        reason: 'not-through-list',
        why: `the referee cannot tell that this came through the list: the Administrator has stated no proof for ${routing.address} yet, so no post to it is binding. Send your announcements to the Administrator, or ask em to set the list's proof up.`,
      };
    for (const name of LIST_SIGNED.filter((n) => proof.proof === 'dkim' || n === 'from'))
      if (count(email, name) !== 1) return notThrough(`it has ${count(email, name)} ${NAMES[name]} headers`);
    if (proof.proof === 'delivery') {
      const why = deliveryProof(email, proof.address);
      return why === undefined ? undefined : notThrough(why);
    }
    if (signatureHeaders(raw) > MAX_SIGNATURES)
      return notThrough(`it carries more than ${MAX_SIGNATURES} signatures`);
    const why = dkimProof(email, routing.address, proof, await authenticateMail(raw, options));
    return why === undefined ? undefined : notThrough(why);
  }
  const unverified = (why: string): Doubt => ({
    reason: 'unverified-sender',
    why: `the referee cannot tell that ${sender} wrote it: ${why}.`,
  });
  if (count(email, 'from') !== 1) return unverified(`it has ${count(email, 'from')} From headers`);
  if (signatureHeaders(raw) > MAX_SIGNATURES)
    return unverified(`it carries more than ${MAX_SIGNATURES} signatures`);
  return senderDoubt(sender, await authenticateMail(raw, options), unverified);
}

/**
 * Ruling M9: a sender's domain signs when the message carries a signature aligned with its From, or when
 * the domain publishes a DMARC policy that asks receivers to act (quarantine or reject). Then an aligned
 * signature must verify (or DMARC pass: by SPF, where the caller gave the connection, auth.ts); a domain that
 * does not sign leaves the sender identified by address (and phrase, M1) as before.
 */
function senderDoubt(sender: string, auth: MailAuth, unverified: (why: string) => Doubt): Doubt | undefined {
  const own = auth.signatures.filter((s) => s.aligned);
  if (own.some((s) => sound(s, ['from']))) return undefined;
  const { dmarc } = auth;
  if (dmarc?.result === 'pass') return undefined;
  const first = own[0];
  if (first) return unverified(flaw(first, ['from']));
  if (dmarc?.result === 'temperror')
    return unverified(
      `the DMARC policy of ${domainOf(sender)} could not be read (${dmarc.comment ?? 'DNS trouble'}); send it again later`,
    );
  if (dmarc !== undefined && (dmarc.policy === 'quarantine' || dmarc.policy === 'reject'))
    return unverified(
      `${dmarc.domain ?? domainOf(sender)} publishes a DMARC policy (p=${dmarc.policy}) and the message carries no valid signature of it`,
    );
  return undefined;
}

/**
 * Ruling PE1 (issue 24): mail from a game's Administrator's address is acted on as the Administrator's (an
 * amendment of the rules) only when it proves its sender: one From, and a valid DKIM signature aligned with
 * the From's domain covering it (or DMARC passing). A domain that does not sign leaves a player identified by
 * address and phrase (M9, M11); it leaves the Administrator unproven, since anyone can write eir From.
 */
export async function administratorDoubt(
  raw: Uint8Array,
  email: Email,
  sender: string,
  options: MailAuthOptions,
): Promise<Doubt | undefined> {
  const unverified = (why: string): Doubt => ({
    reason: 'unverified-sender',
    why: `the referee cannot tell that the Administrator (${sender}) wrote it: ${why}. The Administrator's mail is acted on only with a valid DKIM signature of eir own domain (or amend the rules by the API or \`referee amend-rules\`).`,
  });
  if (count(email, 'from') !== 1) return unverified(`it has ${count(email, 'from')} From headers`);
  if (signatureHeaders(raw) > MAX_SIGNATURES)
    return unverified(`it carries more than ${MAX_SIGNATURES} signatures`);
  const auth = await authenticateMail(raw, options);
  const own = auth.signatures.filter((s) => s.aligned);
  if (own.some((s) => sound(s, ['from']))) return undefined;
  if (auth.dmarc?.result === 'pass' && own.length > 0) return undefined;
  const first = own[0];
  return unverified(first ? flaw(first, ['from']) : `it carries no DKIM signature of ${domainOf(sender)}`);
}
