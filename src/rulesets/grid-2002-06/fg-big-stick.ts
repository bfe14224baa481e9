// F.2 The Big Stick: "There exists a Passable, Carryable MO called the Big Stick. If at any time there is no
// Big Stick, the Big Stick is placed on a random legal square. If a player has a Big Stick, e may use it to
// administer a Whack to a Player or a Gremlin in an adjacent square. After administering the Whack, the Big
// Stick vanishes from the Player's possession and reappears at a random legal location on the grid. When a
// Player receives a Whack, e is knocked two squares away from the Player with the Big Stick. The Player who has
// been hit receives the attribute Dizzy, which lasts until the end of the nweek. When a Gremlin receives a
// Whack, it is knocked off the Grid and receives the attribute Dizzy. It is placed on the Grid again on a
// random legal square at the end of the current nweek, if it is Active at that time."
// Rulings FG-1 to FG-6 in docs/rulings-grid-june-fg.md.
import { z } from 'zod';
import { command, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Json, Texts } from '../../core/index.js';
import type { GridObject, JuneState, ObjectMoved } from './types.js';
import { consecutive, holdings, locationOf, objectById, playerId, unitText } from './grid.js';
import { describeObject, objectNamed } from './objects.js';
import { enterSquare } from './entering.js';
import {
  commonDescribe,
  commonEvolve,
  direction,
  placeIfNone,
  push,
  randomLegalSquare,
} from './fg-common.js';
import { reflect, shieldOf } from './fg-shield.js';
import { withFG } from './fg-state.js';
import type {
  BecameDizzy,
  BigStickEvent,
  CommonEvent,
  DizzyEnds,
  GremlinActiveSet,
  GremlinKnockedOff,
  GremlinReturns,
  StickReappears,
  Whacked,
} from './fg-state.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** "knocked two squares away" */
export const KNOCK_SQUARES = 2;

const nameOf = (id: string): string => (id.startsWith('player:') ? id.slice('player:'.length) : id);

/** Whether a player or Gremlin (by object id) is Dizzy (F.2). */
export const isDizzy = (s: JuneState, id: string): boolean => s.fg.dizzy.includes(id);

function makeDizzy(ctx: JuneCtx, id: string): void {
  if (isDizzy(ctx.rules, id)) return;
  const e: BecameDizzy = { type: 'dizzy', vis: 'public', id };
  ctx.emit(e);
}

/** The object a Whack is aimed at: a player by name (or 'player:name'), or a Gremlin by id. */
function targetOf(ctx: JuneCtx, target: string): GridObject | undefined {
  const direct = objectNamed(ctx, target);
  if (direct) return direct;
  return ctx.state.players.includes(target) ? objectById(ctx.rules, playerId(target)) : undefined;
}

/** F.2: "After administering the Whack, the Big Stick vanishes ... and reappears at a random legal location". */
function stickReappears(ctx: JuneCtx, stick: GridObject, from: string): void {
  const chosen = randomLegalSquare(ctx, stick, `where the Big Stick reappears after ${from}'s Whack`);
  if (!chosen) return;
  const e: StickReappears = {
    type: 'big-stick-reappears',
    vis: 'public',
    id: stick.id,
    from,
    at: chosen.at,
    rolls: [chosen.roll],
  };
  ctx.emit(e);
  enterSquare(ctx, stick.id, chosen.at, `vanishes from ${from}'s possession and reappears`);
}

const whackArgs = z.object({ target: z.string().min(1).max(100) }).strict();
const activeArgs = z.object({ gremlin: z.string().min(1).max(100), active: z.boolean() }).strict();

