// What the rooms read of the rules (issue 28 item 1): the views, renderings, logs, positions and the commands a
// game takes, each from a state the engine hands out, and the fold of entries already in a log (a report reads
// an nweek's states). Deciding stays inside the engine: a room outside it submits a command (Referee.submit).
import type { Kernel, Registry } from '../../core/index.js';

/** The rulesets a process knows, as far as a room may ask: their ids, their titles, all of them loaded. */
export type Rulesets = Pick<Registry, 'ids' | 'get' | 'available' | 'loadAll'>;

/** The kernel's reads and its fold, and nothing that decides. */
export interface Rules extends Pick<
  Kernel,
  | 'commands'
  | 'echoes'
  | 'view'
  | 'render'
  | 'logView'
  | 'position'
  | 'awaiting'
  | 'rulesetTitle'
  | 'standings'
  | 'evolve'
> {
  readonly registry: Rulesets;
}
