// `referee verify` replays the log, checks the hash chain and re-derives every roll: it passes on an honest
// game and exits 1 when a recorded fair roll in the database is altered - even when whoever altered it also
// rewrote every hash after it, so that only re-deriving the roll from the game's secret can catch it.
import Database from 'better-sqlite3';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Core from '../../src/core/index.js';
import type { LogEntry } from '../../src/core/index.js';
import {
  Cli,
  CORE_MAIN,
  FAR_CORNER,
  newManualGrid,
  playScript,
  pointsOf,
  removeTempDirs,
} from '../support/cli.js';
import type { BoardView } from '../support/cli.js';

afterAll(removeTempDirs);

/** The built kernel: hashes recomputed exactly as the program computes them. */
const core = (await import(pathToFileURL(CORE_MAIN).href)) as typeof Core;

interface Row {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
  prev: string;
  hash: string;
}

let played: Cli;

beforeAll(() => {
  played = new Cli();
  played.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'fair');
  playScript(played, 'g1');
});

/** A fair game played for three nweeks: a private copy of one played once. */
const fairGame = (): Cli => played.copy();

/**
 * Moves Thing `index` (0-based among the placements) one unit to the right in the database, keeping the event
 * self-consistent: its unit, its first die and the roll's total all agree. Returns the entry's seq and the
 * old and new units.
 */
function alterPlacement(path: string, index: number) {
  const db = new Database(path);
  try {
    const rows = db
      .prepare<[], Row>(
        "SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = 'g1' AND type = 'thing-placed' ORDER BY seq",
      )
      .all();
    const row = rows[index];
    if (!row) throw new Error('no such placement');
    const event = JSON.parse(row.event) as {
      at: [number, number];
      rolls: { draws: number[]; result: number; source: string }[];
    };
    const roll = event.rolls[0];
    if (!roll) throw new Error('a placement without its roll');
    expect(roll.source).toBe('fair');
    const before: [number, number] = [event.at[0], event.at[1]];
    const x = (before[0] % 20) + 1;
    roll.draws[0] = x;
    roll.result = roll.draws.reduce((a, b) => a + b, 0);
    event.at = [x, before[1]];
    db.prepare("UPDATE log SET event = ? WHERE game = 'g1' AND seq = ?").run(JSON.stringify(event), row.seq);
    return { seq: row.seq, before, after: event.at };
  } finally {
    db.close();
  }
}

/** The index (among the placements) of the last-placed Thing that was never teleported. */
function unmovedPlacement(path: string): number {
  const db = new Database(path);
  try {
    const events = db
      .prepare<[], { type: string; event: string }>(
        "SELECT type, event FROM log WHERE game = 'g1' AND type IN ('thing-placed', 'thing-teleported') ORDER BY seq",
      )
      .all()
      .map((r) => ({ type: r.type, ...(JSON.parse(r.event) as { kind: string; n: number }) }));
    const placed = events.filter((e) => e.type === 'thing-placed');
    const moved = new Set(events.filter((e) => e.type === 'thing-teleported').map((e) => `${e.kind}:${e.n}`));
    for (let i = placed.length - 1; i >= 0; i--) {
      const p = placed[i];
      if (p && !moved.has(`${p.kind}:${p.n}`)) return i;
    }
    throw new Error('every Thing was teleported');
  } finally {
    db.close();
  }
}

/** Recomputes the whole hash chain of g1 from its (possibly altered) events, as a careful forger would. */
function rechain(path: string): LogEntry[] {
  const db = new Database(path);
  try {
    const rows = db
      .prepare<[], Row>("SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = 'g1' ORDER BY seq")
      .all();
    const update = db.prepare("UPDATE log SET prev = ?, hash = ? WHERE game = 'g1' AND seq = ?");
    let prev = core.GENESIS;
    const entries: LogEntry[] = [];
    db.transaction(() => {
      for (const r of rows) {
        const at = { nweek: r.nweek, nday: r.nday };
        const event = JSON.parse(r.event) as LogEntry['event'];
        const hash = core.entryHash(r.seq, at, event, prev);
        update.run(prev, hash, r.seq);
        entries.push({ seq: r.seq, at, event, prev, hash });
        prev = hash;
      }
    })();
    return entries;
  } finally {
    db.close();
  }
}

