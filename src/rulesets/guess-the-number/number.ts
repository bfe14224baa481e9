// The Number: "At the start of each nweek the Administrator secretly rolls the Number, 1d10, and tells no one.
// Once per nweek, the Administrator may roll the Number again; e says that e did, never what it is."
import { z } from 'zod';
import { command, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GuessCtx, GuessEvent, GuessModule, GuessState, NumberRolled, RolledAgain } from './events.js';
import type { GuessErrorCode } from './errors.js';
import { guessParams } from './parameters.js';

/** The secret roll: on the secret dice stream, so it may only ride in an Administrator-only event. */
function rollTheNumber(ctx: GuessCtx, purpose: string): void {
  const roll = ctx.roll(`1d${guessParams(ctx.state)['Largest number']}`, purpose, { secret: true });
  const e: NumberRolled = { type: 'number-rolled', vis: 'admin', number: roll.draws[0] ?? 1, rolls: [roll] };
  ctx.emit(e);
}

export const numberModule: GuessModule = {
  id: 'number',
  section: 'The Number',
  text: 'At the start of each nweek the Administrator secretly rolls the Number, 1d10, and tells no one. Once per nweek, the Administrator may roll the Number again; e says that e did, never what it is.',
  hooks: {
    // The kernel starts nweek 1 when the game is created, so the first Number is rolled then.
    nweekStart(ctx) {
      rollTheNumber(ctx, `the Number of nweek ${ctx.clock.nweek}`);
    },
  },
  commands: {
    'roll-again': command<GuessState, z.ZodType<Record<string, never>>, GuessErrorCode, GuessEvent>({
      actor: 'admin',
      // "e says that e did": the command is public (an Administrator's is Administrator-only unless told).
      visibility: 'public',
      summary: 'roll the Number again (once an nweek); everyone is told that you did, no one what came up',
      args: () => z.object({}).strict(),
      run(ctx) {
        if (ctx.rules.rolledAgain)
          return refuse(
            'already-rolled-again',
            `the Number was rolled again already in nweek ${ctx.clock.nweek}`,
          );
        const e: RolledAgain = { type: 'rolled-again', vis: 'public', nweek: ctx.clock.nweek };
        ctx.emit(e);
        rollTheNumber(ctx, `the Number of nweek ${ctx.clock.nweek}, rolled again`);
      },
    }),
  },
  evolve: {
    'number-rolled': (s: GuessState, e: NumberRolled): GuessState => ({ ...s, number: e.number }),
    'rolled-again': (s: GuessState): GuessState => ({ ...s, rolledAgain: true }),
  } satisfies Folds<GuessState, NumberRolled | RolledAgain>,
  describe: {
    'number-rolled': (e: NumberRolled) => `The Administrator rolls the Number: ${e.number}.`,
    'rolled-again': (e: RolledAgain) => `The Administrator rolls the Number of nweek ${e.nweek} again.`,
  } satisfies Texts<NumberRolled | RolledAgain>,
};
