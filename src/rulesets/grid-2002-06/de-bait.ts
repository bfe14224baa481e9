// E.2.4 Bait: "There exist Yves St. Laurent Designer Bags Filled with Expensive Name-brand Cosmetics, also known
// as Siren Bait. Players can buy Siren Bait for 10 [points]. A Player can place Siren Bait on a Big Rock not
// otherwise occupied by a Siren if e is standing next to it. Beginning with the following nweek, at the
// beginning of each nweek until the Bait is taken or ruined, 1d(3*N) is rolled, where N is the number of nweeks
// since the Bait was placed. If a 1 is rolled, the Bait is taken, and a Siren moves onto the Rock. If the Bait
// is not taken within 1d5 nweeks of being placed, the Bait becomes ruined from exposure and is destroyed.
// When a Female Cheerleader is in a Grid square immediately adjoining a piece of Siren Bait ..., the
// Cheerleader may only move within those squares. ... Balls of Wax do not protect against Siren Bait, and
// Cheerleaders cannot roll to escape the Zone. The Cheerleader may attempt to take the Bait by declaring that e
// is doing so in a public forum. The Administrator rolls 1d6. If an even number is rolled, the Cheerleader
// takes the Bait. Once in eir possession, the Siren Bait becomes a Purse. If the Cheerleader makes 3
// unsuccessful attempts to take the Bait, the ZOE effect no longer applies. If a Siren appears where there is
// Siren Bait, and a Cheerleader is adjacent to that Siren Bait, a Catfight ensues. 1d20 is rolled for the
// Cheerleader and for the Siren. Whoever gets the higher score wins the Catfight. If the Cheerleader wins, the
// Siren disappears and the Cheerleader takes possession of the Bait. If the Siren wins, the Cheerleader goes
// into Limbo."
import { z } from 'zod';
import { BANK, playerCommand, refuse } from '../../core/index.js';
import { newObjectId } from './objects.js';
import type { Folds, Json, Texts } from '../../core/index.js';
import type { GridObject, JuneState, ObjectMoved, ObjectPlaced, ObjectRemoved, Unit } from './types.js';
import { own } from './types.js';
import { drawn, locationOf, objectById, rolled, unitOf, unitText } from './grid.js';
import { withDE } from './de-state.js';
import { steps } from './de-zones.js';
import { sirenName } from './de-big-rocks.js';
import { toLimbo } from './players.js';
import type { JuneErrorCode } from './errors.js';
import type { BaitEvent } from './de-events.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

export const BAIT_PRICE = 10;
export const TAKE_ATTEMPTS = 3;

const baitSquare = (s: JuneState, id: string): Unit | undefined => {
  const o = objectById(s, id);
  return o ? unitOf(o.place) : undefined;
};

/** Female Cheerleaders beside a piece of Bait on a square. */
function cheerleadersBeside(ctx: JuneCtx, at: Unit): string[] {
  return ctx.state.players.filter((name) => {
    const f = own(ctx.rules.players, name);
    const where = locationOf(ctx.rules, name);
    return f?.female === true && f.cheerleader && where !== undefined && steps(where, at) === 1;
  });
}

/** The Bait becomes a Purse in a Cheerleader's possession. */
function toPurse(ctx: JuneCtx, bait: string, name: string, why: string): void {
  const e: ObjectMoved = { type: 'object-moved', vis: 'public', id: bait, to: { heldBy: name }, why };
  ctx.emit(e);
  ctx.emit({ type: 'bait-becomes-purse', vis: 'public', id: bait, player: name });
}

