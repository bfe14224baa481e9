// Issue 13, item 4: `referee serve` decides heavy commands (a Life Initialize of 1,024 squares, a Quests game
// on a big map) on a worker thread (src/server/deciding.ts), so they no longer hold up every other game. A
// decision there must be the very one made here: the same entries (hashes, rolls, salts), the same state,
// the same refusal. The thread runs the built program (run `npm run build` first), as `referee serve` does.
import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command, GameState } from '../../src/core/index.js';
import { ADMIN, chain, GENESIS, Kernel, player } from '../../src/core/index.js';
import type { DecideJob } from '../../src/engine/deciding.js';
import { decideLinked, weightOf } from '../../src/engine/deciding.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { MAX_SQUARES } from '../../src/rulesets/field-match/index.js';
import type * as Deciding from '../../src/server/deciding.js';

const BUILT = pathToFileURL(
  fileURLToPath(new URL('../../dist/src/server/deciding.js', import.meta.url)),
).href;
const { HEAVY_ARGS_VALUES, HEAVY_WEIGHT, LIGHT_STREAK, holdsMore, ThreadDecider } = (await import(
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
    // A kind with small arguments stays here until a decision of it weighed much.
    expect(decider.decide(initialize)).toBeUndefined();
    const here = decideLinked(kernel, initialize);
    // An entry per event and one per roll: a roll per square, a Team for each of two players, the Advantage.
    expect(weightOf(here)).toBeGreaterThanOrEqual(HEAVY_WEIGHT);
    expect(weightOf(here)).toBe((here.ok ? here.value.entries.length : 0) + side * side + 2 + 1);
    decider.decidedHere(initialize, here);
    const there = decider.decide(initialize);
    expect(there).toBeDefined();
    const answer = await there;
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
    // A light decision here does not make the kind light again.
    decider.decidedHere(initialize, { ok: false, error: { code: 'x', message: 'x' } });
    expect(decider.decide(initialize)).toBeDefined();
  });

  it('a refusal decided there is the refusal decided here; light decisions there bring the kind back', async () => {
    const initialized = decideLinked(kernel, initialize);
    if (!initialized.ok) throw new Error('refused');
    const last = initialized.value.entries[initialized.value.entries.length - 1];
    const again: DecideJob = {
      ...initialize,
      state: initialized.value.state,
      head: last?.hash ?? '',
      seq: last?.seq ?? 0,
    };
    const refused = await decider.decide(again);
    expect(refused).toEqual(decideLinked(kernel, again));
    expect(refused?.ok).toBe(false);
    // Decisions there that weigh little (a refusal weighs nothing), LIGHT_STREAK in a row: then here again.
    for (let i = 1; i < LIGHT_STREAK; i++) expect(await decider.decide(again)).toBeDefined();
    expect(decider.decide(again)).toBeUndefined();
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
    other.decidedHere(initialize, decideLinked(kernel, initialize));
    await other.close();
    expect(other.decide(initialize)).toBeUndefined();
  });
});
