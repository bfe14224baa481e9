// The page's "check the dice" (issue 16), from Node: web/src/dice-check.ts checks a viewer's log with
// verify's own functions. A fair game of the counter ruleset rolls in public and in secret; each viewer's log
// (kernel.logView) is checked: the public rolls of an ended nweek are verified against its revealed seed,
// those of the current nweek wait for theirs, the secret roll is in no player's log; a changed draw, result
// or seed is found wrong.
import { describe, expect, it } from 'vitest';
import { ADMIN, player, PUBLIC } from '../../src/core/index.js';
import type { GameEvent, LogLine, Viewer } from '../../src/core/index.js';
import { checkDice } from '../../web/src/dice-check.js';
import { Session } from '../support/session.js';

function played(): Session {
  const s = new Session();
  s.create({ ndays: 2 });
  s.join('ann', 'bob');
  s.ok(s.as('ann', 'roll', { dice: '2d6' }));
  s.ok(s.as('bob', 'hide', { dice: '1d6' }));
  s.tick(true); // nweek 1 ends: its seed is revealed, the drift rolled
  s.ok(s.as('bob', 'roll', { dice: '1d20' }));
  return s;
}

const linesFor = (s: Session, viewer: Viewer): LogLine[] => s.kernel.logView(s.entries, viewer, s.state);

/** The log with one event changed (as a server that lied would send it). */
function altered(lines: LogLine[], seq: number, change: (e: GameEvent) => GameEvent): LogLine[] {
  return lines.map((l) => (l.seq === seq ? { ...l, event: change(structuredClone(l.event)) } : l));
}

describe("the page's check of the dice", () => {
  it("verifies an ended nweek's public rolls against its revealed seed, and waits for the current one's", () => {
    const s = played();
    const check = checkDice('g', linesFor(s, PUBLIC) as never);
    const week1 = check.seeds.find((x) => x.stream === 'public' && x.epoch === 1);
    expect(week1?.status).toBe('matches');
    expect(week1?.committed?.nweek).toBe(1);
    expect(week1?.revealed?.nweek).toBe(1);
    expect(check.seeds.find((x) => x.stream === 'public' && x.epoch === 2)?.status).toBe('sealed');
    expect(check.seeds.find((x) => x.stream === 'secret')?.status).toBe('sealed');
    expect(check.rolls.map((r) => [r.purpose, r.status])).toEqual([
      ['ann asked for 2d6', 'verified'],
      ['drift at the end of nweek 1', 'verified'],
      ['bob asked for 1d20', 'sealed'],
    ]);
    expect(check.counts).toEqual({ verified: 2, sealed: 1, manual: 0, wrong: 0 });
  });

  it("shows only the rolls the viewer may see: bob's secret roll is in the Administrator's check alone", () => {
    const s = played();
    for (const v of [PUBLIC, player('ann'), player('bob')])
      expect(checkDice('g', linesFor(s, v) as never).rolls.map((r) => r.purpose)).not.toContain(
        'a hidden roll',
      );
    const admin = checkDice('g', linesFor(s, ADMIN) as never);
    expect(admin.rolls.find((r) => r.purpose === 'a hidden roll')).toMatchObject({
      stream: 'secret',
      status: 'sealed',
    });
    // Once the game ends the secret seed is revealed, and the Administrator's page checks that roll too.
    s.ok(s.admin('end'));
    const after = checkDice('g', linesFor(s, ADMIN) as never);
    expect(after.rolls.find((r) => r.purpose === 'a hidden roll')?.status).toBe('verified');
    expect(after.counts.wrong).toBe(0);
  });

  it('finds a changed draw, a changed result and a seed that is not the one committed', () => {
    const s = played();
    const lines = linesFor(s, PUBLIC);
    const rolled = lines.find((l) => l.type === 'rolled') as LogLine;
    const draw = altered(lines, rolled.seq, (e) => {
      const r = e.rolls?.[0] as unknown as { draws: number[]; result: unknown };
      r.draws[0] = (r.draws[0] ?? 1) === 6 ? 5 : (r.draws[0] ?? 1) + 1;
      r.result = r.draws.reduce((a, b) => a + b, 0);
      return e;
    });
    const first = checkDice('g', draw as never).rolls[0];
    expect(first?.status).toBe('wrong');
    expect(first?.problem).toMatch(/^draw 1 of "ann asked for 2d6" is \d, the seed gives \d$/);

    const result = altered(lines, rolled.seq, (e) => {
      (e.rolls?.[0] as unknown as { result: number }).result += 1;
      return e;
    });
    expect(checkDice('g', result as never).rolls[0]?.problem).toMatch(/records \d+, its draws give \d+/);

    const revealed = lines.find((l) => l.type === 'seed-revealed') as LogLine;
    const seed = altered(lines, revealed.seq, (e) => ({ ...e, seed: '00'.repeat(32) }));
    const bad = checkDice('g', seed as never);
    expect(bad.seeds.find((x) => x.epoch === 1)?.problem).toBe(
      'the revealed seed of public 1 does not match its commitment',
    );
    expect(bad.rolls.slice(0, 2).map((r) => r.status)).toEqual(['wrong', 'wrong']);
  });
});
