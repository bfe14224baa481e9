/** Who is looking: the public, one player, or the Administrator (Moderator, Referee). */
export type Viewer =
  | { readonly role: 'public' }
  | { readonly role: 'player'; readonly name: string }
  | { readonly role: 'admin' };

/** Who gives a command: a player speaking for emself, or the Administrator. */
export type Actor = { readonly role: 'player'; readonly name: string } | { readonly role: 'admin' };

export const PUBLIC: Viewer = { role: 'public' };
export const ADMIN: Viewer & Actor = { role: 'admin' };
export const player = (name: string): Viewer & Actor => ({ role: 'player', name });
