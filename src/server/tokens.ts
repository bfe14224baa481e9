// Access tokens: 32 random bytes shown once to their holder; the store keeps only their SHA-256, so a copy
// of the database opens nothing. A token is long and random, so a plain (fast) hash is enough: there is no
// password to guess.
import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../core/index.js';
import { ADMIN, PLAYER_NAME, player } from '../core/index.js';
import type { TokenGrant } from '../engine/ports/index.js';

export const newToken = (): string => `nr_${randomBytes(32).toString('base64url')}`;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const ADMIN_HOLDER = 'admin';
export const playerHolder = (name: string): string => `player:${name}`;

/** A new token for a holder, and the grant that stores its hash. */
export function issue(holder: string): { token: string; grant: TokenGrant } {
  const token = newToken();
  return { token, grant: { holder, hash: tokenHash(token) } };
}

/** The actor a stored holder names, or undefined for a holder this version does not know. */
export function actorOf(holder: string): Actor | undefined {
  if (holder === ADMIN_HOLDER) return ADMIN;
  if (holder.startsWith('player:')) {
    const name = holder.slice('player:'.length);
    if (PLAYER_NAME.test(name)) return player(name);
  }
  return undefined;
}

/** The token in an `Authorization: Bearer …` header; undefined if there is no such header. */
export function bearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}
