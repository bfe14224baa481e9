// The engine's own way to a Referee's store and kernel (issue 28 item 1): the dry run's sandbox, the report
// and the numbering of a log are the engine's work and read what the ports do not hand out (a command id's
// record, the rules' decisions). Only the engine imports this file (test/architecture/ports.test.ts).
import type { Kernel } from '../core/index.js';
import type { Store } from '../store/store.js';

/** What is behind a referee. */
export interface Insides {
  readonly store: Store;
  readonly kernel: Kernel;
}

const behind = new WeakMap<object, Insides>();

/** Records what is behind `referee` (its constructor calls this). */
export function admit(referee: object, insides: Insides): void {
  behind.set(referee, insides);
}

/** The store and the kernel behind a referee the engine made. */
export function insidesOf(referee: object): Insides {
  const found = behind.get(referee);
  if (!found) throw new Error('not a referee of this engine');
  return found;
}
