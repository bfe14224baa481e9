// What the text leans on but does not define, given to the Administrator as logged commands: which players
// are Female, Cheerleaders or Football players (E.2.4, E.2.5, C's example), and D's "n" ("where n is the 5th
// Gremlin..." is cut off). The temperature and the squares are set in squares.ts.
import { z } from 'zod';
import { command, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type {
  ControlsEvent,
  GremlinNSet,
  GridObject,
  JuneState,
  ObjectPlaced,
  PlayerFacts,
  PlayerFactsSet,
  Unit,
} from './types.js';
import { own } from './types.js';
import { KINDS } from './types.js';
import { objectsAt, onGrid, unitText } from './grid.js';
import { cannotEnter, KIND_TRAITS, newObjectId } from './objects.js';
import { HIDDEN_KINDS } from './types.js';
import { NEW_PLAYER } from './players.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneModule, JuneEvent } from './events.js';

export const controlsModule: JuneModule = {
  id: 'controls',
  section: "The Administrator's controls",
  text: 'The text refers to Female players, Cheerleaders, Football players and "n is the 5th Gremlin ..." without defining them; the Administrator sets them.',
  commands: {
    'player-facts': command<
      JuneState,
      z.ZodType<{ player: string; female?: boolean; cheerleader?: boolean; football?: boolean }>,
      JuneErrorCode,
      JuneEvent
    >({
      actor: 'admin',
      summary: 'mark a player Female, a Cheerleader or a Football player (true/false)',
      words: ['player'],
      players: ['player'],
      args: z
        .object({
          player: z.string(),
          female: z.boolean().optional(),
          cheerleader: z.boolean().optional(),
          football: z.boolean().optional(),
        })
        .strict(),
      run(ctx, _by, a) {
        const old = own(ctx.rules.players, a.player);
        if (!old) return refuse('unknown-player', `${a.player} has not joined this game`);
        const facts: PlayerFacts = {
          ...old,
          female: a.female ?? old.female,
          cheerleader: a.cheerleader ?? old.cheerleader,
          football: a.football ?? old.football,
        };
        const e: PlayerFactsSet = { type: 'player-facts-set', vis: 'public', player: a.player, facts };
        ctx.emit(e);
      },
    }),
    place: command<
      JuneState,
      z.ZodType<{ kind: string; x: number; y: number; name?: string }>,
      JuneErrorCode,
      JuneEvent
    >({
      actor: 'admin',
      summary: 'put a Grid Object on a square by hand (a Gremlin, a Bonus Box with its effect as name, ...)',
      // The order itself is the Administrator's: what the public learns is the object-placed entry, if public.
      visibility: 'admin',
      words: ['kind', 'x', 'y', 'name'],
      args: z
        .object({
          kind: z.string(),
          x: z.number().int(),
          y: z.number().int(),
          name: z.string().min(1).max(100).optional(),
        })
        .strict(),
      run(ctx, _by, a) {
        const kind = KINDS.find((k) => k === a.kind);
        if (!kind || kind === 'player')
          return refuse(
            'bad-arguments',
            `no kind of Grid Object "${a.kind}"; kinds: ${KINDS.filter((k) => k !== 'player').join(', ')}`,
          );
        const at: Unit = [a.x, a.y];
        if (!onGrid(at)) return refuse('off-grid', `${unitText(at)} is not on the Grid`);
        const object: GridObject = {
          id: newObjectId(ctx, kind),
          kind,
          place: { on: at },
          ...(a.name ? { name: a.name } : {}),
        };
        // Even the Administrator's hand keeps A.2: an Impassable object only on an empty square, and nothing
        // where it could not enter.
        if (!KIND_TRAITS[kind].passable && objectsAt(ctx.rules, at).length > 0)
          return refuse('occupied', `${unitText(at)} is not empty, and a ${kind} is Impassable`);
        const blocked = cannotEnter(ctx, object, at);
        if (blocked !== null)
          return refuse('occupied', `a ${kind} cannot be put at ${unitText(at)}: ${blocked}`);
        const e: ObjectPlaced = {
          type: 'object-placed',
          vis: HIDDEN_KINDS.has(kind) ? 'admin' : 'public',
          object,
        };
        ctx.emit(e);
      },
    }),
    'gremlin-n': command<JuneState, z.ZodType<{ n: number }>, JuneErrorCode, JuneEvent>({
      actor: 'admin',
      summary: 'set n of the Elbonian Airways fare 2+2n',
      words: ['n'],
      args: z.object({ n: z.number().int().min(0).max(1000) }).strict(),
      run(ctx, _by, { n }) {
        const e: GremlinNSet = { type: 'gremlin-n-set', vis: 'public', n };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'player-facts-set': (s: JuneState, e: PlayerFactsSet): JuneState => ({
      ...s,
      players: { ...s.players, [e.player]: { ...NEW_PLAYER, ...e.facts } },
    }),
    'gremlin-n-set': (s: JuneState, e: GremlinNSet): JuneState => ({ ...s, n: e.n }),
  } satisfies Folds<JuneState, ControlsEvent>,
  describe: {
    'player-facts-set': (e: PlayerFactsSet) => {
      const f = e.facts;
      const what = [
        f.female ? 'Female' : 'not Female',
        f.cheerleader ? 'a Cheerleader' : 'not a Cheerleader',
        f.football ? 'a Football player' : 'not a Football player',
      ];
      return `${e.player} is ${what.join(', ')}.`;
    },
    'gremlin-n-set': (e: GremlinNSet) => `n of the Elbonian fare is now ${e.n}.`,
  } satisfies Texts<ControlsEvent>,
};
