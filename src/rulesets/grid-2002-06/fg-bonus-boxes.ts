// Bonus Boxes: the text leans on them (F.1 "E is unaffected by Bonus Boxes", "If a player is carrying a Toad,
// and e would lose points as a result of a Bonus box, the effects of that box are applied to the Toad instead.
// If the player is carrying more than one Toad, one is selected at random."; G.1 "the admin shall reveal where
// the Bonus Box is, but not what type of Box it is") but never says what one does. The Administrator places one
// with its effect as its name (`place bonus-box X Y EFFECT`, controls.ts), in an entry only e sees.
// FG-13: a player (not a Toad) who is on a Bonus Box's square opens it, whatever brought em there; the Box is
// gone, and its effect is announced publicly. "+5", "-3", "+2d6", "-1d4" (any of the seeds' dice, signed) are
// points from or to The Bank; any other effect is announced for the Administrator to carry out by hand.
import { BANK, parseDice } from '../../core/index.js';
import type { Folds, Json, Roll, Texts } from '../../core/index.js';
import type { GridObject, JuneState, ObjectRemoved } from './types.js';
import { holdings, objectsAt, sameUnit, unitOf, unitText } from './grid.js';
import { withFG } from './fg-state.js';
import { traitsOf } from './objects.js';
import type { BonusBoxOpened } from './fg-state.js';
import type { JuneCtx, JuneModule } from './events.js';

/** An effect the referee can apply: a sign and a dice expression (or a whole number). */
export type PointsEffect = { readonly sign: 1 | -1; readonly expr: string; readonly dice: boolean };

/** Reads a Box's effect as points, or null if it is something the Administrator must do by hand. */
export function pointsEffect(effect: string | undefined): PointsEffect | null {
  const m = /^\s*([+-])\s*(\S.*)$/.exec(effect ?? '');
  if (!m) return null;
  const expr = (m[2] ?? '').trim();
  if (/^\d+$/.test(expr)) return { sign: m[1] === '-' ? -1 : 1, expr, dice: false };
  if (!/^[\dd+\s-]+$/.test(expr)) return null;
  try {
    const spec = parseDice(expr);
    if (spec.terms.some((t) => t.sign === -1)) return null;
  } catch {
    return null;
  }
  return { sign: m[1] === '-' ? -1 : 1, expr, dice: true };
}

/** F.1: a player who is a Toad is unaffected by Bonus Boxes; a Toad is a carryable player (F.1's traits). */
const isToad = (ctx: JuneCtx, body: GridObject): boolean => traitsOf(ctx, body).carryable;

/** A player opens a Bonus Box on eir square. */
function open(ctx: JuneCtx, player: string, box: GridObject): void {
  const at = unitOf(box.place);
  if (!at) return;
  const effect = box.name ?? '';
  const parsed = pointsEffect(effect);
  const rolls: Roll[] = [];
  let points: number | null = null;
  if (parsed) {
    let amount = Number(parsed.expr);
    if (parsed.dice) {
      const roll = ctx.roll(parsed.expr, `the Bonus Box ${player} opened at ${unitText(at)}`);
      rolls.push(roll);
      amount = roll.result as number;
    }
    points = parsed.sign * amount;
  }
  // F.1: "If a player is carrying a Toad, and e would lose points as a result of a Bonus box, the effects of
  // that box are applied to the Toad instead. If the player is carrying more than one Toad, one is selected at
  // random."
  let bearer = player;
  if (points !== null && points < 0) {
    const toads = holdings(ctx.rules, player).filter((o) => o.kind === 'player');
    if (toads.length === 1) bearer = (toads[0] as GridObject).id.slice('player:'.length);
    else if (toads.length > 1) {
      const { item, roll } = ctx.choose(toads, `which Toad ${player} carries takes the Bonus Box's effect`);
      rolls.push(roll);
      bearer = item.id.slice('player:'.length);
    }
  }
  const opened: BonusBoxOpened = {
    type: 'box-opened',
    vis: 'public',
    player,
    at: [at[0], at[1]],
    effect,
    bearer,
    points,
    ...(rolls.length > 0 ? { rolls } : {}),
  };
  ctx.emit(opened);
  // The Box's id stays the Administrator's: the public learns what the opening says, not which Box it was.
  const gone: ObjectRemoved = {
    type: 'object-removed',
    vis: 'admin',
    id: box.id,
    why: `${player} opened it`,
  };
  ctx.emit(gone);
  if (points !== null && points > 0) ctx.transfer(BANK, bearer, points, `a Bonus Box ${player} opened`);
  if (points !== null && points < 0) ctx.transfer(bearer, BANK, -points, `a Bonus Box ${player} opened`);
}

export const bonusBoxesModule: JuneModule = {
  id: 'bonus-boxes',
  section: 'Bonus Boxes (what the text leans on)',
  text: 'F.1: "E is unaffected by Bonus Boxes. If a player is carrying a Toad, and e would lose points as a result of a Bonus box, the effects of that box are applied to the Toad instead. If the player is carrying more than one Toad, one is selected at random." G.1: "... reveal where the Bonus Box is, but not what type of Box it is."',
  triggers: [
    {
      run(ctx) {
        // Checked after every change, so cheap when there is nothing to open: first the Boxes, then who is there.
        const squares = ctx.rules.objects.flatMap((o) =>
          o.kind === 'bonus-box' && 'on' in o.place ? [o.place.on] : [],
        );
        if (squares.length === 0) return;
        for (const body of ctx.rules.objects) {
          if (body.kind !== 'player') continue;
          const at = unitOf(body.place);
          if (!at || !squares.some((u) => sameUnit(u, at))) continue;
          const player = body.id.slice('player:'.length);
          if (ctx.forbids('bonus-box-affects', { player }) !== null) continue;
          for (const box of objectsAt(ctx.rules, at).filter((o) => o.kind === 'bonus-box'))
            open(ctx, player, box);
        }
      },
    },
  ],
  answers: {
    'bonus-box-affects'(ctx, q: Json): Json | undefined {
      const player = (q as { player: string }).player;
      const body = ctx.rules.objects.find((o) => o.id === `player:${player}`);
      return body && isToad(ctx, body) ? 'a Toad is unaffected by Bonus Boxes (F.1)' : undefined;
    },
  },
  evolve: {
    // FG-9: a Box opened on a square is no longer there for anyone whose Radar had shown it.
    'box-opened': (s: JuneState, e: BonusBoxOpened): JuneState => {
      const revealed = Object.fromEntries(
        Object.entries(s.fg.revealed).map(([p, seen]) => [p, seen.filter((r) => !sameUnit(r.at, e.at))]),
      );
      return withFG(s, { revealed });
    },
  } satisfies Folds<JuneState, BonusBoxOpened>,
  describe: {
    'box-opened': (e: BonusBoxOpened) => {
      const what =
        e.points === null
          ? `its effect is "${e.effect}", which the Administrator carries out`
          : `${e.bearer} ${e.points >= 0 ? 'gains' : 'loses'} ${Math.abs(e.points)} points${e.bearer === e.player ? '' : ` (the Toad ${e.player} carries takes it)`}`;
      return `${e.player} opens a Bonus Box at ${unitText(e.at)}: ${what}.`;
    },
  } satisfies Texts<BonusBoxOpened>,
};
