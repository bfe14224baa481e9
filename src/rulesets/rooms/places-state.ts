// Where each player is (host rule "Players": "Each player is in exactly one room of the map"), as the state keeps
// it. Kept apart from places.ts, whose module moves the tokens a removed player carried, so that tokens.ts can
// ask which room a player is in without an import cycle.
import type { Place, RoomsState } from './types.js';

/** Where a player is, or undefined if e has not joined. */
export const placeOf = (s: RoomsState, player: string): Place | undefined =>
  s.places.find((p) => p.player === player);

/** The room a player is in; throws for a player who has not joined (the kernel checks that first). */
export function roomOf(s: RoomsState, player: string): string {
  const place = placeOf(s, player);
  if (!place) throw new Error(`${player} has no place on the map`);
  return place.room;
}

/** The players in a room, in turn order. */
export const playersIn = (s: RoomsState, room: string): string[] =>
  s.places.filter((p) => p.room === room).map((p) => p.player);

/** The places with one player arrived (again) in a room: eir arrival count goes up by one. */
export function arriving(places: readonly Place[], player: string, room: string): readonly Place[] {
  const i = places.findIndex((p) => p.player === player);
  if (i < 0) return [...places, { player, room, arrival: 1 }];
  const next = places.slice();
  next[i] = { player, room, arrival: (places[i]?.arrival ?? 0) + 1 };
  return next;
}
