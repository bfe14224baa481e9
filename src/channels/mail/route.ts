// Which game a message is for and which way it came (issue 15): to or through one of a game's binding
// forum addresses it is a Public Forum post; to the game's private address, a private message to the
// Administrator. The addresses looked at are the ones a list or a mail server leaves on a message: To,
// Cc, Delivered-To, X-Original-To, List-Post, and List-Id (a list's id is its address with "." for "@").
// They place a message, and anyone can write them: whether a forum post came through the list is proof.ts's
// to say (issue 23, ruling M8), before anything of it is acted on.
import type { Email } from 'postal-mime';
import { addressesIn, headerValues, mailboxes } from './headers.js';
import type { InboundSettings } from './settings.js';
import { proofOf } from './settings.js';

export type Way = 'forum' | 'private';

export type Routing =
  | { readonly game: string; readonly way: Way; readonly address: string }
  | { readonly none: 'not-for-a-game' | 'ambiguous-game'; readonly detail: string };

/** The addresses a message was sent to or through, lowercased. */
function recipients(email: Email): { addresses: Set<string>; listIds: Set<string> } {
  const addresses = new Set([...mailboxes(email.to), ...mailboxes(email.cc)]);
  for (const h of ['delivered-to', 'x-original-to', 'list-post'])
    for (const v of headerValues(email, h)) for (const a of addressesIn(v)) addresses.add(a);
  const listIds = new Set(
    headerValues(email, 'list-id').flatMap((v) =>
      [...v.matchAll(/<([^<>\s]+)>/g)].map((m) => (m[1] as string).toLowerCase()),
    ),
  );
  return { addresses, listIds };
}

export function route(email: Email, settings: InboundSettings): Routing {
  const { addresses, listIds } = recipients(email);
  const found: { game: string; way: Way; address: string }[] = [];
  for (const [game, g] of Object.entries(settings.games)) {
    // Where a list delivers: its address or id on the message, or the delivery address of its proof (M8).
    // None of these proves the way; proof.ts does.
    const forum = g.forums.find((f) => {
      const proof = proofOf(g, f);
      return (
        addresses.has(f) ||
        listIds.has(
          proof?.proof === 'dkim' && proof.listId !== undefined ? proof.listId : f.replace('@', '.'),
        ) ||
        (proof?.proof === 'delivery' && addresses.has(proof.address))
      );
    });
    if (forum !== undefined) found.push({ game, way: 'forum', address: forum });
    else if (g.private !== undefined && addresses.has(g.private))
      found.push({ game, way: 'private', address: g.private });
  }
  const [one, ...more] = found;
  if (!one) return { none: 'not-for-a-game', detail: 'sent to no address of any game' };
  if (more.length > 0)
    return {
      none: 'ambiguous-game',
      detail: `sent to addresses of several games (${found.map((f) => f.game).join(', ')})`,
    };
  return one;
}

/**
 * Which of the games' own addresses (a binding forum, a list, a private address) `address` is, in words, or
 * undefined. Mail From one of them was not written by a person the referee can name: a list that rewrites
 * its posters' From to its own address (as Mailman's DMARC mitigation does) hides who wrote, and answering it
 * would mail the whole list.
 */
export function gameAddress(settings: InboundSettings, address: string): string | undefined {
  for (const [game, g] of Object.entries(settings.games)) {
    if (g.forums.includes(address)) return `a binding forum of ${game}`;
    if (Object.values(g.proofs ?? {}).some((p) => p.proof === 'delivery' && p.address === address))
      return `the delivery address of a forum of ${game}`;
    if (g.list === address) return `the list of ${game}`;
    if (g.private === address) return `the private address of ${game}`;
  }
  return undefined;
}
