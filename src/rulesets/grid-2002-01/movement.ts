// "Once per week, any Player on the Grid may announce that e intends to move to a new (x,y) coordinate
// location. Unless otherwise prescribed by the rules, Players may only move from eir current location to any
// of the units surround eir current location. [[E.g. the x and y coordinates of a player's location may only
// be increased or decreased by 1 each nweek.]]
// Moves on the Grid happen at the end of the nweek and are processed in the order in which they were
// announced. If a Player attempts to move into a unit occupied by another Player, eir Move fails and e
// remains in eir current location."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Json, Texts } from '../../core/index.js';
import type {
  Announcement,
  GridEvent,
  GridModule,
  GridState,
  MoveAnnounced,
  MoveFailed,
  Moved,
  MovesMade,
  Unit,
} from './types.js';
import { onGrid, placing, positionOf, surrounds, unitText } from './grid.js';
import { coordinate } from './entering.js';
import type { GridErrorCode } from './errors.js';
import { gridParams } from './parameters.js';

/** The events of this section (declared in types.ts): the folds and texts read them typed. */
type MovementEvent = MoveAnnounced | Moved | MoveFailed | MovesMade;

/** The question 'may-move' {player, from, to}: may this move be announced? Answered here by default. */
export interface MayMove {
  readonly player: string;
  readonly from: Unit;
  readonly to: Unit;
}

/** Whether a player has announced a move this nweek (withdrawn or not: R8). */
function announcedBy(state: GridState, player: string): boolean {
  const announced = state.announced;
  for (let i = 0; i < announced.length; i++)
    if ((announced[i] as Announcement).player === player) return true;
  return false;
}

export const movementModule: GridModule = {
  id: 'movement',
  section: 'Movement',
  text: 'Once per week, any Player on the Grid may announce that e intends to move to a new (x,y) coordinate location. ... Players may only move from eir current location to any of the units surround eir current location. ... Moves on the Grid happen at the end of the nweek and are processed in the order in which they were announced. If a Player attempts to move into a unit occupied by another Player, eir Move fails and e remains in eir current location.',
  answers: {
    'may-move'(ctx, question: Json): Json {
      const q = question as unknown as MayMove;
      const p = gridParams(ctx.state);
      if (!onGrid(q.to, p['Grid size'])) return `${unitText(q.to)} is not on the Grid`;
      const distance = p['Move distance'];
      if (surrounds(q.from, q.to, distance)) return true;
      return distance === 1
        ? `${unitText(q.to)} does not surround ${unitText(q.from)}`
        : `${unitText(q.to)} is more than ${distance} units from ${unitText(q.from)} in x or y`;
    },
  },
  commands: {
    move: playerCommand<GridState, z.ZodType<{ x: number; y: number }>, GridErrorCode, GridEvent>({
      summary: 'announce a move to a surrounding unit (x,y), made at the end of the nweek',
      words: ['x', 'y'],
      args: () => z.object({ x: coordinate(), y: coordinate() }).strict(),
      run(ctx, by, { x, y }) {
        const from = positionOf(ctx.rules, by.name);
        if (!from) return refuse('not-on-grid', `${by.name} is in Limbo; enter the Grid first`);
        // R1: "Once per week" means once per nweek; a second announcement in the same nweek is refused.
        if (announcedBy(ctx.rules, by.name)) {
          return refuse(
            'already-announced',
            `${by.name} has already announced a move this nweek (nweek ${ctx.clock.nweek})`,
          );
        }
        const to: Unit = [x, y];
        // (The units themselves, not copies: no answer changes its question.)
        const why = ctx.forbids('may-move', { player: by.name, from, to });
        if (why !== null) return refuse('illegal-move', `${by.name} cannot move to ${unitText(to)}: ${why}`);
        const e: MoveAnnounced = { type: 'move-announced', vis: 'public', player: by.name, to };
        ctx.emit(e);
      },
    }),
  },
  hooks: {
    nweekEnd(ctx) {
      for (const { player, to, withdrawn } of ctx.rules.announced) {
        const from = positionOf(ctx.rules, player);
        if (withdrawn || !from) continue;
        const why = ctx.forbids('may-occupy', { player, at: to });
        if (why === null) {
          const e: Moved = { type: 'moved', vis: 'public', player, from, to };
          ctx.emit(e);
        } else {
          const e: MoveFailed = { type: 'move-failed', vis: 'public', player, to, reason: why };
          ctx.emit(e);
        }
      }
      const done: MovesMade = { type: 'moves-made', vis: 'public', nweek: ctx.clock.nweek };
      ctx.emit(done);
    },
  },
  evolve: {
    // Written out field by field: the hottest fold of the game (see docs/benchmarks.md); GridState's
    // required fields make the compiler catch one left out.
    'move-announced'(s: GridState, e: MoveAnnounced): GridState {
      const announced = s.announced.slice();
      announced.push({ player: e.player, to: e.to });
      return { positions: s.positions, things: s.things, announced };
    },
    moved: (s: GridState, e: Moved): GridState => ({
      positions: placing(s.positions, e.player, e.to),
      things: s.things,
      announced: s.announced,
    }),
    'moves-made': (s: GridState): GridState => ({ positions: s.positions, things: s.things, announced: [] }),
  } satisfies Folds<GridState, MovementEvent>,
  describe: {
    'move-announced': (e: MoveAnnounced) => `${e.player} announces a move to ${unitText(e.to)}.`,
    moved: (e: Moved) => `${e.player} moves from ${unitText(e.from)} to ${unitText(e.to)}.`,
    'move-failed': (e: MoveFailed) =>
      `${e.player}'s move to ${unitText(e.to)} fails (${e.reason}); e stays put.`,
    'moves-made': (e: MovesMade) => `All moves announced in nweek ${e.nweek} have been made.`,
  } satisfies Texts<MovementEvent>,
};
