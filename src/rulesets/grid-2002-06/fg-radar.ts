// G.1 Radar: "Each player has an attribute called Radar. All players initially have a Radar of 2. If a square
// containing a Bonus Box is within x squares of a player, where x is that player's Radar, then the admin shall
// reveal where the Bonus Box is, but not what type of Box it is."
// FG-7: "within x squares" counts steps, diagonals one (the rings of A.2's "consecutive"). FG-8: checked after
// every change (a move, a push, a landing, a new Box, a new Radar Tower, a new Radar), and revealed once for each
// square a Box is seen on, in an entry only that player (and the Administrator) can see.
// The Radar a player is "treated as" having is eir Radar plus what the rules answer to 'radar-bonus' (G.2).
import { z } from 'zod';
import { command, refuse } from '../../core/index.js';
import type { Folds, GameState, Texts } from '../../core/index.js';
import type { GridObject, JuneState, Unit } from './types.js';
import { own } from './types.js';
import { sameUnit, unitOf, unitText } from './grid.js';
import { withFG } from './fg-state.js';
import type { RadarReveal, RadarSet } from './fg-state.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** "All players initially have a Radar of 2." */
export const INITIAL_RADAR = 2;

/** Steps between two squares, diagonals counting one. */
export const distance = (a: Unit, b: Unit): number => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

/** A player's Radar attribute. */
export const radarOf = (s: JuneState, player: string): number => own(s.fg.radar, player) ?? INITIAL_RADAR;

/** The Radar a player is treated as having now: eir Radar and any bonus the rules give (a Radar Tower, G.2). */
export function effectiveRadar(ctx: JuneCtx, player: string): number {
  const bonus = ctx.ask('radar-bonus', { player });
  return radarOf(ctx.rules, player) + (typeof bonus === 'number' ? bonus : 0);
}

/** Bonus Boxes on squares. */
const boxes = (s: JuneState): GridObject[] =>
  s.objects.filter((o) => o.kind === 'bonus-box' && 'on' in o.place);

/** Whether a player's Radar has already shown em a Box on this square (and none has been opened there since). */
const known = (s: JuneState, player: string, at: Unit): boolean =>
  (own(s.fg.revealed, player) ?? []).some((r) => sameUnit(r.at, at));

const radarArgs = z
  .object({ player: z.string().min(1).max(32), radar: z.number().int().min(0).max(40) })
  .strict();

export const radarModule: JuneModule = {
  id: 'radar',
  section: 'G.1 Radar',
  text: "Each player has an attribute called Radar. All players initially have a Radar of 2. If a square containing a Bonus Box is within x squares of a player, where x is that player's Radar, then the admin shall reveal where the Bonus Box is, but not what type of Box it is.",
  triggers: [
    {
      run(ctx) {
        const found = boxes(ctx.rules);
        if (found.length === 0) return;
        for (const body of ctx.rules.objects) {
          if (body.kind !== 'player') continue;
          const at = unitOf(body.place);
          if (!at) continue;
          const player = body.id.slice('player:'.length);
          let reach: number | undefined;
          for (const box of found) {
            const where = unitOf(box.place) as Unit;
            if (known(ctx.rules, player, where)) continue;
            reach ??= effectiveRadar(ctx, player);
            if (distance(at, where) > reach) continue;
            // To that player alone: where, and neither which Box nor what type (its effect is its name).
            const e: RadarReveal = {
              type: 'radar-reveal',
              vis: { players: [player] },
              player,
              at: [where[0], where[1]],
            };
            ctx.emit(e);
          }
        }
      },
    },
  ],
  commands: {
    radar: command<JuneState, typeof radarArgs, JuneErrorCode, JuneEvent>({
      actor: 'admin',
      summary: "set a player's Radar (FG-10: for rules of the wider game that change it; all start at 2)",
      words: ['player', 'radar'],
      players: ['player'],
      visibility: 'public',
      args: radarArgs,
      run(ctx, _by, { player, radar }) {
        if (!ctx.state.players.includes(player))
          return refuse('unknown-player', `${player} has not joined this game`);
        const e: RadarSet = { type: 'radar-set', vis: 'public', player, radar };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'radar-set': (s: JuneState, e: RadarSet) => withFG(s, { radar: { ...s.fg.radar, [e.player]: e.radar } }),
    'radar-reveal': (s: JuneState, e: RadarReveal, game: GameState) => {
      const sighting = { at: e.at, nweek: game.clock.nweek };
      return withFG(s, {
        revealed: { ...s.fg.revealed, [e.player]: [...(own(s.fg.revealed, e.player) ?? []), sighting] },
      });
    },
  } satisfies Folds<JuneState, RadarSet | RadarReveal>,
  describe: {
    'radar-set': (e: RadarSet) => `${e.player}'s Radar is now ${e.radar}.`,
    'radar-reveal': (e: RadarReveal) => `${e.player}'s Radar shows a Bonus Box at ${unitText(e.at)}.`,
  } satisfies Texts<RadarSet | RadarReveal>,
};
