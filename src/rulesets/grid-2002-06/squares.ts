// A.3 Grid Squares and A.3.1 Properties of Squares: "Each Grid Square has two attributes called Substance and
// Depth. ... All squares are of substance Turf if no other substance has been given to [them]. If a square of
// Substance of Earth becomes Wet, its substance becomes Mud. When a player enters a square of Fire, e loses 2d5
// points. Squares may be Wet, Frozen, or neither. If the temperature is below zero degrees Celcius, all Wet
// squares become Frozen. If the temperature is above zero degrees Celcius, all Frozen squares become Wet. If the
// temperature is above 20 degrees Celcius, all Wet squares cease to be Wet."
//
// The temperature, and every square's Substance, Depth and wetness, are set by the Administrator (the text
// leans on them but never says where they come from). The weather rules are conditions ("if the temperature
// is ..."), so they are triggers: checked after every change, whatever made it.
import { z } from 'zod';
import { command, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Burned, JuneState, Square, SquareChanged, SquareEvent, TemperatureSet, Unit } from './types.js';
import { onGrid, rolled, squareKey, unitText } from './grid.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

export const DEFAULT_SQUARE: Square = { substance: 'Turf', depth: 0, wet: false, frozen: false };

export const squareAt = (s: JuneState, at: Unit): Square => s.squares[squareKey(at)] ?? DEFAULT_SQUARE;

/** Changes a square, recording why. */
export function changeSquare(ctx: JuneCtx, at: Unit, square: Square, why: string): void {
  const e: SquareChanged = { type: 'square-changed', vis: 'public', at, square, why };
  ctx.emit(e);
}

/** The next change the weather and the Earth rule make to a square, or null when it is settled. */
function weather(temperature: number, sq: Square): { square: Square; why: string } | null {
  if (sq.wet && sq.substance === 'Earth')
    return { square: { ...sq, substance: 'Mud' }, why: 'Earth that becomes Wet becomes Mud' };
  if (temperature < 0 && sq.wet)
    return { square: { ...sq, wet: false, frozen: true }, why: 'below zero, Wet squares freeze' };
  if (temperature > 0 && sq.frozen)
    return {
      square: { ...sq, frozen: false, wet: true },
      why: 'above zero, Frozen squares thaw and are Wet',
    };
  if (temperature > 20 && sq.wet)
    return { square: { ...sq, wet: false }, why: 'above 20 degrees, Wet squares dry' };
  return null;
}

const coordinate = z.number().int().min(1).max(20);

export const squaresModule: JuneModule = {
  id: 'squares',
  section: 'A.3 Grid Squares',
  text: 'Each Grid Square has two attributes called Substance and Depth. ... All squares are of substance Turf if no other substance has been given ... If a square of Substance of Earth becomes Wet, its substance becomes Mud. ... If the temperature is below zero degrees Celcius, all Wet squares become Frozen. If the temperature is above zero degrees Celcius, all Frozen squares become Wet. If the temperature is above 20 degrees Celcius, all Wet squares cease to be Wet.',
  commands: {
    temperature: command<JuneState, z.ZodType<{ degrees: number }>, JuneErrorCode, JuneEvent>({
      actor: 'admin',
      summary: 'set the temperature, in degrees Celsius',
      words: ['degrees'],
      args: z.object({ degrees: z.number().int().min(-100).max(100) }).strict(),
      run(ctx, _by, { degrees }) {
        const e: TemperatureSet = { type: 'temperature-set', vis: 'public', degrees };
        ctx.emit(e);
      },
    }),
    square: command<
      JuneState,
      z.ZodType<{
        x: number;
        y: number;
        substance?: string;
        depth?: number;
        wet?: boolean;
        frozen?: boolean;
      }>,
      JuneErrorCode,
      JuneEvent
    >({
      actor: 'admin',
      summary: "set a square's Substance, Depth, Wet or Frozen",
      words: ['x', 'y', 'substance'],
      args: z
        .object({
          x: coordinate,
          y: coordinate,
          substance: z
            .string()
            .regex(/^[A-Z][a-z]+$/, 'a substance is one capitalised word, such as Earth or Fire')
            .optional(),
          depth: z.number().int().min(-1000).max(1000).optional(),
          wet: z.boolean().optional(),
          frozen: z.boolean().optional(),
        })
        .strict(),
      run(ctx, _by, a) {
        const at: Unit = [a.x, a.y];
        if (!onGrid(at)) return refuse('off-grid', `${unitText(at)} is not on the Grid`);
        if (a.wet && a.frozen) return refuse('bad-arguments', 'a square is Wet, Frozen, or neither');
        const old = squareAt(ctx.rules, at);
        const frozen = a.frozen ?? (a.wet ? false : old.frozen);
        const wet = a.wet ?? (a.frozen ? false : old.wet);
        changeSquare(
          ctx,
          at,
          { substance: a.substance ?? old.substance, depth: a.depth ?? old.depth, wet, frozen },
          'set by the Administrator',
        );
      },
    }),
  },
  triggers: [
    {
      after: ['temperature-set', 'square-changed'],
      run(ctx) {
        for (const [key, sq] of Object.entries(ctx.rules.squares)) {
          const change = weather(ctx.rules.temperature, sq);
          if (!change) continue;
          const [x, y] = key.split(',').map(Number) as [number, number];
          changeSquare(ctx, [x, y], change.square, change.why);
        }
      },
    },
  ],
  evolve: {
    'temperature-set': (s: JuneState, e: TemperatureSet): JuneState => ({ ...s, temperature: e.degrees }),
    'square-changed'(s: JuneState, e: SquareChanged): JuneState {
      const squares = { ...s.squares };
      const sq: Square = {
        substance: e.square.substance,
        depth: e.square.depth,
        wet: e.square.wet,
        frozen: e.square.frozen,
      };
      if (sq.substance === 'Turf' && sq.depth === 0 && !sq.wet && !sq.frozen) delete squares[squareKey(e.at)];
      else squares[squareKey(e.at)] = sq;
      return { ...s, squares };
    },
  } satisfies Folds<JuneState, SquareEvent>,
  describe: {
    burned: (e: Burned) => `${e.player} enters Fire and loses ${rolled(e)} points.`,
    'temperature-set': (e: TemperatureSet) => `The temperature is now ${e.degrees} degrees Celsius.`,
    'square-changed': (e: SquareChanged) => {
      const sq = e.square;
      const state = sq.frozen ? ', Frozen' : sq.wet ? ', Wet' : '';
      return `${unitText(e.at)} is ${sq.substance}${state}, depth ${sq.depth} (${e.why}).`;
    },
  } satisfies Texts<SquareEvent>,
};