/** A Siren comes for the Bait: onto the Rock, and into a Catfight with any Cheerleader beside it. */
function sirenTakesBait(ctx: JuneCtx, baitId: string, at: Unit): void {
  const name = sirenName(ctx.rules.de.sirens);
  const siren: GridObject = { id: `siren:${name}`, kind: 'siren', name, place: { on: at } };
  const fighters = cheerleadersBeside(ctx, at);
  const cheerleader = fighters[0];
  if (!cheerleader) {
    const gone: ObjectRemoved = {
      type: 'object-removed',
      vis: 'public',
      id: baitId,
      why: 'a Siren took the Bait',
    };
    ctx.emit(gone);
    ctx.emit({ type: 'siren-appears', vis: 'public', name, at: [at[0], at[1]] });
    const placed: ObjectPlaced = { type: 'object-placed', vis: 'public', object: siren };
    ctx.emit(placed);
    return;
  }
  // R-J21: the Catfight is over the Bait the Siren came for; a tie is rolled again.
  ctx.emit({ type: 'siren-appears', vis: 'public', name, at: [at[0], at[1]] });
  const placed: ObjectPlaced = { type: 'object-placed', vis: 'public', object: siren };
  ctx.emit(placed);
  for (;;) {
    const fight = ctx.roll('2d20', `Catfight: ${cheerleader} (first die) against the Siren ${name} (second)`);
    const [c, s] = [fight.draws[0] ?? 0, fight.draws[1] ?? 0];
    ctx.emit({ type: 'catfight', vis: 'public', player: cheerleader, siren: name, rolls: [fight] });
    if (c === s) continue;
    if (c > s) {
      const gone: ObjectRemoved = {
        type: 'object-removed',
        vis: 'public',
        id: siren.id,
        why: `${cheerleader} won the Catfight`,
      };
      ctx.emit(gone);
      toPurse(ctx, baitId, cheerleader, `${cheerleader} won the Catfight`);
    } else {
      const gone: ObjectRemoved = {
        type: 'object-removed',
        vis: 'public',
        id: baitId,
        why: `the Siren ${name} won the Catfight`,
      };
      ctx.emit(gone);
      toLimbo(ctx, cheerleader, `${cheerleader} lost a Catfight with the Siren ${name}`);
    }
    return;
  }
}

const baitArg = z.object({ bait: z.string().min(1).max(100) }).strict();

