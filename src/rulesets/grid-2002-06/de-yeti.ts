// E.3 The Yeti: "There exists an entity called the Yeti. At the start of the 1st nday of each nweek, the Yeti
// moves three times, each time to a random square which is not more than 8 units from the square e is in.
// When the Yeti leaves a square, that square becomes Frozen."
// R-J14: where the Yeti starts is not said; the Administrator places it (`place yeti X Y`).
import type { Texts } from '../../core/index.js';
import type { GridObject, Unit } from './types.js';
import { consecutive, GRID_SIZE, unitText } from './grid.js';
import { cannotEnter } from './objects.js';
import { enterSquare } from './entering.js';
import { changeSquare, squareAt } from './squares.js';
import { steps } from './de-zones.js';
import type { YetiBound } from './de-events.js';
import type { JuneModule } from './events.js';

export const YETI_REACH = 8;

export const yetiModule: JuneModule = {
  id: 'yeti',
  section: 'E.3 The Yeti',
  text: 'At the start of the 1st nday of each nweek, the Yeti moves three times, each time to a random square which is not more than 8 units from the square e is in. When the Yeti leaves a square, that square becomes Frozen.',
  hooks: {
    ndayStart(ctx) {
      if (ctx.clock.nday !== 1) return;
      for (const yeti of ctx.rules.objects.filter((o) => o.kind === 'yeti')) {
        for (let k = 1; k <= 3; k++) {
          const now = ctx.rules.objects.find((o) => o.id === yeti.id) as GridObject;
          if (!('on' in now.place)) break;
          const from = now.place.on;
          // R-J17: "not more than 8 units" counts steps (diagonals one), as the Siren rings do; a square the
          // Yeti may enter, other than its own.
          const choices: Unit[] = [];
          for (
            let x = Math.max(1, from[0] - YETI_REACH);
            x <= Math.min(GRID_SIZE, from[0] + YETI_REACH);
            x++
          ) {
            for (
              let y = Math.max(1, from[1] - YETI_REACH);
              y <= Math.min(GRID_SIZE, from[1] + YETI_REACH);
              y++
            ) {
              const u: Unit = [x, y];
              if (steps(u, from) > 0 && cannotEnter(ctx, now, u) === null) choices.push(u);
            }
          }
          if (choices.length === 0) break;
          const { item, roll } = ctx.choose(choices, `the Yeti's move ${k} from ${unitText(from)}`);
          ctx.emit({
            type: 'yeti-bound',
            vis: 'public',
            from: [from[0], from[1]],
            to: [item[0], item[1]],
            rolls: [roll],
          });
          changeSquare(
            ctx,
            from,
            { ...squareAt(ctx.rules, from), frozen: true, wet: false },
            'the Yeti left it',
          );
          enterSquare(
            ctx,
            yeti.id,
            item,
            `the Yeti moves (${k} of 3)`,
            consecutive(from, item) ? from : undefined,
          );
        }
      }
    },
  },
  describe: {
    'yeti-bound': (e) => `The Yeti bounds from (${e.from[0]},${e.from[1]}) to (${e.to[0]},${e.to[1]}).`,
  } satisfies Texts<YetiBound>,
};
