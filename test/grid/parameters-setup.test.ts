// Issue 24, ruling P6: "The Grid shall initially contain five Shiny Things and five Scary Dark Things": the
// numbers in force when the Things are placed. A beacon game's setup waits for its first round (B5), so an
// amendment made before it places as many Things as it says; one made after places or removes none.
import { describe, expect, it } from 'vitest';
import { ADMIN, GENESIS, Kernel, chain, verifyLog } from '../../src/core/index.js';
import type { Command, GameState, LogEntry } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import type { GridState } from '../../src/rulesets/grid-2002-01/index.js';
import { makeTestChain } from '../beacon/test-chain.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + 5) & 0xff);
const beacon = makeTestChain(
  'paramtest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 11),
);
const kernel = new Kernel(defaultRegistry());

function play(commands: Command[]): { entries: LogEntry[]; state: GameState } {
  const entries: LogEntry[] = [];
  let state: GameState | undefined;
  for (const command of commands) {
    const head = entries[entries.length - 1]?.hash ?? GENESIS;
    const r = kernel.decide(state, command, { head, master: MASTER });
    if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
    entries.push(...chain(head, entries.length + 1, r.value.events, r.value.ats));
    state = r.value.state;
  }
  if (!state) throw new Error('no game');
  return { entries, state };
}

const create: Command = {
  type: 'create',
  by: ADMIN,
  args: {
    game: 'bg',
    ruleset: 'grid-2002-01',
    ndays: 2,
    dice: 'beacon',
    beacon: { ...beacon.chain },
    at: new Date(roundTime(beacon.chain, 1000)).toISOString(),
  },
};
const record: Command = { type: 'beacon', by: ADMIN, args: { round: 1002, json: { ...beacon.round(1002) } } };
const amend = (set: Record<string, number>): Command => ({
  type: 'amend-rules',
  by: ADMIN,
  args: { set, why: 'Proposal 4600' },
});
const count = (s: GameState, kind: string) =>
  (s.rules as GridState).things.filter((t) => t.kind === kind).length;

describe('The Grid: the numbers of Things (P6)', () => {
  it('Shiny Things 2 and Scary Dark Things 8, amended before the setup: as many Things are placed as the amendment says', () => {
    const { entries, state } = play([create, amend({ 'Shiny Things': 2, 'Scary Dark Things': 8 }), record]);
    expect([count(state, 'shiny'), count(state, 'scary')]).toEqual([2, 8]);
    expect(kernel.replay(entries.map((e) => e.event))).toEqual(state);
    expect(verifyLog(kernel, entries, MASTER).problems).toEqual([]);
  });

  it('Shiny Things 2, amended after the setup: no Thing is placed or removed', () => {
    const { state } = play([create, record, amend({ 'Shiny Things': 2 })]);
    expect([count(state, 'shiny'), count(state, 'scary')]).toEqual([5, 5]);
  });
});
