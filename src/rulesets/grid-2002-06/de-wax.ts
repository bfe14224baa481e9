// F.4 Balls of Wax: "There exist Passable, Throwable, Carryable MOs called Balls of Wax. At the beginning of each
// nweek, a Ball of Wax is placed on a random legal Grid square. If a Ball of Wax is thrown towards a player who
// has the Big Stick, e may Whack the Ball of Wax, causing it to cease to be Airborne and be placed on a random
// legal Grid Square. Any player with a Ball of Wax may Stuff the wax into eir ears as protection against the
// wiles of the Sirens. As long as the player has wax in eir ears, e gains the attribute Deaf. Deaf players are
// unaffected by Sirens. After escaping a Siren's ZOE and ZATR or after 1 nweek, whichever comes first, any
// player with wax in eir ears must remove the wax, which then becomes a Ball of Earwax and gains the attribute
// Disgusting. Balls of Earwax are Balls of Wax, but may not be used to stuff in ears. A Ball of Earwax, when
// thrown at a player, cannot be caught. It explodes on impact, being destroyed in the process, and the player
// who has been hit gains the attribute Icky for 1d3 ndays. If a player hits the Ball of Earwax with the big
// stick, the Ball of Earwax explodes and is destroyed, but the bits fall harmlessly to the ground."
// (The Big Stick's owner: F.2; Deaf players and the Sirens: de-sirens.ts.)
import { z } from 'zod';
import { eventsOf, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Json, Texts } from '../../core/index.js';
import type { GridObject, JuneState, ObjectPlaced, ObjectRemoved, Unit } from './types.js';
import { own } from './types.js';
import { GRID_SIZE, holdings, locationOf, objectById, sameUnit, unitStr } from './grid.js';
import { cannotEnter, newObjectId } from './objects.js';
import { enterSquare } from './entering.js';
import { withDE } from './de-state.js';
import { inZatr, inZoe, sirens } from './de-zones.js';
import type { JuneErrorCode } from './errors.js';
import type { WaxEvent } from './de-events.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

export const isEarwax = (o: GridObject): boolean =>
  o.kind === 'ball-of-wax' && (o.tags ?? []).includes('Disgusting');

/** A random legal square for an object (where it may be entered). */
export function randomLegalSquare(
  ctx: JuneCtx,
  object: GridObject,
  purpose: string,
): { at: Unit; rolls: ReturnType<JuneCtx['roll']>[] } {
  const legal: Unit[] = [];
  for (let x = 1; x <= GRID_SIZE; x++)
    for (let y = 1; y <= GRID_SIZE; y++) if (cannotEnter(ctx, object, [x, y]) === null) legal.push([x, y]);
  const { item, roll } = ctx.choose(legal, purpose);
  return { at: item, rolls: [roll] };
}

/** The wax comes out of a player's ears as a Ball of Earwax, Disgusting, in eir possession. */
function unstuff(ctx: JuneCtx, name: string, why: string): void {
  ctx.emit({ type: 'wax-removed', vis: 'public', player: name, why });
  // R-J27: off the Grid (in Limbo, or carried as a Toad) there is nowhere for the Earwax to be: it goes with em.
  if (!locationOf(ctx.rules, name)) return;
  const ball: GridObject = {
    id: newObjectId(ctx, 'ball-of-wax'),
    kind: 'ball-of-wax',
    name: 'Earwax',
    tags: ['Disgusting'],
    place: { heldBy: name },
  };
  const e: ObjectPlaced = { type: 'object-placed', vis: 'public', object: ball };
  ctx.emit(e);
}

const which = z.object({ object: z.string().min(1).max(100) }).strict();

