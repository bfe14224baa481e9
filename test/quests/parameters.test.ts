// Issue 24 for Quests (seeds/003_1bebf603c3346265.txt, rules 139-142) and its host `rooms`: every number of the
// text (and the host's actions a turn) is a parameter the Administrator amends (amend-rules) and repeals. Each
// parameter is changed and the rule shown following it; an amendment at once (mid-nweek) and at the nweek's
// boundary; refusals, each with its message and nothing logged; repeal; replay and verify (expectConsistent).
// Rulings PQ1-PQ6 in docs/rulings-parameters-small.md.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/index.js';
import { PUBLIC } from '../../src/core/index.js';
import type { Table } from '../support/table.js';
import { QUESTS_PARAMETERS, questsParams } from '../../src/rulesets/quests/parameters.js';
import { ROOMS_PARAMETERS } from '../../src/rulesets/rooms/parameters.js';
import type { QuestCreated } from '../../src/rulesets/quests/types.js';
import {
  commence,
  fetchToken,
  makeQuest,
  quests,
  RED,
  rooms,
  roomOf,
  rules,
  tally,
  walk,
} from '../support/harness/quests.js';
import type { QuestSpec } from '../support/harness/quests.js';

const amend = (t: Table, set: Record<string, Json>, from?: Json, why = 'Proposal 139') =>
  t.admin('amend-rules', { set, why, ...(from !== undefined ? { from } : {}) });
const refusal = (t: Table, set: Record<string, Json>) =>
  t.refuseAdmin('amend-rules', { set, why: 'Proposal 9' });
const BLUE: QuestSpec = { colour: 'blue', home: 'Garden', locate: 'Cellar', goal: 'Library', d20: 5 };
const GREEN: QuestSpec = { colour: 'green', home: 'Vault', locate: 'Library', goal: 'Garden', d20: 6 };
const created = (t: Table): QuestCreated[] =>
  t.entries.map((e) => e.event).filter((e): e is QuestCreated => e.type === 'quest-created');

describe('Quests and rooms: parameters declared from the texts', () => {
  it('rooms declares the host`s Actions per turn; rooms+quests declares it and the five numbers of rule 142', () => {
    expect(ROOMS_PARAMETERS.list.map((p) => p.name)).toEqual(['Actions per turn']);
    expect(QUESTS_PARAMETERS.list.map((p) => p.name)).toEqual([
      'Actions per turn',
      'Quests on the Roster',
      'Value die',
      'Most brownie points',
      'Puissance of a Quest',
      'Demerits for an unfinished Quest',
    ]);
    expect(QUESTS_PARAMETERS.text).toMatchObject({ 'Quests on the Roster': 3, 'Value die': '1d20' });
  });
});

