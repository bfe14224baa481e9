// Idempotency-Key on the routes that change things (issue 13, item 7). A key names one request of one
// client: sent again with the same request it answers the first result and changes nothing; with a
// different request it is refused (422 `idempotency-key-reused`, decided by the Referee from the log).
//
// - Commands and posts: the stored command id is `HOLDER:KEY` (per token holder, so two players' keys never
//   meet), with `%` and `#` in the key escaped, because a post's sentence i is stored as `HOLDER:KEY#i`: the
//   command key `K#0` and the post key `K` must not name the same thing.
// - Join and create answer a token, shown once; a retry whose answer was lost must get the same token back,
//   though only token hashes are stored. The token is therefore derived from the key (HMAC keyed by it), and
//   the key must be a secret of the client: at least 128 bits of randomness (a UUID v4, or 16 random bytes
//   in base64url), sent only over HTTPS. The store and the log (a join's command entry is public) hold only a
//   one-way hash of it under another label, so nobody who reads them can replay the request or derive the
//   token; whoever holds the key could derive the token anyway. The key is bound to the request: the same
//   key with another name or game settings is refused.
import { createHash, createHmac } from 'node:crypto';
import type { Actor } from '../core/index.js';
import { ADMIN_HOLDER, playerHolder } from './tokens.js';

/** A key as it appears in a stored command id: `%` and `#` escaped, so `#` only ever ends a post's key. */
const escapeKey = (key: string): string => key.replaceAll('%', '%25').replaceAll('#', '%23');

/** The command id a client's key is stored under: per token holder, so two holders' keys never meet. */
export const commandId = (actor: Actor, key: string | undefined): string | undefined =>
  key === undefined
    ? undefined
    : `${actor.role === 'admin' ? ADMIN_HOLDER : playerHolder(actor.name)}:${escapeKey(key)}`;

/** The least length of a key that a token is derived from (22 base64url characters carry 132 bits). */
export const SECRET_KEY_MIN_LENGTH = 22;

const hmac = (key: string, label: string): Buffer => createHmac('sha256', key).update(label).digest();

/**
 * The command id of a join or creation sent with a secret key: a one-way hash of the key (never the key,
 * which would let anyone who reads the log derive the token). Not of the form `HOLDER:…`, so it meets no
 * command's or post's id; the command it names binds the player's name or the game's settings.
 */
export const secretKeyId = (kind: 'join' | 'create', key: string): string =>
  `${kind}:${createHash('sha256').update(`nomic-referee idempotency key\0${key}`).digest('hex')}`;

/** The token a join or creation with a secret key answers, the same every time the key is sent. */
export const derivedToken = (key: string, purpose: string): string =>
  `nr_${hmac(key, `nomic-referee token\0${purpose}`).toString('base64url')}`;

/** The id a creation with a secret key and no game id gets, the same every time the key is sent. */
export const derivedGameId = (key: string): string =>
  `g-${hmac(key, 'nomic-referee game id').toString('hex').slice(0, 8)}`;
