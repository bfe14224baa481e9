// Issue 24: how the parameters' events change a game's state (evolve.ts's kernelFold calls this).
import type { KernelEvent } from './events.js';
import type { GameState } from './state.js';
import type { ParameterValue } from './parameters.js';
import type { ParametersState } from './parameter-amendments.js';
import { valuesOf, withStatus } from './parameter-amendments.js';

type ParamsEvent = Extract<
  KernelEvent,
  { type: 'parameters-amended' | 'parameters-in-force' | 'parameters-lapsed' | 'parameters-repealed' }
>;

/** The parameters after one of their events; `text` is the game's ruleset's values as its text gives them. */
export function paramsFold(
  s: GameState,
  text: Readonly<Record<string, ParameterValue>>,
  e: ParamsEvent,
): ParametersState {
  const before = s.params ?? { values: text, amendments: [] };
  const at = { nweek: s.clock.nweek, nday: s.clock.nday };
  let amendments;
  switch (e.type) {
    case 'parameters-amended':
      amendments = [
        ...before.amendments,
        {
          n: e.amendment,
          changes: e.changes,
          why: e.why,
          from: e.from,
          made: at,
          status: 'pending' as const,
        },
      ];
      break;
    case 'parameters-in-force':
      amendments = withStatus(before.amendments, e.amendment, 'in-force', at);
      break;
    case 'parameters-lapsed':
      amendments = withStatus(before.amendments, e.amendment, 'lapsed');
      break;
    case 'parameters-repealed':
      amendments = withStatus(before.amendments, e.amendment, 'repealed');
      break;
  }
  return { values: valuesOf(text, amendments), amendments };
}