describe('Quests and rooms: each parameter changed, and the rule following it', () => {
  it('Actions per turn 2 (rooms): the active player moves twice, then can only end-turn', () => {
    const t = rooms({ players: ['alice', 'bob'] });
    amend(t, { 'Actions per turn': 2 });
    t.act('alice', 'move', { to: 'Library' });
    t.act('alice', 'move', { to: 'Hall' });
    expect(t.refuse('alice', 'move', { to: 'Garden' })).toEqual({
      code: 'no-actions-left',
      message: 'alice has used all 2 actions of this turn; e can only end-turn',
    });
    expect(t.view(PUBLIC).actionsPerTurn).toBe(2);
    t.act('alice', 'end-turn');
    const began = t.entries.map((e) => e.event).filter((e) => e.type === 'turn-began');
    expect(began.at(-1)).toMatchObject({ player: 'bob', actions: 2 });
    t.expectConsistent();
  });

  it('Actions per turn (PQ1): the map`s own number stands until an amendment sets it; lowered under those used, none are left (PQ2)', () => {
    const t = quests({ players: ['alice'], actionsPerTurn: 5 });
    amend(t, { 'Quests on the Roster': 4 });
    expect(t.view(PUBLIC).actionsPerTurn).toBe(5);
    t.act('alice', 'move', { to: 'Library' });
    t.act('alice', 'move', { to: 'Hall' });
    amend(t, { 'Actions per turn': 1 });
    expect(t.refuse('alice', 'move', { to: 'Garden' }).code).toBe('no-actions-left');
    t.admin('repeal-amendment', { amendment: 2, why: 'Proposal 140' });
    t.act('alice', 'move', { to: 'Garden' });
    expect(roomOf(t, 'alice')).toBe('Garden');
    t.expectConsistent();
  });

  it('Quests on the Roster 1: with one Quest on it a Quest cannot be created; 4: a fourth can', () => {
    const t = quests({ players: ['alice'], quests: [RED] });
    amend(t, { 'Quests on the Roster': 1 });
    expect(t.refuse('alice', 'create-quest', {})).toEqual({
      code: 'roster-full',
      message: 'there are 1 Quests on the Roster; a Quest may be created only when there are fewer than 1',
    });
    amend(t, { 'Quests on the Roster': 4 });
    makeQuest(t, 'alice', BLUE);
    makeQuest(t, 'alice', GREEN);
    makeQuest(t, 'alice', { colour: 'gold', home: 'Cellar', locate: 'Vault', goal: 'Hall', d20: 7 });
    expect(rules(t).quests.roster).toHaveLength(4);
    expect(t.refuse('alice', 'create-quest', {}).code).toBe('roster-full');
    expect(t.kernel.render(t.game, t.view(PUBLIC))).toMatch(/Roster of Quests \(4; full/);
    t.expectConsistent();
  });

  it('Value die 1d30: the value is rolled on a 30-sided die', () => {
    const t = quests({ players: ['alice'] });
    amend(t, { 'Value die': '1d30' });
    makeQuest(t, 'alice', { ...RED, d20: 30 });
    expect(created(t)[0]?.rolls[0]?.expr).toBe('1d30');
    expect(rules(t).quests.roster[0]?.value).toEqual({ tally: 'Puissance', amount: 1 });
    t.expectConsistent();
  });

  it('Most brownie points 19: a roll of 19 is worth 19 brownie points, 20 one point of Puissance', () => {
    const t = quests({ players: ['alice'] });
    amend(t, { 'Most brownie points': 19 });
    makeQuest(t, 'alice', { ...RED, d20: 19 });
    makeQuest(t, 'alice', { ...BLUE, d20: 20 });
    expect(rules(t).quests.roster.map((q) => q.value)).toEqual([
      { tally: 'brownie points', amount: 19 },
      { tally: 'Puissance', amount: 1 },
    ]);
    t.expectConsistent();
  });

  it('Puissance of a Quest 2: a roll of 18 is worth two points of Puissance, awarded on completion', () => {
    const t = quests({ players: ['alice'] });
    amend(t, { 'Puissance of a Quest': 2 });
    makeQuest(t, 'alice', { ...RED, d20: 18 });
    expect(rules(t).quests.roster[0]?.value).toEqual({ tally: 'Puissance', amount: 2 });
    fetchToken(t, 'alice', 'red primary', 'Library');
    walk(t, 'alice', 'Hall', 'Garden', 'Hall', 'Vault');
    expect(tally(t, 'alice', 'Puissance')).toBe(2);
    t.expectConsistent();
  });

  it('Demerits for an unfinished Quest 3: a creation unfinished at the turn`s end costs three demerits, and says so', () => {
    const t = quests({ players: ['alice', 'bob'] });
    amend(t, { 'Demerits for an unfinished Quest': 3 });
    commence(t, 'alice', { colour: 'red' });
    t.act('alice', 'end-turn');
    expect(tally(t, 'alice', 'demerits')).toBe(3);
    const abandoned = t.entries.find((e) => e.event.type === 'quest-abandoned');
    expect(abandoned && t.kernel.describe(abandoned.event, t.game)).toMatch(/alice receives 3 demerits/);
    t.expectConsistent();
  });

  it('Demerits for an unfinished Quest unamended: the event records no number and reads "1 demerit" (PQ6)', () => {
    const t = quests({ players: ['alice', 'bob'] });
    commence(t, 'alice', {});
    t.act('alice', 'end-turn');
    const abandoned = t.entries.find((e) => e.event.type === 'quest-abandoned');
    expect(abandoned?.event).not.toHaveProperty('demerits');
    expect(tally(t, 'alice', 'demerits')).toBe(1);
  });
});

describe('Quests: from when an amendment takes effect', () => {
  it('at the next nweek: mid-nweek the Roster holds three; from the boundary, two and no more are created', () => {
    const t = quests({ players: ['alice'], quests: [RED] });
    amend(t, { 'Quests on the Roster': 2 }, 'nweek');
    expect(questsParams(t.game)['Quests on the Roster']).toBe(3);
    makeQuest(t, 'alice', BLUE);
    t.tick(true);
    expect(questsParams(t.game)['Quests on the Roster']).toBe(2);
    expect(t.game.params?.amendments[0]?.status).toBe('in-force');
    expect(t.refuse('alice', 'create-quest', {}).code).toBe('roster-full');
    t.expectConsistent();
  });

  it('lapses at its boundary when a Quest being created would overfill the smaller Roster (PQ3)', () => {
    const t = quests({ players: ['alice'], quests: [RED] });
    amend(t, { 'Quests on the Roster': 1 }, 'nweek');
    commence(t, 'alice', { colour: 'blue' });
    t.tick(true);
    const lapsed = t.entries.map((e) => e.event).find((e) => e.type === 'parameters-lapsed');
    expect(lapsed?.reason).toMatch(/alice is creating a Quest with 1 on the Roster/);
    expect(questsParams(t.game)['Quests on the Roster']).toBe(3);
    t.expectConsistent();
  });
});

describe('Quests: amendments refused, each with its message, nothing logged', () => {
  it.each([
    [
      { 'Quests on the Roster': 0 },
      'bad-parameter',
      'Quests on the Roster is a whole number from 1 to 100, not 0',
    ],
    [{ 'Value die': '2d10' }, 'bad-parameter', /one die \("rolls a 20-sided die"\), such as 1d20, not 2d10/],
    [{ 'Value die': '1d20+2' }, 'bad-parameter', /not 1d20\+2/],
    [{ 'Value die': 'd' }, 'bad-parameter', /Value die is a dice expression .*"d" does not parse/],
    [
      { 'Most brownie points': -1 },
      'bad-parameter',
      'Most brownie points is a whole number from 0 to 1000, not -1',
    ],
    [
      { 'Puissance of a Quest': 0 },
      'bad-parameter',
      'Puissance of a Quest is a whole number from 1 to 1000, not 0',
    ],
    [
      { 'Demerits for an unfinished Quest': 'one' },
      'bad-parameter',
      'Demerits for an unfinished Quest is a whole number from 0 to 1000, not "one"',
    ],
    [{ 'Actions per turn': 0 }, 'bad-parameter', 'Actions per turn is a whole number from 1 to 100, not 0'],
    [{ 'Roster size': 4 }, 'unknown-parameter', /has no parameter "Roster size"/],
  ])('%j is refused (%s)', (set, code, message) => {
    const t = quests({ players: ['alice'] });
    const before = t.entries.length;
    const e = refusal(t, set);
    expect(e.code).toBe(code);
    if (typeof message === 'string') expect(e.message).toBe(message);
    else expect(e.message).toMatch(message);
    expect(t.entries.length).toBe(before);
    expect(t.game.params).toBeUndefined();
  });

  it('a smaller Roster while a Quest is being created: the creator is named (PQ3)', () => {
    const t = quests({ players: ['alice'], quests: [RED, BLUE], commenced: { colour: 'green' } });
    expect(refusal(t, { 'Quests on the Roster': 2 })).toEqual({
      code: 'parameters-in-the-way',
      message:
        'the rules cannot be so amended: alice is creating a Quest with 2 on the Roster; a Roster of fewer than 2 would leave no room for it: amend it when the creation is done or abandoned',
    });
  });
});

describe('Quests: repeal, replay and verify', () => {
  it('repealed, the values return; the amended game replays and verifies into the same entries', () => {
    const t = quests({ players: ['alice', 'bob'] });
    amend(t, { 'Value die': '1d6', 'Most brownie points': 5 });
    makeQuest(t, 'alice', { ...RED, d20: 6 });
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 141' });
    expect(questsParams(t.game)).toEqual(QUESTS_PARAMETERS.text);
    makeQuest(t, 'alice', { ...BLUE, d20: 6 });
    expect(created(t).map((e) => e.rolls[0]?.expr)).toEqual(['1d6', '1d20']);
    expect(rules(t).quests.roster.map((q) => q.value.tally)).toEqual(['Puissance', 'brownie points']);
    t.expectConsistent();
  });
});
