// Issue 24 item 5, forum text for the Administrator: "The rules are amended: Big Rocks cost 12+5d3 from nweek 5,
// by Proposal 4521" is amend-rules, "Amendment 3 is repealed, by Proposal 4530" repeal-amendment; the changes
// are read against the game's own parameters (amendment-words.ts); each sentence is decided by the referee as
// the Administrator's command; a player's post never takes these phrases.
import { describe, expect, it } from 'vitest';
import { ADMIN, defineParameters } from '../../src/core/index.js';
import { adminForum, postAsAdministrator, postMessage, readChanges } from '../../src/forum/index.js';
import { amendmentPhrases } from '../../src/forum/phrases/amendments.js';
import { GRID_PARAMETERS, gridParams } from '../../src/rulesets/grid-2002-01/parameters.js';
import { newGame, openReferee } from './support.js';

describe('the amendment phrases', () => {
  it('every example parses to what it says', () => {
    for (const ex of amendmentPhrases.examples)
      expect(adminForum().parse(ex.text), ex.text).toEqual(ex.parsed);
  });

  it('every form, filled with its sample, parses', () => {
    for (const f of amendmentPhrases.forms) {
      const text = f.template.replace(/\{(\w+)\}/g, (_, n: string) => String(f.sample[n]));
      expect(adminForum().parse(text), text).not.toBeNull();
    }
  });

  it('a sentence without a reason, or without changes, is no amendment', () => {
    expect(adminForum().parse('The rules are amended: Grid size 25.')).toBeNull();
    expect(adminForum().parse('The rules are amended: by Proposal 4521.')).toBeNull();
    expect(adminForum().parse('Amendment 3 is repealed.')).toBeNull();
  });
});

describe('readChanges: the written changes against the ruleset`s parameters', () => {
  it('names in any case, with "is", "to", "=", several joined by commas and "and", the longest name winning', () => {
    expect(
      readChanges('grid size is 25, Shiny Things 7 and Shiny Thing points = 40', GRID_PARAMETERS),
    ).toEqual({
      set: { 'Grid size': '25', 'Shiny Things': '7', 'Shiny Thing points': '40' },
    });
    expect(readChanges('Location-dice to 2d15', GRID_PARAMETERS)).toEqual({
      set: { 'Location dice': '2d15' },
    });
  });

  it('a word`s final s or not ("Big Rocks cost" finds "Big Rock cost"), and a list value kept whole', () => {
    const set = defineParameters([
      {
        name: 'Big Rock cost',
        section: 'Big Rocks',
        sentence: 'a Big Rock costs 10+5d3',
        type: { kind: 'dice' },
        text: '10+5d3',
      },
      {
        name: 'Radar ranges',
        section: 'Radar',
        sentence: 'ranges 2 and 8',
        type: { kind: 'list', of: { min: 1, max: 20 } },
        text: [2, 8],
      },
    ]);
    expect(readChanges('Big Rocks cost 12+5d3', set)).toEqual({ set: { 'Big Rock cost': '12+5d3' } });
    expect(readChanges('Radar ranges 2, 4 and 8, Big Rock cost 2d5', set)).toEqual({
      set: { 'Radar ranges': '2, 4 and 8', 'Big Rock cost': '2d5' },
    });
  });

  it('a name given twice, or without a value, is refused here; an unknown name is passed on for amend-rules to refuse', () => {
    expect(readChanges('Grid size 25 and grid size 30', GRID_PARAMETERS)).toEqual({
      problem: { code: 'bad-arguments', message: 'Grid size is named twice' },
    });
    expect(readChanges('Grid size', GRID_PARAMETERS)).toMatchObject({ problem: { code: 'bad-arguments' } });
    expect(readChanges('Big Rock cost 12', GRID_PARAMETERS)).toEqual({ set: { 'Big Rock cost': '12' } });
  });
});

describe('postAsAdministrator', () => {
  it('amends, at once and from a named nweek, and repeals: each the Administrator`s command, decided by the referee', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const results = await postAsAdministrator(
      r,
      'g1',
      `Dear all,

The rules are amended: Shiny Thing points 40 and Scary Dark Thing points 7, by Proposal 4521.
The rules are amended: Move distance 2 from nweek 3, by Proposal 4522.
Amendment 1 is repealed, by Proposal 4530.

-- the Administrator`,
    );
    expect(results.map((x) => x.status)).toEqual(['ignored', 'accepted', 'accepted', 'accepted']);
    expect(results[1]?.command).toEqual({
      type: 'amend-rules',
      by: ADMIN,
      args: { set: { 'Shiny Thing points': '40', 'Scary Dark Thing points': '7' }, why: 'Proposal 4521' },
    });
    expect(results[2]?.command?.args).toEqual({
      set: { 'Move distance': '2' },
      why: 'Proposal 4522',
      from: 3,
    });
    const s = await r.state('g1');
    expect(s.params?.amendments.map((a) => [a.n, a.status])).toEqual([
      [1, 'repealed'],
      [2, 'pending'],
    ]);
    expect(gridParams(s)['Shiny Thing points']).toBe(25);
    const verified = await r.verify('g1');
    expect(verified.ok).toBe(true);
  });

  it('each bad amendment is rejected with the rules` own code and message; nothing is logged', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const before = (await r.entries('g1'))?.length;
    const results = await postAsAdministrator(
      r,
      'g1',
      [
        'The rules are amended: Big Rocks cost 12+5d3 from nweek 5, by Proposal 4521.',
        'The rules are amended: Grid size 99, by Proposal 4522.',
        'The rules are amended: Location dice 2d, by Proposal 4523.',
        'Amendment 7 is repealed, by Proposal 4524.',
        'The rules are amnded: Grid size 25.',
      ].join('\n'),
    );
    expect(results.map((x) => [x.status, x.error?.code])).toEqual([
      ['rejected', 'unknown-parameter'],
      ['rejected', 'bad-parameter'],
      ['rejected', 'bad-parameter'],
      ['rejected', 'unknown-amendment'],
      ['not-understood', undefined],
    ]);
    expect(results[0]?.error?.message).toContain('has no parameter "Big Rocks cost"');
    expect(results[1]?.error?.message).toBe('Grid size is a whole number from 2 to 63, not 99');
    expect(results[4]?.nearest).toMatch(/^The rules are amended: /);
    expect((await r.entries('g1'))?.length).toBe(before);
  });

  it('the same post with the same key acts once', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const text = 'The rules are amended: Grid size 25, by Proposal 4521.';
    await postAsAdministrator(r, 'g1', text, { key: 'k1' });
    const again = await postAsAdministrator(r, 'g1', text, { key: 'k1' });
    expect(again[0]).toMatchObject({ status: 'accepted', duplicate: true });
    expect((await r.state('g1')).params?.amendments).toHaveLength(1);
  });

  it('a player`s post of the same sentences does nothing: the phrases are the Administrator`s alone', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const before = (await r.entries('g1'))?.length;
    const results = await postMessage(
      r,
      'g1',
      'alice',
      'The rules are amended: Shiny Thing points 1000, by Proposal 1. Amendment 1 is repealed, by me.',
    );
    expect(results.every((x) => x.status !== 'accepted' && x.command === undefined)).toBe(true);
    expect((await r.entries('g1'))?.length).toBe(before);
    expect((await r.state('g1')).params).toBeUndefined();
  });
});
