// Life's Invokable Actions as the public view allows them (nothing in a Field Match is hidden): Tweak once an
// nweek, after the Referee's Evolve, by a player with a Team, on a Cell that is null or of eir Team; Initialize
// while no Cells exist; Evolve once an nweek once they do (src/rulesets/life/definition.ts).
import type { GamePayload, Json } from '../api';
import type { Offers } from './types';
import { isObject, isXY, objects, str } from './types';

const text = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);

export function lifeOffers(payload: GamePayload): Offers {
  const v = payload.view;
  const cells = isObject(v.objects) ? objects(v.objects.Cell) : [];
  const done = objects(v.thisNweek);
  const performed = (action: string, by?: string) =>
    done.some((i) => str(i.action)?.toLowerCase() === action && (by === undefined || i.by === by));
  const evolved = performed('evolve');
  if (payload.viewer.role === 'admin')
    return {
      initialize: cells.length === 0 ? {} : false,
      evolve: cells.length > 0 && !evolved ? {} : false,
    };
  if (payload.viewer.role !== 'player') return {};
  const me = payload.viewer.name;
  const row = objects(v.players).find((p) => p.name === me);
  const team = row && isObject(row.attributes) ? text(row.attributes.Team) : null;
  if (team === null || !evolved || performed('tweak', me)) return { tweak: false };
  const mine = cells
    .filter((c) => {
      const colour = isObject(c.attributes) ? text(c.attributes.Color) : null;
      return colour === null || colour === team;
    })
    .map((c) => c.at)
    .filter(isXY);
  return { tweak: mine.length > 0 ? { squares: mine } : false };
}
