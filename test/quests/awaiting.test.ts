// Issue 14, who is missing and deadlines, for the host `rooms` and Quests (seeds/003_1bebf603c3346265.txt): rule
// 142's "by the end of the turn" is the turn's end, which the player or the Administrator chooses (H7) or, where
// the map sets one, the turn deadline (H11). Rulings H11 and Q16 in docs/rulings-quests.md.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Schedule } from '../../src/core/index.js';
import { dueAt, nextBoundary } from '../../src/clock/calendar.js';
import { deadlineNotices } from '../../src/clock/reminders.js';
import type { Table } from '../support/table.js';
import { quests, rooms, rules, tally } from '../support/harness/quests.js';

const publicLines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);

describe('H11: a map may set a turn deadline in ndays', () => {
  it("H11: a map's turn deadline ends the turn at the end of the nday N ndays after it began; the next player begins", () => {
    const t = rooms({ turnDeadline: 2, players: ['alice', 'bob'] });
    expect(t.kernel.awaiting(t.game)).toEqual({
      what: "alice's turn 1",
      players: [{ name: 'alice', done: false }],
      until: { nweek: 1, nday: 3 },
      how: expect.stringContaining('end-turn') as string,
      late: expect.stringContaining('ran out') as string,
    });
    t.act('alice', 'move', { to: 'Library' }); // an action moves nothing: the deadline runs from the turn's start
    t.tick();
    t.tick();
    expect(rules(t).turn?.player).toBe('alice');
    t.tick(); // the end of nday 3
    expect(rules(t).turn).toMatchObject({ n: 2, player: 'bob' });
    expect(publicLines(t)).toContain("alice's turn 1 ends: the time for it ran out.");
    // bob's turn began at the end of nday 3; his deadline is the end of nday 5. Ending it himself is as before.
    expect(t.kernel.awaiting(t.game)).toMatchObject({ what: "bob's turn 2", until: { nweek: 1, nday: 5 } });
    t.act('bob', 'end-turn');
    expect(t.kernel.awaiting(t.game)).toMatchObject({ what: "alice's turn 3", until: { nweek: 1, nday: 6 } });
    t.expectConsistent();
  });

  it('H11 and Q12: a creation unfinished when the time runs out costs the demerit at that boundary, on a calendar', () => {
    const t = quests({ turnDeadline: 1, players: ['alice', 'bob'] });
    t.admin('schedule', { every: 60, since: '2026-11-23T12:00:00.000Z' });
    const schedule = t.game.schedule as Schedule;
    const awaiting = t.kernel.awaiting(t.game);
    if (!awaiting) throw new Error('no wait');
    // The end of nday 2 is the second boundary of a rhythm of a minute: 12:02.
    expect(dueAt(schedule, t.game.clock, awaiting.until, Date.parse(schedule.since))).toBe(
      Date.parse('2026-11-23T12:02:00.000Z'),
    );
    t.act('alice', 'create-quest');
    for (const iso of ['2026-11-23T12:01:00.000Z', '2026-11-23T12:02:00.000Z']) {
      const s = t.game.schedule as Schedule;
      expect(nextBoundary(s, t.game.clock, Date.parse(s.fired ?? s.since))?.iso).toBe(iso);
      const before = t.kernel.awaiting(t.game);
      t.admin('tick', { scheduled: iso });
      const notices = deadlineNotices('q', before, t.game, iso);
      if (iso.endsWith('12:01:00.000Z')) {
        expect(rules(t).turn?.player).toBe('alice');
        expect(notices).toEqual([]);
      } else {
        expect(rules(t).turn?.player).toBe('bob');
        expect(rules(t).quests.creation).toBeNull();
        expect(tally(t, 'alice', 'demerits')).toBe(1);
        expect(notices.map((n) => n.to)).toEqual(['player:alice', 'admin']);
        expect(notices[0]?.text).toContain('a Quest you had commenced and not finished costs a demerit');
      }
    }
    t.expectConsistent();
  });

  it('142 Q16 "by the end of the turn": without a turn deadline the calendar sets none; whose turn it is is in every view', () => {
    for (const ruleset of ['rooms', 'rooms+quests'] as const) {
      const t = quests({
        ruleset,
        players: ['alice', 'bob'],
        ...(ruleset === 'rooms+quests' ? { commenced: {} } : {}),
      });
      t.tick();
      t.tick(true);
      // The nday and the nweek ended; the turn and the creation did not (H6, H7).
      expect(t.kernel.awaiting(t.game)).toBeUndefined();
      for (const v of [PUBLIC, player('alice'), player('bob')]) {
        expect(t.view(v).awaiting).toBeUndefined();
        expect(t.view(v).turn).toMatchObject({ player: 'alice' });
      }
    }
  });
});
