import type { Viewer } from './viewer.js';

/**
 * Who may see a log entry. The Administrator sees everything; 'public' is everyone; a player list is those
 * players (and the Administrator). Every event carries one, and every output filters by it.
 */
export type Visibility = 'public' | 'admin' | { readonly players: readonly string[] };

export const toPlayers = (...players: string[]): Visibility => ({ players });

export function canSee(visibility: Visibility, viewer: Viewer): boolean {
  if (viewer.role === 'admin' || visibility === 'public') return true;
  if (visibility === 'admin' || viewer.role === 'public') return false;
  return visibility.players.includes(viewer.name);
}
