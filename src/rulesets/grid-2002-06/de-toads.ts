// F.1 Toads: "Certain events may cause a player to become a Toad. Toads are Carryable, Throwable, Passable MOs.
// While a player is a Toad, the following is true: Other players may occupy the same location as em. E may not
// pick up, catch, or throw objects. E may not make a move of eir own free will. E may not use Elbonian Airways.
// E is unaffected by Bonus Boxes. ... If a player ceases to be a Toad while in the possession of another
// player, or on the same grid square as another non-Toad player, the player who was a Toad leaves the
// possession of all players and is Thrown Elbonia-Style at eir [location]. If a Toad is airborne, and e ceases
// to be a Toad, e is immediately Thrown Elbonia-Style at the location e was headed for. When a player becomes
// a Toad, e drops all eir carryable objects."
import type { Folds, Json, Texts } from '../../core/index.js';
import type { JuneState, Unit } from './types.js';
import { own } from './types.js';
import { locationOf, objectsAt, playerObject } from './grid.js';
import { withDE } from './de-state.js';
import { dropEverything } from './players.js';
import { throwElbonia } from './de-elbonian.js';
import type { ToadEvent } from './de-events.js';
import type { JuneCtx, JuneModule } from './events.js';

export const isToad = (s: JuneState, name: string): boolean => own(s.de.toads, name) !== undefined;

const nameOf = (id: string): string | undefined =>
  id.startsWith('player:') ? id.slice('player:'.length) : undefined;

/** Makes a player a Toad for some nweeks: e drops everything e holds first. */
export function becomeToad(ctx: JuneCtx, name: string, nweeks: number, why: string): void {
  const at = locationOf(ctx.rules, name);
  if (at) dropEverything(ctx, name, at, `${name} becomes a Toad`);
  ctx.emit({ type: 'toad-begins', vis: 'public', player: name, until: ctx.clock.nweek + nweeks, why });
}

/** A Toad becomes a player again; thrown Elbonia-Style if held, sharing a square, or Airborne. */
export function ceaseToad(ctx: JuneCtx, name: string): void {
  ctx.emit({ type: 'toad-ends', vis: 'public', player: name });
  const body = playerObject(ctx.rules, name);
  if (!body) return;
  const place = body.place;
  let throwAt: Unit | undefined;
  if ('heldBy' in place) throwAt = locationOf(ctx.rules, place.heldBy);
  else if ('airborne' in place) throwAt = place.airborne.target;
  else if ('on' in place) {
    const here = place.on;
    const shared = objectsAt(ctx.rules, here).some(
      (o) => o.kind === 'player' && o.id !== body.id && !isToad(ctx.rules, o.id.slice(7)),
    );
    if (shared) throwAt = here;
  }
  // R-J15: the cut-off "at eir" is read as "at eir location" (the holder's square, if held).
  if (throwAt) throwElbonia(ctx, body.id, throwAt, `${name} stops being a Toad`);
}

export const toadsModule: JuneModule = {
  id: 'toads',
  section: 'F.1 Toads',
  text: 'Toads are Carryable, Throwable, Passable MOs. While a player is a Toad ... Other players may occupy the same location as em. E may not pick up, catch, or throw objects. E may not make a move of eir own free will. E may not use Elbonian Airways. ...',
  answers: {
    traits(ctx, q: Json) {
      const name = nameOf((q as { id: string }).id);
      return name && isToad(ctx.rules, name)
        ? { mobile: true, passable: true, carryable: true, throwable: true }
        : undefined;
    },
    'may-share'(ctx, q: Json) {
      const { mover, occupant } = q as { mover: string; occupant: string };
      const a = nameOf(mover);
      const b = nameOf(occupant);
      return (a && isToad(ctx.rules, a)) || (b && isToad(ctx.rules, b)) ? true : undefined;
    },
    'may-pick-up': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player) ? 'a Toad may not pick up objects' : undefined,
    'may-catch': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player) ? 'a Toad may not catch objects' : undefined,
    'may-throw': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player) ? 'a Toad may not throw objects' : undefined,
    'may-move': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player)
        ? 'a Toad may not make a move of eir own free will'
        : undefined,
    'may-enter-grid': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player)
        ? 'a Toad may not make a move of eir own free will'
        : undefined,
    'may-leave-grid': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player)
        ? 'a Toad may not make a move of eir own free will'
        : undefined,
    'may-fly': (ctx, q: Json) =>
      isToad(ctx.rules, (q as { player: string }).player) ? 'a Toad may not use Elbonian Airways' : undefined,
  },
  hooks: {
    // "for 4 nweeks": a Toad made in nweek k is a player again at the start of nweek k + 4 (R-J16).
    nweekStart(ctx) {
      for (const [name, until] of Object.entries(ctx.rules.de.toads))
        if (until <= ctx.clock.nweek) ceaseToad(ctx, name);
    },
  },
  evolve: {
    'toad-begins': (s, e) => withDE(s, { toads: { ...s.de.toads, [e.player]: e.until } }),
    'toad-ends'(s, e) {
      const toads = { ...s.de.toads };
      delete toads[e.player];
      return withDE(s, { toads });
    },
  } satisfies Folds<JuneState, ToadEvent>,
  describe: {
    'toad-begins': (e) => `${e.player} becomes a Toad until nweek ${e.until} (${e.why}).`,
    'toad-ends': (e) => `${e.player} is no longer a Toad.`,
  } satisfies Texts<ToadEvent>,
};
