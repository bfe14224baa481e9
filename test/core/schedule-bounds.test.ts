// What a schedule may ask (issue 23 item 7, ruling K16): no start before the game existed, no rhythm faster
// than the game's floor (a minute unless the operator set it at creation), both from kernel edition 3; an old
// game (edition 2) with a fast rhythm since 2000 still replays and verifies exactly as written.
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  DEFAULT_RHYTHM_FLOOR,
  KERNEL_EDITION,
  SCHEDULE_BOUNDS_EDITION,
  verifyLog,
} from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { Session } from '../support/session.js';

const CREATED = '2026-11-23T12:00:00.000Z';
const LATER = '2026-11-23T12:05:00.000Z';

function created(extra: Record<string, Json> = {}): Session {
  const s = new Session();
  const command = Session.createCommand();
  s.ok({ ...command, args: { ...command.args, at: CREATED, ...extra } });
  return s;
}

const admin = (type: string, args: Record<string, Json>): Command => ({ type, by: ADMIN, args });

describe('K16 a schedule may ask only what an honest game would', () => {
  it('issue 23 item 7: a new game records its creation instant; its rhythm floor is a minute unless the operator set it', () => {
    expect(KERNEL_EDITION).toBe(SCHEDULE_BOUNDS_EDITION);
    const s = created();
    expect(s.events[0]).toMatchObject({ type: 'game-created', kernelEdition: 3, created: CREATED });
    expect(s.events[0]).not.toHaveProperty('rhythmFloor');
    expect(s.game.scheduleBounds).toEqual({ created: CREATED, rhythmFloor: DEFAULT_RHYTHM_FLOOR });
    const fast = created({ rhythmFloor: 30 });
    expect(fast.events[0]).toMatchObject({ rhythmFloor: 30 });
    expect(fast.game.scheduleBounds).toEqual({ created: CREATED, rhythmFloor: 30 });
  });

  it('issue 23 item 7: every 1 s since 2000-01-01 is refused with a clear reason, and changes nothing', () => {
    const s = created();
    const since2000 = s.fail(admin('schedule', { every: 60, since: '2000-01-01T00:00Z' }));
    expect(since2000.code).toBe('bad-arguments');
    expect(since2000.message).toBe(
      `since: 2000-01-01T00:00:00.000Z is before this game existed (created ${CREATED}); a schedule starts at its creation or later`,
    );
    const fast = s.fail(admin('schedule', { every: 1, since: LATER }));
    expect(fast.message).toMatch(
      /^every: an nday every 1 s is faster than this game allows \(at least every 1 min/,
    );
    expect(s.game.schedule).toBeNull();
  });

  it('issue 23 item 7: the start bound allows a minute of disagreement between machines, no more', () => {
    const s = created();
    expect(s.fail(admin('schedule', { every: 60, since: '2026-11-23T11:58:59.999Z' })).code).toBe(
      'bad-arguments',
    );
    s.ok(admin('schedule', { every: 60, since: '2026-11-23T11:59:00.000Z' }));
    expect(s.game.schedule?.since).toBe('2026-11-23T11:59:00.000Z');
  });

  it('issue 23 item 7: a pause or a resumption cannot date itself before the game either (no backlog by the back door)', () => {
    const s = created();
    s.ok(admin('schedule', { every: 60, since: LATER }));
    expect(s.fail(admin('pause-clock', { reason: 'x', at: '2000-01-01T00:00Z' })).message).toMatch(
      /^at: 2000-01-01T00:00:00.000Z is before this game existed/,
    );
    s.ok(admin('pause-clock', { reason: 'x', at: CREATED }));
    // A resumption is never before its pause (K9), so it cannot be before the game either.
    expect(s.fail(admin('resume-clock', { reason: 'y', at: '2020-01-01T00:00Z' })).code).toBe(
      'bad-arguments',
    );
    s.ok(admin('resume-clock', { reason: 'y', at: CREATED }));
    expect(s.game.schedule?.since).toBe(CREATED);
  });

  it('issue 23 item 7: the rhythm floor, and the demonstration exception the operator grants at creation', () => {
    const s = created();
    expect(s.fail(admin('schedule', { every: 59, since: LATER })).code).toBe('bad-arguments');
    s.ok(admin('schedule', { every: 60, since: LATER }));
    // A calendar's ndays are a day: no floor applies to it.
    s.ok(admin('schedule', { zone: 'Europe/London', time: '23:59', weekday: 7, since: LATER }));
    const demo = created({ rhythmFloor: 30 });
    demo.ok(admin('schedule', { every: 30, since: LATER }));
    expect(demo.fail(admin('schedule', { every: 29, since: LATER })).message).toMatch(/at least every 30 s/);
  });

  it("issue 23 item 7: a game made without an instant (by the operator's own code) keeps the floor, and has no start bound", () => {
    const s = new Session();
    s.create();
    expect(s.game.scheduleBounds).toEqual({ created: null, rhythmFloor: 60 });
    s.ok(admin('schedule', { every: 60, since: '2000-01-01T00:00Z' }));
    expect(s.fail(admin('schedule', { every: 1, since: LATER })).code).toBe('bad-arguments');
  });

  it('issue 23 item 7, K4: an old game (kernel edition 2) with an nday every second since 2000 replays and verifies as written', () => {
    const s = new Session();
    const command = Session.createCommand();
    // What a game created before the bounds recorded: no creation instant, edition 2 (an instant given now
    // to an edition-2 creation is not recorded: that edition never did).
    s.ok({ ...command, args: { ...command.args, kernelEdition: 2, at: CREATED } });
    expect(s.events[0]).not.toHaveProperty('created');
    expect(s.game.scheduleBounds).toBeUndefined();
    s.ok(admin('schedule', { every: 1, since: '2000-01-01T00:00Z' }));
    for (let i = 1; i <= 5; i++)
      s.ok(admin('tick', { scheduled: new Date(Date.UTC(2000, 0, 1, 0, 0, i)).toISOString() }));
    s.ok(admin('pause-clock', { reason: 'old', at: '2000-01-01T00:00:10Z' }));
    expect(s.kernel.replay(s.events)).toEqual(s.game);
    expect(verifyLog(s.kernel, s.entries, s.master).problems).toEqual([]);
    // And a bounded game's log verifies too (its creation is decided again with its instant and floor).
    const b = created({ rhythmFloor: 30 });
    b.ok(admin('schedule', { every: 30, since: LATER }));
    b.ok(admin('tick', { scheduled: '2026-11-23T12:05:30.000Z' }));
    expect(verifyLog(b.kernel, b.entries, b.master).problems).toEqual([]);
  });
});