export const baitModule: JuneModule = {
  id: 'siren-bait',
  section: 'E.2.4 Bait',
  text: 'Players can buy Siren Bait for 10 ... A Player can place Siren Bait on a Big Rock not otherwise occupied by a Siren if e is standing next to it. ... 1d(3*N) is rolled ... If the Bait is not taken within 1d5 nweeks of being placed, the Bait becomes ruined ... Female Cheerleader ... may only move within those squares ... 1d6 ... Purse ... Catfight ...',
  commands: {
    'buy-bait': playerCommand<JuneState, z.ZodType<Record<string, never>>, JuneErrorCode, JuneEvent>({
      summary: `buy a piece of Siren Bait for ${BAIT_PRICE} points (it is yours until you place it)`,
      args: z.object({}).strict(),
      run(ctx, by) {
        if (ctx.balance(by.name) < BAIT_PRICE)
          return refuse(
            'cannot-pay',
            `${by.name} has ${ctx.balance(by.name)} points; Siren Bait costs ${BAIT_PRICE}`,
          );
        ctx.transfer(by.name, BANK, BAIT_PRICE, `${by.name} buys Siren Bait`);
        const bait: GridObject = {
          id: newObjectId(ctx, 'siren-bait'),
          kind: 'siren-bait',
          place: { heldBy: by.name },
        };
        const e: ObjectPlaced = { type: 'object-placed', vis: 'public', object: bait };
        ctx.emit(e);
      },
    }),
    'place-bait': playerCommand<
      JuneState,
      z.ZodType<{ bait: string; rock: string }>,
      JuneErrorCode,
      JuneEvent
    >({
      summary: 'place Siren Bait you hold on a Big Rock next to you that has no Siren',
      words: ['bait', 'rock'],
      args: z.object({ bait: z.string(), rock: z.string() }).strict(),
      run(ctx, by, { bait, rock }) {
        const b = objectById(ctx.rules, bait);
        if (!b || b.kind !== 'siren-bait' || !('heldBy' in b.place) || b.place.heldBy !== by.name)
          return refuse('not-held', `${by.name} holds no Siren Bait ${bait}`);
        const r = objectById(ctx.rules, rock);
        const rockAt = r && r.kind === 'big-rock' ? unitOf(r.place) : undefined;
        if (!rockAt) return refuse('not-here', `there is no Big Rock ${rock}`);
        const at = locationOf(ctx.rules, by.name);
        if (!at || steps(at, rockAt) !== 1)
          return refuse('not-here', `${by.name} is not standing next to ${rock}`);
        if (
          ctx.rules.objects.some(
            (o) => o.kind === 'siren' && 'on' in o.place && steps(o.place.on, rockAt) === 0,
          )
        )
          return refuse('not-allowed', 'a Siren already sits on that Big Rock');
        const moved: ObjectMoved = {
          type: 'object-moved',
          vis: 'public',
          id: bait,
          to: { on: rockAt },
          why: `${by.name} places it on the Big Rock`,
        };
        ctx.emit(moved);
        const ruin = ctx.roll('1d5', `within how many nweeks the Bait at ${unitText(rockAt)} must be taken`);
        ctx.emit({
          type: 'bait-placed',
          vis: 'public',
          bait,
          rock,
          placedIn: ctx.clock.nweek,
          ruinAfter: ruin.result as number,
          rolls: [ruin],
        });
      },
    }),
    'take-bait': playerCommand<JuneState, typeof baitArg, JuneErrorCode, JuneEvent>({
      summary: 'as a Female Cheerleader beside Siren Bait, try to take it (even on 1d6)',
      words: ['bait'],
      args: baitArg,
      run(ctx, by, { bait }) {
        const facts = own(ctx.rules.players, by.name);
        if (!facts?.female || !facts.cheerleader)
          return refuse('not-allowed', 'only a Female Cheerleader may take Siren Bait');
        const at = baitSquare(ctx.rules, bait);
        const where = locationOf(ctx.rules, by.name);
        if (!at || !ctx.rules.de.bait[bait] || !where || steps(where, at) !== 1)
          return refuse('not-here', `${by.name} is not beside the Siren Bait ${bait}`);
        const d6 = ctx.roll('1d6', `${by.name} tries to take the Siren Bait`);
        ctx.emit({
          type: 'bait-attempt',
          vis: 'public',
          player: by.name,
          bait,
          taken: (d6.result as number) % 2 === 0,
          rolls: [d6],
        });
        if ((d6.result as number) % 2 === 0) toPurse(ctx, bait, by.name, `${by.name} takes the Bait`);
      },
    }),
  },
  answers: {
    'may-move'(ctx, q: Json) {
      const { player, from, to } = q as { player: string; from: Unit; to: Unit };
      const f = own(ctx.rules.players, player);
      if (!f?.female || !f.cheerleader) return undefined;
      for (const [id, b] of Object.entries(ctx.rules.de.bait)) {
        const at = baitSquare(ctx.rules, id);
        if (!at || (own(b.attempts, player) ?? 0) >= TAKE_ATTEMPTS) continue;
        if (steps(from, at) === 1 && steps(to, at) !== 1)
          return `${player} may only move within the squares beside the Siren Bait`;
      }
      return undefined;
    },
  },
  hooks: {
    nweekStart(ctx) {
      for (const [id, b] of Object.entries(ctx.rules.de.bait)) {
        const at = baitSquare(ctx.rules, id);
        if (!at) continue;
        const n = ctx.clock.nweek - b.placedIn;
        if (n < 1) continue;
        const roll = ctx.roll('1d(3*N)', `is the Siren Bait at ${unitText(at)} taken? (N = ${n})`, {
          vars: { N: n },
        });
        ctx.emit({ type: 'bait-roll', vis: 'public', bait: id, taken: roll.result === 1, rolls: [roll] });
        if (roll.result === 1) sirenTakesBait(ctx, id, at);
        else if (n >= b.ruinAfter) {
          const gone: ObjectRemoved = {
            type: 'object-removed',
            vis: 'public',
            id,
            why: 'ruined from exposure',
          };
          ctx.emit(gone);
        }
      }
    },
  },
  evolve: {
    'bait-placed': (s, e) =>
      withDE(s, {
        bait: {
          ...s.de.bait,
          [e.bait]: { rock: e.rock, placedIn: e.placedIn, ruinAfter: e.ruinAfter, attempts: {} },
        },
      }),
    'bait-attempt'(s, e) {
      const b = s.de.bait[e.bait];
      if (!b || e.taken) return s;
      const who = e.player;
      return withDE(s, {
        bait: {
          ...s.de.bait,
          [e.bait]: { ...b, attempts: { ...b.attempts, [who]: (own(b.attempts, who) ?? 0) + 1 } },
        },
      });
    },
    // Bait in a Cheerleader's possession is a Purse, no longer Bait (removed Bait: objects.ts).
    'bait-becomes-purse': (s, e) => forgetBait(s, e.id),
  } satisfies Folds<JuneState, BaitEvent>,
  describe: {
    'bait-placed': (e) =>
      `Siren Bait is placed on ${e.rock}; it is ruined unless taken within ${e.ruinAfter} nweeks.`,
    'bait-roll': (e) =>
      `1d(3N) for the Siren Bait ${e.bait}: ${rolled(e)}${e.taken ? ' - a Siren takes it!' : ''}.`,
    'bait-attempt': (e) =>
      `${e.player} tries to take the Siren Bait: 1d6 = ${rolled(e)}${e.taken ? ', and takes it' : ''}.`,
    'bait-becomes-purse': (e) => `The Siren Bait is now ${e.player}'s Purse.`,
    catfight: (e) => `Catfight! ${e.player} rolls ${drawn(e, 0)}, the Siren ${e.siren} rolls ${drawn(e, 1)}.`,
  } satisfies Texts<BaitEvent>,
};

function forgetBait(s: JuneState, id: string): JuneState {
  if (!s.de.bait[id]) return s;
  const bait = { ...s.de.bait };
  delete bait[id];
  return withDE(s, { bait });
}