export const bigStickModule: JuneModule = {
  id: 'big-stick',
  section: 'F.2 The Big Stick',
  text: "There exists a Passable, Carryable MO called the Big Stick. If at any time there is no Big Stick, the Big Stick is placed on a random legal square. If a player has a Big Stick, e may use it to administer a Whack to a Player or a Gremlin in an adjacent square. After administering the Whack, the Big Stick vanishes from the Player's possession and reappears at a random legal location on the grid. When a Player receives a Whack, e is knocked two squares away from the Player with the Big Stick. The Player who has been hit receives the attribute Dizzy, which lasts until the end of the nweek. When a Gremlin receives a Whack, it is knocked off the Grid and receives the attribute Dizzy. It is placed on the Grid again on a random legal square at the end of the current nweek, if it is Active at that time.",
  triggers: [
    {
      // "If at any time": after every change, the game's creation and an amendment into June included (FG-1).
      run: (ctx) => placeIfNone(ctx, 'big-stick', 'Big Stick'),
    },
  ],
  commands: {
    whack: playerCommand<JuneState, typeof whackArgs, JuneErrorCode, JuneEvent>({
      summary:
        'Whack a player or a Gremlin on a square next to yours with the Big Stick you hold (target: a player name or a Gremlin id such as gremlin:4); the Stick then reappears at random',
      words: ['target'],
      players: ['target'],
      args: whackArgs,
      run(ctx, by, { target }) {
        const at = locationOf(ctx.rules, by.name);
        if (!at) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        const stick = holdings(ctx.rules, by.name).find((o) => o.kind === 'big-stick');
        if (!stick) return refuse('no-big-stick', `${by.name} does not have the Big Stick`);
        const victim = targetOf(ctx, target);
        if (!victim || (victim.kind !== 'player' && victim.kind !== 'gremlin'))
          return refuse('bad-target', `a Whack is for a player or a Gremlin; there is no such ${target}`);
        const there = 'on' in victim.place ? victim.place.on : undefined;
        // FG-2: "adjacent" is "consecutive" (A.2): one of the eight squares around, not one's own.
        if (!there || !consecutive(at, there))
          return refuse(
            'not-adjacent',
            `${describeObject(victim)} is not in a square adjacent to ${by.name} at ${unitText(at)}`,
          );
        const forbidden = ctx.forbids('may-whack', { player: by.name, target: victim.id });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        const e: Whacked = {
          type: 'whacked',
          vis: 'public',
          player: by.name,
          target: victim.id,
          stick: stick.id,
        };
        ctx.emit(e);
        if (victim.kind === 'player') {
          const name = nameOf(victim.id);
          const shield = shieldOf(ctx, name);
          if (shield !== null) reflect(ctx, name, by.name, 'whack', shield);
          else {
            push(ctx, victim.id, direction(at, there), KNOCK_SQUARES, `knocked away by ${by.name}'s Whack`);
            makeDizzy(ctx, victim.id);
          }
        } else {
          const off: ObjectMoved = {
            type: 'object-moved',
            vis: 'public',
            id: victim.id,
            to: { limbo: true },
            why: `knocked off the Grid by ${by.name}'s Whack`,
          };
          ctx.emit(off);
          const knocked: GremlinKnockedOff = { type: 'gremlin-knocked-off', vis: 'public', id: victim.id };
          ctx.emit(knocked);
          makeDizzy(ctx, victim.id);
        }
        const held = objectById(ctx.rules, stick.id);
        if (held && 'heldBy' in held.place && held.place.heldBy === by.name)
          stickReappears(ctx, held, by.name);
      },
    }),
    'gremlin-active': command<JuneState, typeof activeArgs, JuneErrorCode, JuneEvent>({
      actor: 'admin',
      summary:
        "say whether a Gremlin is Active (true/false); a Whacked Gremlin returns at the nweek's end only if Active",
      words: ['gremlin', 'active'],
      visibility: 'public',
      args: activeArgs,
      run(ctx, _by, { gremlin, active }) {
        const o = objectById(ctx.rules, gremlin);
        if (!o || o.kind !== 'gremlin') return refuse('unknown-object', `there is no Gremlin ${gremlin}`);
        const e: GremlinActiveSet = { type: 'gremlin-active-set', vis: 'public', id: gremlin, active };
        ctx.emit(e);
      },
    }),
  },
  hooks: {
    nweekEnd(ctx) {
      // FG-5: a Whacked Gremlin comes back at the end of the first nweek at whose end it is Active.
      for (const id of ctx.rules.fg.knockedOff) {
        const gremlin = objectById(ctx.rules, id);
        if (!gremlin || ctx.rules.fg.inactive.includes(id)) continue;
        const chosen = randomLegalSquare(ctx, gremlin, `where ${describeObject(gremlin)} is placed again`);
        if (!chosen) continue;
        const e: GremlinReturns = {
          type: 'gremlin-returns',
          vis: 'public',
          id,
          at: chosen.at,
          rolls: [chosen.roll],
        };
        ctx.emit(e);
        enterSquare(ctx, id, chosen.at, 'placed on the Grid again at the end of the nweek');
      }
      // "Dizzy, which lasts until the end of the nweek" (and a Gremlin's too: FG-4).
      if (ctx.rules.fg.dizzy.length > 0) {
        const e: DizzyEnds = { type: 'dizzy-ends', vis: 'public' };
        ctx.emit(e);
      }
    },
  },
  answers: {
    // For any rule that gives Dizziness an effect (this text gives it none: FG-4).
    dizzy: (ctx, q: Json): Json | undefined => isDizzy(ctx.rules, (q as { id: string }).id),
  },
  evolve: {
    dizzy: (s: JuneState, e: BecameDizzy) =>
      isDizzy(s, e.id) ? s : withFG(s, { dizzy: [...s.fg.dizzy, e.id] }),
    'dizzy-ends': (s: JuneState) => withFG(s, { dizzy: [] }),
    'gremlin-knocked-off': (s: JuneState, e: GremlinKnockedOff) =>
      withFG(s, { knockedOff: [...s.fg.knockedOff.filter((id) => id !== e.id), e.id] }),
    'gremlin-returns': (s: JuneState, e: GremlinReturns) =>
      withFG(s, { knockedOff: s.fg.knockedOff.filter((id) => id !== e.id) }),
    'gremlin-active-set': (s: JuneState, e: GremlinActiveSet) => {
      const others = s.fg.inactive.filter((id) => id !== e.id);
      return withFG(s, { inactive: e.active ? others : [...others, e.id] });
    },
    ...commonEvolve,
  } satisfies Folds<JuneState, BigStickEvent | CommonEvent>,
  describe: {
    ...commonDescribe,
    whacked: (e: Whacked) => `${e.player} Whacks ${nameOf(e.target)} with the Big Stick.`,
    dizzy: (e: BecameDizzy) => `${nameOf(e.id)} is Dizzy until the end of the nweek.`,
    'dizzy-ends': () => 'The nweek is over: no one is Dizzy any more.',
    'gremlin-knocked-off': (e: GremlinKnockedOff) =>
      `${e.id} is knocked off the Grid until the end of the nweek.`,
    'gremlin-returns': (e: GremlinReturns) => `${e.id} is placed on the Grid again at ${unitText(e.at)}.`,
    'gremlin-active-set': (e: GremlinActiveSet) => `${e.id} is ${e.active ? 'Active' : 'not Active'}.`,
    'big-stick-reappears': (e: StickReappears) =>
      `The Big Stick vanishes from ${e.from}'s possession and reappears at ${unitText(e.at)}.`,
  } satisfies Texts<BigStickEvent | CommonEvent>,
};
