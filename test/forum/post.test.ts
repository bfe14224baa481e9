// postMessage: a whole post, sentence by sentence, through the referee - accepted, rejected with the rules'
// code and message, not understood with the nearest form, ignored - and a re-post with the same key.
import { describe, expect, it } from 'vitest';
import { player } from '../../src/core/index.js';
import { StoreError } from '../../src/store/store.js';
import { ForumError, nearestForm, postMessage } from '../../src/forum/index.js';
import { forumFor } from '../support/phrases.js';
import { admin, newGame, openReferee } from './support.js';

const POST = `Hi all!

I enter the Grid at (21,4). Then I will enter the Grid at (3,4).
I mvoe to (4,5) please.
I will mvoe diagonally up to 4 - 5.
> bob wrote: I enter the Grid at (3,4).
Good luck everyone, see you next nweek.
I move to (4,5).
-- 
alice`;

describe('postMessage', () => {
  it('a post with accepted, rejected, not-understood and ignored sentences, in order, each with its answer', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const results = await postMessage(r, 'g1', 'alice', POST);
    expect(results.map((x) => [x.status, x.sentence])).toEqual([
      ['ignored', 'Hi all!'],
      ['rejected', 'I enter the Grid at (21,4).'],
      ['accepted', 'Then I will enter the Grid at (3,4).'],
      ['not-understood', 'I mvoe to (4,5) please.'],
      ['not-understood', 'I will mvoe diagonally up to 4 - 5.'],
      ['ignored', 'Good luck everyone, see you next nweek.'],
      ['accepted', 'I move to (4,5).'],
    ]);
    // The rules' own code and message for the illegal square; the command is the one act would give.
    expect(results[1]?.error).toEqual({
      code: 'off-grid',
      message: 'alice cannot enter at (21,4): that unit is not on the Grid',
    });
    expect(results[1]?.command).toEqual({ type: 'enter', by: player('alice'), args: { x: 21, y: 4 } });
    expect(results[2]?.command).toEqual({ type: 'enter', by: player('alice'), args: { x: 3, y: 4 } });
    // The nearest forms, with the player's own numbers where e gave some.
    expect(results[3]?.nearest).toBe('I move to (4, 5)');
    expect(results[4]?.nearest).toBe('I move to (4, 5)');
    expect(results[3]?.command).toBeUndefined();
    // What was accepted happened: alice is on (3,4) with a move to (4,5) announced.
    const view = await r.view('g1', player('alice'));
    expect(JSON.stringify(view)).toContain('"location":[3,4]');
    expect(view.announced).toEqual([{ player: 'alice', to: [4, 5] }]);
  });

  it('with a key, posting the same text again applies nothing twice', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const first = await postMessage(r, 'g1', 'alice', POST, { key: 'forum-post-17' });
    const length = (await r.entries('g1')).length;
    const again = await postMessage(r, 'g1', 'alice', POST, { key: 'forum-post-17' });
    expect((await r.entries('g1')).length).toBe(length);
    expect(first.map((x) => x.status)).toEqual(again.map((x) => x.status));
    expect(again.filter((x) => x.status === 'accepted').every((x) => x.duplicate === true)).toBe(true);
    expect(first.some((x) => x.duplicate)).toBe(false);
    // Sentence i carries the id key#i (counted over every sentence of the post).
    expect(again[2]?.command?.id).toBe('forum-post-17#2');
    expect(again[6]?.command?.id).toBe('forum-post-17#6');
    // Without the key the same post is a new post: the enter is now refused (alice is on the Grid).
    const fresh = await postMessage(r, 'g1', 'alice', 'I enter the Grid at (3,4).');
    expect(fresh[0]?.error?.code).toBe('already-on-grid');
  });

  it('a thing the words do not single out is not guessed: not understood, with a form naming one by its id', async () => {
    const r = openReferee();
    await newGame(r, 'j1', 'grid-2002-06', ['alice'], [1, 1, 1]);
    await admin(r, 'j1', 'place', { kind: 'ball-of-wax', x: 1, y: 1 });
    const results = await postMessage(
      r,
      'j1',
      'alice',
      'I enter the Grid at (1,1). I pick up the Ball of Wax. I throw it at (3,3). I pick up ball-of-wax:nweek-1.',
    );
    expect(results.map((x) => x.status)).toEqual([
      'accepted',
      'not-understood',
      'not-understood',
      'accepted',
    ]);
    expect(results[1]?.error?.code).toBe('ambiguous');
    expect(results[1]?.error?.message).toContain('ball-of-wax:nweek-1');
    expect(results[1]?.nearest).toMatch(/^I pick up the ball-of-wax:/);
    expect(forumFor('grid-2002-06').parse(results[1]?.nearest ?? '')?.type).toBe('pickup');
    // "it" names nothing: the sentence before it settled on no object.
    expect(results[2]?.error?.code).toBe('unclear-reference');
    expect(results[2]?.nearest).toBe('I throw the Ball of Wax at (3, 3)');
  });

  it('refuses, with nothing submitted, a bad player name, a game that takes no forum text, an unknown game', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    await expect(postMessage(r, 'g1', 'no one', 'I enter the Grid at (3,4).')).rejects.toThrow(ForumError);
    await expect(postMessage(r, 'nope', 'alice', 'I enter the Grid at (3,4).')).rejects.toThrow(StoreError);
    const length = (await r.entries('g1')).length;
    // A player who never joined is the rules' business: they refuse, with their code.
    const stranger = await postMessage(r, 'g1', 'zed', 'I enter the Grid at (3,4).');
    expect(stranger[0]?.status).toBe('rejected');
    expect(stranger[0]?.error?.code).toBeTruthy();
    expect((await r.entries('g1')).length).toBe(length);
  });

  it('words of another game are not an attempt at this one: ignored', async () => {
    const r = openReferee();
    await newGame(r, 'r1', 'rooms', ['alice']);
    const results = await postMessage(
      r,
      'r1',
      'alice',
      'I tweak the cell at (2,3). I move to Euston. Cheers!',
    );
    // 'tweak' is no word of rooms, and coordinates mark an attempt only in games played on squares.
    expect(results.map((x) => x.status)).toEqual(['ignored', 'accepted', 'ignored']);
  });

  it("the nearest form keeps the player's own words where the form ends in a name", () => {
    const near = (id: string, s: string) => {
      const forum = forumFor(id);
      return nearestForm(s, forum.forms, (t) => forum.parse(t) !== null);
    };
    expect(near('rooms', 'I mvoe to Camden Town')).toBe('I move to Camden Town');
    expect(near('rooms', 'I pickup the umbrella')).toBe('I pick up the umbrella');
    expect(near('life', 'tweek 2 3')).toBe('I tweak the Cell at (2, 3)');
    expect(near('grid-2002-06', 'I throw the wax to 7 and 8')).toBe('I throw the Ball of Wax at (7, 8)');
  });
});
