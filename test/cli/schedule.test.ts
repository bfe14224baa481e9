// `referee schedule GAME …` (issue 14): the Administrator gives a game its calendar in people's words, pauses,
// resumes and extends it, and sees the next boundaries. Instants the verb does not give are filled as now,
// so these tests pin them (--since) or assert only what does not depend on when they run.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

interface Shown {
  clock: { nweek: number; nday: number; ndays: number };
  schedule: {
    rhythm: Record<string, unknown>;
    policy: string;
    warnings: number[];
    since: string;
    paused: unknown;
    extension: unknown;
  } | null;
  next: { iso: string; local: string | null; ends: string }[];
}

function game(): Cli {
  const cli = new Cli();
  cli.ok('new', 'grid-2002-01', '--game', 'g1');
  return cli;
}

describe('referee schedule', () => {
  it('sets a weekly calendar and shows its next boundaries in the game’s zone and UTC', () => {
    const cli = game();
    expect(cli.ok('schedule', 'g1')).toContain('No schedule: ndays end when the Administrator ticks.');
    const out = cli.ok(
      'schedule',
      'g1',
      'Sunday 23:59 Europe/London',
      '--since',
      '2037-11-27T12:00Z',
      '--warn',
      '24h,2h',
    );
    expect(out).toMatch(
      /^The Administrator set the calendar: an nday ends daily at 23:59 Europe\/London; the nweek ends Sundays\./,
    );
    const shown = cli.json<Shown>('schedule', 'g1', '--json');
    expect(shown.schedule).toMatchObject({
      rhythm: { kind: 'calendar', zone: 'Europe/London', time: '23:59', weekday: 7 },
      policy: 'catch-up',
      warnings: [86400, 7200],
      since: '2037-11-27T12:00:00.000Z',
    });
    expect(shown.next.map((n) => [n.local, n.iso, n.ends])).toEqual([
      ['Fri 27 Nov 2037 23:59 GMT', '2037-11-27T23:59:00.000Z', 'ends nday 1 of nweek 1'],
      ['Sat 28 Nov 2037 23:59 GMT', '2037-11-28T23:59:00.000Z', 'ends nday 2 of nweek 1'],
      ['Sun 29 Nov 2037 23:59 GMT', '2037-11-29T23:59:00.000Z', 'ends nweek 1'],
    ]);
    expect(cli.ok('schedule', 'g1')).toContain(
      '  Sun 29 Nov 2037 23:59 GMT  2037-11-29T23:59:00.000Z  ends nweek 1',
    );
  });

  it('sets a rhythm with a policy; pauses, resumes, extends once, and clears it, each in the public log', () => {
    const cli = game();
    cli.ok('schedule', 'g1', 'every', '2m', '--policy', 'pause');
    expect(cli.json<Shown>('schedule', 'g1', '--json').schedule).toMatchObject({
      rhythm: { kind: 'rhythm', every: 120 },
      policy: 'pause',
      warnings: [],
    });
    expect(cli.ok('schedule', 'g1', 'pause', 'moving', 'servers')).toMatch(
      /^The Administrator paused the clock at .*: moving servers\.\n$/,
    );
    expect(cli.json<Shown>('schedule', 'g1', '--json').next).toEqual([]);
    expect(cli.ok('schedule', 'g1', 'resume', 'back')).toMatch(/resumed the clock at .*: back\.\n$/);
    expect(cli.ok('schedule', 'g1', 'extend', '2099-12-01T12:00Z', 'a holiday')).toBe(
      'The Administrator extended nweek 1 to 2099-12-01T12:00:00.000Z: a holiday.\n',
    );
    expect(cli.bad('schedule', 'g1', 'extend', '24h')).toMatch(
      /^referee: not-allowed: nweek 1 has already been extended once/,
    );
    expect(cli.ok('schedule', 'g1', 'off')).toMatch(/cleared the schedule/);
    const log = cli.ok('log', 'g1');
    for (const type of ['schedule', 'pause-clock', 'resume-clock', 'extend-nweek'])
      expect(log).toContain(`The Administrator: ${type}`);
  });

  it('extends by a duration beyond the nweek’s scheduled end', () => {
    const cli = game();
    cli.ok('schedule', 'g1', 'Sunday 23:59 Europe/London', '--since', '2037-11-27T12:00Z');
    expect(cli.ok('schedule', 'g1', 'extend', '36h')).toBe(
      'The Administrator extended nweek 1 to 2037-12-01T11:59:00.000Z: extended by the Administrator.\n',
    );
  });

  it('refuses specs that do not read, writing nothing', () => {
    const cli = game();
    const before = cli.exported('g1');
    expect(cli.bad('schedule', 'g1', 'Funday 23:59 Europe/London')).toMatch(
      /"Funday" is not a day of the week/,
    );
    expect(cli.bad('schedule', 'g1', 'Sunday 23:59 Mars/Olympus')).toMatch(/not an IANA time zone/);
    expect(cli.bad('schedule', 'g1', 'every', '2m', '--policy', 'sometimes')).toMatch(
      /--policy is catch-up or pause/,
    );
    expect(cli.bad('schedule', 'g1', 'every', '2m', '--warn', 'soon')).toMatch(/"soon" is not a duration/);
    expect(cli.bad('schedule', 'g1', 'every', '2m', '--since', 'yesterday')).toMatch(
      /since: "yesterday" is not an ISO instant/,
    );
    expect(cli.bad('schedule', 'g1', 'pause', 'why')).toMatch(/no schedule/);
    expect(cli.bad('schedule', 'g1', 'extend', '24h')).toMatch(/g1 has no schedule/);
    expect(cli.exported('g1')).toBe(before);
  });

  it("issue 23 item 7: a schedule faster than the floor, or starting before the game, is refused with its reason, writing nothing; the operator's --rhythm-floor allows a demonstration's", () => {
    const cli = game();
    const before = cli.exported('g1');
    expect(cli.bad('schedule', 'g1', 'every', '1s')).toMatch(
      /every: an nday every 1 s is faster than this game allows \(at least every 1 min/,
    );
    expect(cli.bad('schedule', 'g1', 'every', '1m', '--since', '2000-01-01T00:00Z')).toMatch(
      /since: 2000-01-01T00:00:00\.000Z is before this game existed \(created \d{4}-/,
    );
    expect(cli.exported('g1')).toBe(before);
    const demo = new Cli();
    demo.ok('new', 'grid-2002-01', '--game', 'd1', '--rhythm-floor', '30');
    demo.ok('schedule', 'd1', 'every', '30s');
    expect(demo.bad('schedule', 'd1', 'every', '10s')).toMatch(/at least every 30 s/);
    expect(demo.bad('new', 'grid-2002-01', '--game', 'd2', '--rhythm-floor', 'fast')).toMatch(
      /--rhythm-floor is a whole number of seconds/,
    );
  });

  it('the generic admin verb fills in the instant too', () => {
    const cli = game();
    cli.ok('admin', 'g1', 'schedule', 'every=60');
    expect(cli.ok('admin', 'g1', 'pause-clock', 'a', 'reason')).toMatch(
      /paused the clock at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z: a reason\./,
    );
  });
});
