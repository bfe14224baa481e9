// B. Players on the Grid, B.1 Entrance, B.2 Movement.
// B: "Players are either on the Grid or off the Grid. A Player who is off the Grid is located in Limbo."
// B.1: "A Player may enter the Grid at any legal location. ... A Player cannot enter the Grid if there are
// fewer than two unoccupied locations on the Grid." and "Players are Passable MOs, except that no two players
// may ever occupy the same square."
// B.2: "Once per nweek, any Player on the Grid may announce that e intends to move to a new (x,y) coordinate
// location. ... Players may only move from eir current location to any of the units surrounding eir current
// location. ... Moves on the Grid happen when they are recognized by the Administrator, in the order in which
// they were recognized by the Administrator. If a Player attempts to move into a unit which e may not occupy,
// eir Move fails and e remains in eir current location."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type {
  GridObject,
  JuneState,
  MoveAnnounced,
  MoveFailed,
  ObjectMoved,
  ObjectPlaced,
  Unit,
} from './types.js';
import { own } from './types.js';
import {
  consecutive,
  holdings,
  locationOf,
  onGrid,
  playerId,
  playerObject,
  unitText,
  vacantSquares,
} from './grid.js';
import { cannotEnter } from './objects.js';
import { NEW_PLAYER } from './facts.js';
export { NEW_PLAYER } from './facts.js';
import { enterSquare, makeMove } from './entering.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** The events of this section (declared in types.ts): the folds and texts read them typed. */
type PlayersEvent = MoveAnnounced | MoveFailed;

const xy = z.object({ x: z.number().int(), y: z.number().int() }).strict();

/** B.3 "If a player leaves the grid, e first drops all carryable objects in eir possession." */
export function dropEverything(ctx: JuneCtx, name: string, at: Unit, why: string): void {
  for (const o of holdings(ctx.rules, name)) {
    const e: ObjectMoved = { type: 'object-moved', vis: 'public', id: o.id, to: { on: at }, why };
    ctx.emit(e);
  }
}

/** Sends a player to Limbo, dropping what e holds where e stood. */
export function toLimbo(ctx: JuneCtx, name: string, why: string): void {
  const at = locationOf(ctx.rules, name);
  if (at) dropEverything(ctx, name, at, `${name} leaves the Grid`);
  const e: ObjectMoved = {
    type: 'object-moved',
    vis: 'public',
    id: playerId(name),
    to: { limbo: true },
    why,
  };
  ctx.emit(e);
}

export const playersModule: JuneModule = {
  id: 'players',
  section: 'B, B.1 Entrance, B.2 Movement',
  text: 'Players are either on the Grid or off the Grid. ... A Player may enter the Grid at any legal location. ... A Player cannot enter the Grid if there are fewer than two unoccupied locations on the Grid. ... Once per nweek, any Player on the Grid may announce that e intends to move ... Moves on the Grid happen when they are recognized by the Administrator ... If a Player attempts to move into a unit which e may not occupy, eir Move fails and e remains in eir current location.',
  onJoin(ctx, name) {
    const body: GridObject = { id: playerId(name), kind: 'player', place: { limbo: true } };
    const e: ObjectPlaced = { type: 'object-placed', vis: 'public', object: body };
    ctx.emit(e);
  },
  // R-J34 (issue 16): a player the Administrator removes from the game goes to Limbo, from wherever e is (on a
  // square, carried as a Toad, Airborne), first dropping everything e holds where e is (B.3: "If a player
  // leaves the grid, e first drops all carryable objects in eir possession"); eir points stay eirs.
  onRemove(ctx, name) {
    const body = playerObject(ctx.rules, name);
    if (!body || 'limbo' in body.place) return;
    toLimbo(ctx, name, `${name} is removed from the game`);
  },
  commands: {
    enter: playerCommand<JuneState, typeof xy, JuneErrorCode, JuneEvent>({
      summary: 'enter the Grid from Limbo at (x,y)',
      words: ['x', 'y'],
      args: xy,
      run(ctx, by, { x, y }) {
        const body = playerObject(ctx.rules, by.name);
        if (!body || !('limbo' in body.place)) return refuse('already-on-grid', `${by.name} is not in Limbo`);
        const at: Unit = [x, y];
        if (!onGrid(at)) return refuse('off-grid', `${unitText(at)} is not on the Grid`);
        const refused = ctx.forbids('may-enter-grid', { player: by.name });
        if (refused !== null) return refuse('not-allowed', refused);
        if (vacantSquares(ctx.rules).length < 2)
          return refuse(
            'grid-full',
            'fewer than two unoccupied locations remain on the Grid, so no one may enter',
          );
        const why = cannotEnter(ctx, body, at);
        if (why !== null) return refuse('occupied', `${by.name} cannot enter at ${unitText(at)}: ${why}`);
        enterSquare(ctx, body.id, at, `${by.name} enters the Grid`);
      },
    }),
    leave: playerCommand<JuneState, z.ZodType<Record<string, never>>, JuneErrorCode, JuneEvent>({
      summary: 'leave the Grid for Limbo (dropping everything held)',
      args: z.object({}).strict(),
      run(ctx, by) {
        if (!locationOf(ctx.rules, by.name)) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        const refused = ctx.forbids('may-leave-grid', { player: by.name });
        if (refused !== null) return refuse('not-allowed', refused);
        toLimbo(ctx, by.name, `${by.name} leaves the Grid`);
      },
    }),
    move: playerCommand<JuneState, typeof xy, JuneErrorCode, JuneEvent>({
      summary: 'move to a surrounding square, at once (B.2: when the Administrator recognises it)',
      words: ['x', 'y'],
      args: xy,
      run(ctx, by, { x, y }) {
        const from = locationOf(ctx.rules, by.name);
        if (!from) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        const facts = own(ctx.rules.players, by.name) ?? NEW_PLAYER;
        if (facts.movedInNweek === ctx.clock.nweek)
          return refuse('already-moved', `${by.name} has already moved this nweek`);
        const to: Unit = [x, y];
        if (!consecutive(from, to))
          return refuse('illegal-move', `${unitText(to)} does not surround ${unitText(from)}`);
        const forbidden = ctx.forbids('may-move', { player: by.name, from: [from[0], from[1]], to: [x, y] });
        if (forbidden !== null)
          return refuse('illegal-move', `${by.name} may not move to ${unitText(to)}: ${forbidden}`);
        ctx.emit({
          type: 'move-announced',
          vis: 'public',
          player: by.name,
          to: [x, y],
          nweek: ctx.clock.nweek,
        });
        // R-J2: recognised when the referee accepts it, so made at once; a Move that cannot be made fails.
        const failed = makeMove(ctx, playerId(by.name), to, `${by.name} moves`);
        if (failed !== null)
          ctx.emit({ type: 'move-failed', vis: 'public', player: by.name, to: [x, y], reason: failed });
      },
    }),
  },
  evolve: {
    'move-announced': (s: JuneState, e: MoveAnnounced) => {
      const name = e.player;
      return {
        ...s,
        players: {
          ...s.players,
          [name]: { ...(own(s.players, name) ?? NEW_PLAYER), movedInNweek: e.nweek },
        },
      };
    },
  } satisfies Folds<JuneState, PlayersEvent>,
  describe: {
    'move-announced': (e: MoveAnnounced) => `${e.player} moves towards ${unitText(e.to)}.`,
    'move-failed': (e: MoveFailed) =>
      `${e.player}'s Move to ${unitText(e.to)} fails (${e.reason}); e stays put.`,
  } satisfies Texts<PlayersEvent>,
};