describe('referee verify', () => {
  it('passes on a clean fair game of several nweeks, re-deriving every fair roll', () => {
    const cli = fairGame();
    const out = cli.ok('verify', 'g1');
    const m =
      /^g1 verifies: (\d+) log entries, (\d+) commands re-decided, (\d+) fair and 0 manual rolls checked\.\n$/.exec(
        out,
      );
    expect(m, out).not.toBeNull();
    expect(Number(m?.[3])).toBeGreaterThanOrEqual(10);
    expect(cli.json<BoardView>('show', 'g1', '--json').nweek).toBe(4);
  });

  it('passes on a manual game in which Things were found and teleported', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1', [[5, 5], ...FAR_CORNER.slice(1, 5), [6, 6], ...FAR_CORNER.slice(6)]);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '5', '5', '--rolls', '5,5,15,15');
    cli.ok('act', 'g1', 'alice', 'move', '6', '6');
    cli.ok('tick', 'g1', '--nweek', '--rolls', '16,16');
    expect(pointsOf(cli, 'g1', 'alice')).toBe(0);
    expect(cli.ok('verify', 'g1')).toMatch(/^g1 verifies: .* 0 fair and 13 manual rolls checked\.\n$/);
  });

  it('exits 1 when a fair placement roll is altered in the database and the hashes are left as they are', () => {
    const cli = fairGame();
    const { seq } = alterPlacement(cli.dbPath, 2);
    const r = cli.run('verify', 'g1');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`entry ${seq} was altered`);
    expect(r.stderr).toContain('g1 does NOT verify');
  });

  it('exits 1 when a fair placement roll is altered and the whole hash chain recomputed: the roll is derived again', () => {
    const cli = fairGame();
    // Fair dice come from a fresh secret each run, so a Thing may have been found and teleported while the
    // script played: forge the placement of one that never moved, or the board would rightly not show it.
    const index = unmovedPlacement(cli.dbPath);
    const { seq, before, after } = alterPlacement(cli.dbPath, index);
    const entries = rechain(cli.dbPath);
    // The forgery is thorough: the chain holds, and the roll adds up.
    expect(core.chainBreak(entries)).toBeNull();
    const forged = entries.find((e) => e.seq === seq);
    for (const roll of forged?.event.rolls ?? []) expect(core.checkRollResult(roll)).toBeNull();
    // ... and it took effect: the Administrator's board shows the Thing where the forger put it.
    const things = cli.json<BoardView>('show', 'g1', '--admin', '--json').things ?? [];
    expect(things[index]?.location).toEqual(after);
    expect(after).not.toEqual(before);
    // Only re-deriving the fair roll from the game's secret catches it.
    const r = cli.run('verify', 'g1');
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('was altered');
    expect(r.stderr).toContain(`entry ${seq}: the log says`);
    expect(r.stderr).toContain('the rules give');
    expect(r.stderr).toContain('g1 does NOT verify');
  });

  it("exits 1 when only a fair roll's total is altered", () => {
    const cli = fairGame();
    const db = new Database(cli.dbPath);
    const row = db
      .prepare<[], Row>(
        "SELECT seq, event FROM log WHERE game = 'g1' AND type = 'thing-placed' ORDER BY seq LIMIT 1",
      )
      .get();
    if (!row) throw new Error('no placement');
    const event = JSON.parse(row.event) as { rolls: { result: number }[] };
    const roll = event.rolls[0];
    if (roll) roll.result += 1;
    db.prepare("UPDATE log SET event = ? WHERE game = 'g1' AND seq = ?").run(JSON.stringify(event), row.seq);
    db.close();
    rechain(cli.dbPath);
    const r = cli.run('verify', 'g1');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/"initial location of Shiny Thing 1" records \d+, its draws give \d+/);
    expect(r.stderr).toContain('g1 does NOT verify');
  });

  it('verifies alike on one thread and on two (the chain and the file checked beside the re-deciding)', () => {
    const verify = (cli: Cli, threads: string) =>
      cli.bare(['--db', cli.db, 'verify', 'g1'], { REFEREE_VERIFY_THREADS: threads });
    const clean = fairGame();
    const one = verify(clean, '1');
    expect(one.status).toBe(0);
    expect(verify(clean, '2')).toEqual(one);
    // An altered roll, the hashes left as they are: the chain breaks there, said alike.
    const altered = fairGame();
    const { seq } = alterPlacement(altered.dbPath, 2);
    const broken = verify(altered, '1');
    expect(broken.stderr).toContain(`entry ${seq} was altered`);
    expect(verify(altered, '2')).toEqual(broken);
    // The same, the chain recomputed: only re-deciding catches it, said alike.
    const forged = fairGame();
    alterPlacement(forged.dbPath, unmovedPlacement(forged.dbPath));
    rechain(forged.dbPath);
    const caught = verify(forged, '1');
    expect(caught.stderr).toContain('the rules give');
    expect(verify(forged, '2')).toEqual(caught);
  });
});
