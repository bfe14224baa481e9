// verifyLog (src/core/verify.ts): the chain holds, every roll follows from its draws, every seed matches its
// commitment, and re-deciding every command gives exactly the recorded events. A forger who edits an entry
// and recomputes the whole chain is still caught by the last of these.
import { describe, expect, it } from 'vitest';
import { bytesToHex, chain, GENESIS, verifyLog } from '../../src/core/index.js';
import type { GameEvent, LogEntry, Roll } from '../../src/core/index.js';
import { MASTER, played, Session } from '../support/session.js';

/** The log with entry i's event replaced, and the whole chain recomputed so the hashes all agree. */
function forge(entries: readonly LogEntry[], i: number, edit: (e: GameEvent) => GameEvent): LogEntry[] {
  const events = entries.map((e, k) => (k === i ? edit(e.event) : e.event));
  return chain(
    GENESIS,
    1,
    events,
    entries.map((e) => e.at),
  );
}

const indexOf = (entries: readonly LogEntry[], type: string, nth = 0): number => {
  const found = entries.flatMap((e, i) => (e.event.type === type ? [i] : []));
  const i = found[nth];
  if (i === undefined) throw new Error(`no ${type} entry number ${nth}`);
  return i;
};

describe('verifyLog', () => {
  it('passes a clean fair game and counts what it checked', () => {
    const s = played();
    const report = verifyLog(s.kernel, s.entries, MASTER);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(s.entries.length);
    // create, 2 joins, roll, hide, 4 bumps, points, enact, tick, roll, bump, tick
    expect(report.commands).toBe(15);
    // 2d20, hide, drift, 10+5d3
    expect(report.fairRolls).toBe(4);
    expect(report.manualRolls).toBe(0);
  });

  it('passes an empty log', () => {
    const s = new Session();
    expect(verifyLog(s.kernel, [], MASTER).ok).toBe(true);
  });

  it('fails a fair roll whose draw was altered, even with its total fixed and the chain recomputed', () => {
    const s = played();
    const i = indexOf(s.entries, 'rolled');
    const forged = forge(s.entries, i, (e) => {
      const roll = e.rolls?.[0] as Roll;
      const draws = [((roll.draws[0] as number) % 20) + 1, ...roll.draws.slice(1)];
      const result = draws.reduce((a, b) => a + b, 0);
      return { ...e, total: result, rolls: [{ ...roll, draws, result }] };
    });
    const report = verifyLog(s.kernel, forged, MASTER);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(new RegExp(`entry ${i + 1}: the log says`));
  });

  it('fails a roll whose recorded total does not follow from its draws', () => {
    const s = played();
    const i = indexOf(s.entries, 'rolled');
    const forged = forge(s.entries, i, (e) => {
      const roll = e.rolls?.[0] as Roll;
      return { ...e, rolls: [{ ...roll, result: (roll.result as number) + 1 }] };
    });
    const report = verifyLog(s.kernel, forged, MASTER);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/records \d+, its draws give/);
  });

  it('fails an altered secret roll', () => {
    const s = played();
    const i = indexOf(s.entries, 'hidden-rolled');
    const forged = forge(s.entries, i, (e) => {
      const roll = e.rolls?.[0] as Roll;
      const draw = ((roll.draws[0] as number) % 6) + 1;
      return { ...e, total: draw, rolls: [{ ...roll, draws: [draw], result: draw }] };
    });
    expect(verifyLog(s.kernel, forged, MASTER).ok).toBe(false);
  });

  it('fails an altered points amount, with the chain recomputed', () => {
    const s = played();
    const i = indexOf(s.entries, 'points');
    const forged = forge(s.entries, i, (e) => ({ ...e, amount: Number(e.amount) + 100 }));
    const report = verifyLog(s.kernel, forged, MASTER);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(new RegExp(`entry ${i + 1}: the log says`));
  });

  it('fails points paid by a rule that the log says went to someone else', () => {
    const s = played();
    // The first milestone payment (the trigger's, not the Administrator's).
    const i = s.entries.findIndex((e) => e.event.type === 'points' && e.event.reason !== 'a ruling');
    const forged = forge(s.entries, i, (e) => ({ ...e, to: e.to === 'ann' ? 'bob' : 'ann' }));
    expect(verifyLog(s.kernel, forged, MASTER).ok).toBe(false);
  });

  it('fails an altered command, with the chain recomputed', () => {
    const s = played();
    const i = s.entries.findIndex(
      (e) => e.event.type === 'command' && JSON.stringify(e.event).includes('"bump"'),
    );
    const forged = forge(s.entries, i, (e) => {
      const c = e.command as { args: { by: number } };
      return { ...e, command: { ...c, args: { by: c.args.by - 1 } } };
    });
    expect(verifyLog(s.kernel, forged, MASTER).ok).toBe(false);
  });

  it('fails an edit the chain alone catches', () => {
    const s = played();
    const i = indexOf(s.entries, 'points');
    const edited = [...s.entries];
    edited[i] = { ...(s.entries[i] as LogEntry), event: { ...(s.entries[i] as LogEntry).event, amount: 1 } };
    const report = verifyLog(s.kernel, edited, MASTER);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/was altered/);
  });

  it('fails a revealed seed that does not match its commitment', () => {
    const s = played();
    const i = indexOf(s.entries, 'seed-revealed');
    const forged = forge(s.entries, i, (e) => ({ ...e, seed: bytesToHex(new Uint8Array(32)) }));
    const report = verifyLog(s.kernel, forged, MASTER);
    expect(report.problems).toContain('the revealed seed of public 1 does not match its commitment');
  });

  it('fails an event the commands did not produce, appended or inserted', () => {
    const s = played();
    const extra: GameEvent = {
      type: 'points',
      vis: 'public',
      from: 'The Bank',
      to: 'bob',
      amount: 1,
      reason: 'x',
    };
    const appended = chain(
      GENESIS,
      1,
      [...s.events, extra],
      [...s.entries.map((e) => e.at), { nweek: 2, nday: 2 }],
    );
    expect(verifyLog(s.kernel, appended, MASTER).ok).toBe(false);
    const at = indexOf(s.entries, 'bumped');
    const events = [...s.events.slice(0, at), extra, ...s.events.slice(at)];
    const ats = s.entries.map((e) => e.at);
    const inserted = chain(GENESIS, 1, events, [
      ...ats.slice(0, at),
      ats[at] as LogEntry['at'],
      ...ats.slice(at),
    ]);
    expect(verifyLog(s.kernel, inserted, MASTER).ok).toBe(false);
  });

  it('fails a log whose last command lost some of its events', () => {
    const s = played();
    const cut = s.entries.slice(0, -1);
    const report = verifyLog(s.kernel, cut, MASTER);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/the log says nothing/);
  });

  it('fails a fair game checked with the wrong secret', () => {
    const s = played();
    const wrong = MASTER.map((b) => b ^ 1);
    expect(verifyLog(s.kernel, s.entries, wrong).ok).toBe(false);
  });

  it('fails, and does not throw, for a fair game checked with no secret at all', () => {
    const s = played();
    const report = verifyLog(s.kernel, s.entries, undefined);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/secret/);
  });
});
