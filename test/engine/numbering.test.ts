// Issue 13, item 1: a verification as anyone but the Administrator may be told it counts only what e can
// check, and a failure's words (which name and quote hidden entries) stay the Administrator's.
import { describe, expect, it } from 'vitest';
import { ADMIN, chain, GENESIS, player, PUBLIC } from '../../src/core/index.js';
import type { GameEvent, Roll, VerifyReport } from '../../src/core/index.js';
import { checkableCounts, verifyFor } from '../../src/engine/numbering.js';

const roll = (secret: boolean): Roll => ({
  purpose: 'a test',
  kind: 'dice' as const,
  expr: '1d6',
  sides: [6],
  draws: [4],
  result: 4,
  source: 'fair' as const,
  proof: {
    stream: secret ? ('secret' as const) : ('public' as const),
    epoch: secret ? 0 : 1,
    first: 0,
    head: GENESIS,
  },
  secret,
});

const events: GameEvent[] = [
  {
    type: 'command',
    vis: 'public',
    command: { type: 'enter', by: { role: 'player', name: 'alice' }, args: {} },
  },
  { type: 'entered', vis: 'public', rolls: [roll(false)] },
  { type: 'command', vis: 'admin', command: { type: 'place', by: { role: 'admin' }, args: {} } },
  { type: 'placed', vis: 'admin', rolls: [roll(true), roll(true)] },
  {
    type: 'command',
    vis: { players: ['alice'] },
    command: { type: 'look', by: { role: 'player', name: 'alice' }, args: {} },
  },
  { type: 'seen', vis: { players: ['alice'] }, rolls: [roll(true)] },
];
const entries = chain(
  GENESIS,
  1,
  events,
  events.map(() => ({ nweek: 1, nday: 1 })),
);

describe('issue 13 item 1: /verify counts for a viewer', () => {
  const whole: VerifyReport = {
    ok: false,
    entries: 6,
    commands: 3,
    fairRolls: 4,
    manualRolls: 0,
    problems: ['entry 4: the log says {"type":"placed","at":[7,7]}, the rules give …'],
  };

  it('the Administrator is told everything', () => {
    expect(verifyFor(whole, checkableCounts(entries), ADMIN)).toBe(whole);
  });

  it('the public: only public entries, commands and rolls; whether the whole verifies; no problem named', () => {
    expect(verifyFor(whole, checkableCounts(entries), PUBLIC)).toEqual({
      ok: false,
      entries: 2,
      commands: 1,
      fairRolls: 1,
      manualRolls: 0,
      problems: ['the log does not verify; the Administrator\u2019s verification says where and why'],
    });
    expect(
      verifyFor({ ...whole, ok: true, problems: [] }, checkableCounts(entries), PUBLIC).problems,
    ).toEqual([]);
  });

  it('a player: eir own entries too, never the Administrator-only ones', () => {
    expect(verifyFor(whole, checkableCounts(entries), player('alice'))).toMatchObject({
      entries: 4,
      commands: 2,
      fairRolls: 2,
    });
    expect(verifyFor(whole, checkableCounts(entries), player('bob'))).toMatchObject({
      entries: 2,
      commands: 1,
      fairRolls: 1,
    });
  });
});