export const waxModule: JuneModule = {
  id: 'balls-of-wax',
  section: 'F.4 Balls of Wax',
  text: "Any player with a Ball of Wax may Stuff the wax into eir ears ... Deaf players are unaffected by Sirens. After escaping a Siren's ZOE and ZATR or after 1 nweek ... Balls of Earwax ... cannot be caught. It explodes on impact ... Icky for 1d3 ndays ...",
  answers: {
    'may-catch': (ctx, q: Json) => {
      const o = objectById(ctx.rules, (q as { object: string }).object);
      return o && isEarwax(o) ? 'a Ball of Earwax cannot be caught' : undefined;
    },
  },
  commands: {
    'stuff-ears': playerCommand<JuneState, typeof which, JuneErrorCode, JuneEvent>({
      summary: 'stuff a Ball of Wax you hold into your ears (you become Deaf to the Sirens)',
      words: ['object'],
      args: which,
      run(ctx, by, { object }) {
        const o = objectById(ctx.rules, object);
        if (!o || o.kind !== 'ball-of-wax' || !('heldBy' in o.place) || o.place.heldBy !== by.name)
          return refuse('not-held', `${by.name} does not hold the Ball of Wax ${object}`);
        if (isEarwax(o)) return refuse('not-allowed', 'a Ball of Earwax may not be used to stuff in ears');
        if (own(ctx.rules.de.deaf, by.name))
          return refuse('not-allowed', `${by.name} already has wax in eir ears`);
        const gone: ObjectRemoved = {
          type: 'object-removed',
          vis: 'public',
          id: o.id,
          why: `${by.name} stuffs it into eir ears`,
        };
        ctx.emit(gone);
        // R-J18: from edition 2 the nday is recorded too, for "after 1 nweek" is a whole nweek from here.
        ctx.emit({
          type: 'deaf',
          vis: 'public',
          player: by.name,
          since: ctx.clock.nweek,
          ...(ctx.state.edition >= 2 ? { nday: ctx.clock.nday } : {}),
        });
      },
    }),
    'whack-ball': playerCommand<JuneState, typeof which, JuneErrorCode, JuneEvent>({
      summary: 'with the Big Stick, whack a Ball of Wax thrown at your square out of the air',
      words: ['object'],
      args: which,
      run(ctx, by, { object }) {
        const at = locationOf(ctx.rules, by.name);
        if (!holdings(ctx.rules, by.name).some((o) => o.kind === 'big-stick'))
          return refuse('not-allowed', `${by.name} does not have the Big Stick`);
        const o = objectById(ctx.rules, object);
        if (
          !o ||
          o.kind !== 'ball-of-wax' ||
          !('airborne' in o.place) ||
          !at ||
          !sameUnit(o.place.airborne.target, at)
        ) {
          return refuse('not-allowed', `no Ball of Wax is flying towards ${by.name}`);
        }
        if (isEarwax(o)) {
          const gone: ObjectRemoved = {
            type: 'object-removed',
            vis: 'public',
            id: o.id,
            why: `${by.name} whacks it with the Big Stick: it explodes, and the bits fall harmlessly`,
          };
          ctx.emit(gone);
          return;
        }
        const { at: square, rolls } = randomLegalSquare(
          ctx,
          o,
          `where the Ball of Wax ${by.name} whacked comes down`,
        );
        ctx.emit({ type: 'ball-whacked', vis: 'public', player: by.name, object: o.id, rolls });
        enterSquare(ctx, o.id, square, `${by.name} whacks it out of the air`);
      },
    }),
  },
  hooks: {
    nweekStart(ctx) {
      // R-J18 as edition 1 read "after 1 nweek": at the start of the nweek after the one the wax went in.
      if (ctx.state.edition < 2)
        for (const [name, d] of Object.entries(ctx.rules.de.deaf))
          if (ctx.clock.nweek > d.since) unstuff(ctx, name, 'an nweek has passed');
      // "At the beginning of each nweek, a Ball of Wax is placed on a random legal Grid square." (nweek 1
      // begins when the game is created; R-J26.)
      // Its id names its nweek, so the weekly Balls never shift the numbering of other objects.
      const ball: GridObject = {
        id: `ball-of-wax:nweek-${ctx.clock.nweek}`,
        kind: 'ball-of-wax',
        place: { limbo: true },
      };
      const { at, rolls } = randomLegalSquare(
        ctx,
        ball,
        `where nweek ${ctx.clock.nweek}'s Ball of Wax is placed`,
      );
      ctx.emit({ type: 'weekly-ball', vis: 'public', id: ball.id, at: [at[0], at[1]], rolls });
    },
    ndayEnd(ctx) {
      // R-J18: "after 1 nweek" is a whole nweek from the stuffing. The nday the wax went in is not a whole
      // one, so the wax comes out when the nday of the same number in the next nweek ends: as many whole
      // ndays as an nweek has have passed since then.
      if (ctx.state.edition >= 2) {
        const { nweek, nday, ndays } = ctx.clock;
        for (const [name, d] of Object.entries(ctx.rules.de.deaf))
          if ((nweek - d.since) * ndays + (nday - (d.nday ?? 1)) >= ndays)
            unstuff(ctx, name, 'an nweek has passed');
      }
      // An Icky that began at this very nday's end is counted from the next one.
      for (const [name, left] of Object.entries(ctx.rules.de.icky)) {
        if (eventsOf<JuneEvent, 'icky'>(ctx.events, 'icky').some((e) => e.player === name)) continue;
        ctx.emit({ type: 'icky-wanes', vis: 'public', player: name, left: left - 1 });
      }
    },
  },
  triggers: [
    {
      // Escaping: a Deaf player who has been in a Siren's ZOE or ZATR and now is in none must remove the wax.
      after: ['object-moved', 'object-removed', 'object-placed'],
      run(ctx) {
        for (const [name, d] of Object.entries(ctx.rules.de.deaf)) {
          const at = locationOf(ctx.rules, name);
          const zoned = at !== undefined && sirens(ctx.rules).some((s) => inZoe(s, at) || inZatr(s, at));
          if (zoned && !d.zoned) ctx.emit({ type: 'deaf-zoned', vis: 'public', player: name });
          else if (!zoned && d.zoned) unstuff(ctx, name, "e has escaped the Siren's zones");
        }
      },
    },
    {
      // An Earwax ball that hit a player explodes; e is Icky for 1d3 ndays.
      after: ['hit'],
      run(ctx) {
        for (const e of eventsOf<JuneEvent, 'hit'>(ctx.events, 'hit')) {
          const o = objectById(ctx.rules, e.object);
          if (!o || !isEarwax(o)) continue;
          const gone: ObjectRemoved = {
            type: 'object-removed',
            vis: 'public',
            id: o.id,
            why: 'it explodes on impact',
          };
          ctx.emit(gone);
          const d3 = ctx.roll('1d3', `how many ndays ${e.player} is Icky`);
          ctx.emit({
            type: 'icky',
            vis: 'public',
            player: e.player,
            ndays: d3.result as number,
            rolls: [d3],
          });
        }
      },
    },
  ],
  evolve: {
    deaf: (s, e) =>
      withDE(s, {
        deaf: {
          ...s.de.deaf,
          [e.player]: { since: e.since, ...(e.nday !== undefined ? { nday: e.nday } : {}), zoned: false },
        },
      }),
    'deaf-zoned': (s, e) => {
      const d = own(s.de.deaf, e.player);
      return d ? withDE(s, { deaf: { ...s.de.deaf, [e.player]: { ...d, zoned: true } } }) : s;
    },
    'wax-removed'(s, e) {
      const deaf = { ...s.de.deaf };
      delete deaf[e.player];
      return withDE(s, { deaf });
    },
    'weekly-ball': (s, e): JuneState => ({
      ...s,
      objects: [...s.objects, { id: e.id, kind: 'ball-of-wax', place: { on: e.at } }],
    }),
    icky: (s, e) => withDE(s, { icky: { ...s.de.icky, [e.player]: e.ndays } }),
    'icky-wanes'(s, e) {
      const icky = { ...s.de.icky };
      if (e.left <= 0) delete icky[e.player];
      else icky[e.player] = e.left;
      return withDE(s, { icky });
    },
  } satisfies Folds<JuneState, WaxEvent>,
  describe: {
    deaf: (e) => `${e.player} stuffs wax into eir ears and is Deaf.`,
    'deaf-zoned': (e) => `${e.player}, Deaf, is within a Siren's reach.`,
    'wax-removed': (e) =>
      `${e.player} removes the wax from eir ears (${e.why}): it is now a Disgusting Ball of Earwax.`,
    'weekly-ball': (e) => `This nweek's Ball of Wax is placed at ${unitStr(e.at)}.`,
    'ball-whacked': (e) => `${e.player} whacks ${e.object} out of the air.`,
    icky: (e) => `${e.player} is Icky for ${e.ndays} ndays.`,
    'icky-wanes': (e) =>
      e.left <= 0 ? `${e.player} is no longer Icky.` : `${e.player} is Icky for ${e.left} more ndays.`,
  } satisfies Texts<WaxEvent>,
};
