// Issue 28 item 4: "forum text calls the engine up to four times per sentence". A post now asks for the game
// once, and settles each sentence against the state the sentences before it left; a post retried long after
// reads the commands it recorded, not the log written since.
import { describe, expect, it } from 'vitest';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { postMessage } from '../../src/forum/post.js';
import type { PostTarget } from '../../src/forum/post.js';
import { ADMIN } from '../../src/core/index.js';
import { counting } from '../support/counting-store.js';
import { must, newGame } from './support.js';

const POST = 'Hello all. I enter the Grid at (3, 4). I move to (4, 5). I move to (9, 9). Good luck!';

/** The referee as a post sees it, counting how often the post asks for the game's state. */
function countingStates(referee: Referee): { target: PostTarget; states: () => number } {
  let states = 0;
  const target: PostTarget = {
    rules: referee.rules,
    state: (game) => {
      states++;
      return referee.state(game);
    },
    recordedCommand: (game, id) => referee.recordedCommand(game, id),
    submit: (game, command, options) => referee.submit(game, command, options),
  };
  return { target, states: () => states };
}

describe('issue 28 item 4: a forum post asks the engine once, not once a sentence', () => {
  it('issue 28 item 4: a post of five sentences asks for the state once, and each sentence is settled on what the one before left', async () => {
    const referee = new Referee(new SqliteStore(':memory:'), defaultRegistry(), systemEntropy);
    await newGame(referee, 'g', 'grid-2002-01', ['alice', 'bob']);
    const { target, states } = countingStates(referee);
    const results = await postMessage(target, 'g', 'alice', POST, { key: 'm1' });
    expect(results.map((r) => r.status)).toEqual(['ignored', 'accepted', 'accepted', 'rejected', 'ignored']);
    expect(states()).toBe(1);
    // The move was settled and decided after the entry the sentence before made.
    expect(results[3]?.error?.code).toBe('already-announced');
  });

  it('issue 28 item 4: the same post retried after 3,000 more entries reads what it recorded, not the log since', async () => {
    const { store, read } = counting(new SqliteStore(':memory:'));
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    await newGame(referee, 'g', 'grid-2002-01', ['alice', 'bob']);
    const first = await postMessage(referee, 'g', 'alice', POST, { key: 'm1' });
    const since = (await referee.state('g')).seq;
    for (let i = 0; i < 1000; i++) await must(referee, 'g', { type: 'tick', by: ADMIN, args: {} });
    const length = (await referee.state('g')).seq;
    expect(length - since).toBeGreaterThan(3000);
    let appended = 0;
    for (const id of ['m1#1', 'm1#2']) {
      const seen = await store.command('g', id);
      appended += seen ? seen.last - seen.first + 1 : 0;
    }
    const before = read();
    const again = await postMessage(referee, 'g', 'alice', POST, { key: 'm1' });
    expect(again.map((r) => r.status)).toEqual(first.map((r) => r.status));
    expect(again.filter((r) => r.duplicate)).toHaveLength(2);
    // What its two recorded commands appended, read once to answer from and once by the submit that finds
    // the id seen: never the log since.
    expect(read() - before).toBe(2 * appended);
  });
});
