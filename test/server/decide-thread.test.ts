// Issue 13, item 4: `referee serve` decides heavy commands (a Life Initialize of 1,024 squares, a Quests game
// on a big map) on a worker thread (src/server/deciding.ts), so they no longer hold up every other game. A
// decision there must be the very one made here: the same entries (hashes, rolls, salts), the same state,
// the same refusal. The thread runs the built program (run `npm run build` first), as `referee serve` does.
import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command, GameState } from '../../src/core/index.js';
import { ADMIN, chain, GENESIS, Kernel, player } from '../../src/core/index.js';
import type { DecideJob } from '../../src/engine/deciding.js';
import { decideLinked } from '../../src/engine/deciding.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { MAX_SQUARES } from '../../src/rulesets/field-match/index.js';
import type * as Deciding from '../../src/server/deciding.js';

const BUILT = pathToFileURL(
  fileURLToPath(new URL('../../dist/src/server/deciding.js', import.meta.url)),
).href;
const { HEAVY_ARGS_VALUES, HEAVY_DECISION_MS, holdsMore, ThreadDecider } = (await import(
  BUILT
)) as typeof Deciding;

const kernel = new Kernel(defaultRegistry());
const master = new Uint8Array(32).map((_, i) => i * 7 + 1);

/** A game decided here command by command: its state, and where its log stands. */
function play(commands: readonly Command[]): { state: GameState; head: string; seq: number } {
  let state: GameState | undefined;
  let head = GENESIS;
  let seq = 0;
  for (const command of commands) {
    const decided = decideLinked(kernel, { state, command, head, seq, master });
    if (!decided.ok) throw new Error(decided.error.message);
    state = decided.value.state;
    const last = decided.value.entries[decided.value.entries.length - 1];
    head = last?.hash ?? head;
    seq = last?.seq ?? seq;
  }
  if (!state) throw new Error('no game');
  return { state, head, seq };
}

function bigMap(rooms: number, passages: number, tokens: number) {
  const names = ['Mornington Crescent', ...Array.from({ length: rooms - 1 }, (_, i) => `Room ${i + 1}`)];
  const pairs: [string, string][] = [];
  for (let d = 1; pairs.length < passages; d++)
    for (let i = d; i < rooms && pairs.length < passages; i++)
      pairs.push([names[i - d] as string, names[i] as string]);
  const tokenList = Array.from({ length: tokens }, (_, i) => ({
    name: `token ${i}`,
    room: names[i % rooms] as string,
  }));
  return { start: 'Mornington Crescent', rooms: names, passages: pairs, tokens: tokenList };
}

describe('Issue 13 item 4: heavy commands decided on a thread give what deciding here gives', () => {
  const decider = new ThreadDecider();
  afterAll(() => decider.close());
  const side = Math.floor(Math.sqrt(MAX_SQUARES));
  const life = play([
    {
      type: 'create',
      by: ADMIN,
      args: { game: 'big', ruleset: 'life', dice: 'fair', config: { width: side, height: side } },
    },
    { type: 'join', by: player('alice'), args: {} },
    { type: 'join', by: player('bob'), args: {} },
  ]);
  const initialize: DecideJob = {
    ...life,
    master,
    command: { type: 'initialize', by: ADMIN, args: {} },
  };

  it('a Life Initialize of the largest Field: once found heavy, the same entries and state, decided there', async () => {
    // A light kind with small arguments stays here...
    expect(decider.decide(initialize)).toBeUndefined();
    // ... until a decision of its kind has taken long here.
    decider.decidedHere(initialize, HEAVY_DECISION_MS);
    const there = decider.decide(initialize);
    expect(there).toBeDefined();
    const answer = await there;
    const here = decideLinked(kernel, initialize);
    expect(answer).toEqual(here);
    if (!answer?.ok) throw new Error('refused');
    // A roll per square, in one entry, linked onto the log where it stood.
    const placed = answer.value.entries.find((e) => e.event.type === 'field-objects-placed');
    expect(placed?.event.rolls).toHaveLength(side * side);
    expect(answer.value.entries.map((e) => e.hash)).toEqual(
      chain(
        life.head,
        life.seq + 1,
        answer.value.entries.map((e) => e.event),
        answer.value.entries.map((e) => e.at),
      ).map((e) => e.hash),
    );
    // A quick decision here does not make the kind light again.
    decider.decidedHere(initialize, 0);
    expect(decider.decide(initialize)).toBeDefined();
  });

  it('a refusal decided there is the refusal decided here', async () => {
    const evolve: DecideJob = { ...initialize, command: { type: 'evolve', by: ADMIN, args: {} } };
    decider.decidedHere(evolve, HEAVY_DECISION_MS * 2);
    const answer = await decider.decide(evolve);
    expect(answer).toEqual(decideLinked(kernel, evolve));
    expect(answer?.ok).toBe(false);
  });

  it('a Quests game on a big map is decided there from the first, with the same log and state', async () => {
    const config = bigMap(300, 2000, 500);
    expect(holdsMore(config, HEAVY_ARGS_VALUES)).toBe(true);
    expect(holdsMore({ width: 32, height: 32 }, HEAVY_ARGS_VALUES)).toBe(false);
    const create: DecideJob = {
      state: undefined,
      head: GENESIS,
      seq: 0,
      master,
      command: {
        type: 'create',
        by: ADMIN,
        args: { game: 'quests', ruleset: 'rooms+quests', dice: 'fair', config },
      },
    };
    const answer = await decider.decide(create);
    expect(answer?.ok).toBe(true);
    expect(answer).toEqual(decideLinked(kernel, create));
    // A map that makes no sense is refused there as here.
    const bad: DecideJob = {
      ...create,
      command: {
        ...create.command,
        args: { ...create.command.args, config: { ...config, start: 'Nowhere' } },
      },
    };
    const refused = await decider.decide(bad);
    expect(refused?.ok).toBe(false);
    expect(refused).toEqual(decideLinked(kernel, bad));
  });

  it('once closed, everything is decided here', async () => {
    const other = new ThreadDecider();
    other.decidedHere(initialize, HEAVY_DECISION_MS);
    await other.close();
    expect(other.decide(initialize)).toBeUndefined();
  });
});
