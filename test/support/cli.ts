// Runs the built `referee` program (dist/src/cli/main.js, made by `npm run build`) as a user would: a child
// process of this Node, in its own temporary folder, with REFEREE_DB and REFEREE_SYNC unset, so nothing
// but the flags given decides where games are kept.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** The built entry point. */
export const CLI_MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
/** The built kernel, for tests that recompute hashes the way the program does. */
export const CORE_MAIN = fileURLToPath(new URL('../../dist/src/core/index.js', import.meta.url));

/** What one run of the program did. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const made: string[] = [];

/** A new empty folder under the system's temporary folder, removed by removeTempDirs(). */
export function tempDir(prefix = 'referee-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir() made; call it from afterAll or afterEach. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  if (!('REFEREE_DB' in extra)) delete env.REFEREE_DB;
  if (!('REFEREE_SYNC' in extra)) delete env.REFEREE_SYNC;
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  return env;
}

/** The line `new` and `join` add to their output. */
export const TOKEN_LINE = /^.*token \(for the web page and the API; shown only now\): (nr_[A-Za-z0-9_-]+)\n/m;

/** The program over one database file in one working folder. */
export class Cli {
  /** The --db value given on every run (relative to `dir`). */
  readonly db: string;

  constructor(
    readonly dir: string = tempDir(),
    db = 'referee.db',
  ) {
    if (!existsSync(CLI_MAIN)) throw new Error(`${CLI_MAIN} is missing: run \`npm run build\` first`);
    this.db = db;
  }

  /** The database file's full path. */
  get dbPath(): string {
    return join(this.dir, this.db);
  }

  /** The last token each `new` or `join` printed, by holder ('admin' or the player's name). */
  readonly tokens = new Map<string, string>();

  /**
   * Runs `referee --db DB ...args`. The access token that `new` and `join` print (random, so different on
   * every run) is taken out of stdout into `tokens`, which keeps every other output comparable byte for byte.
   */
  run(...args: string[]): Run {
    const r = this.bare(['--db', this.db, ...args]);
    const holder = args[0] === 'new' ? 'admin' : args[0] === 'join' ? args[2] : undefined;
    if (holder === undefined) return r;
    let stdout = r.stdout.replace(TOKEN_LINE, (_line, token: string) => {
      this.tokens.set(holder, token);
      return '';
    });
    if (args.includes('--json') && stdout.startsWith('{')) {
      const parsed = JSON.parse(stdout) as { token?: string };
      if (parsed.token !== undefined) this.tokens.set(holder, parsed.token);
      delete parsed.token;
      stdout = `${JSON.stringify(parsed)}\n`;
    }
    return { ...r, stdout };
  }

  /** Runs `referee ...args` exactly as given (no --db), with extra environment variables. */
  bare(args: readonly string[], env: Record<string, string> = {}): Run {
    const r = spawnSync(process.execPath, [CLI_MAIN, ...args], {
      cwd: this.dir,
      env: cleanEnv(env),
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.error) throw r.error;
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  /** Runs a command that must succeed (exit 0, nothing on stderr); returns its stdout. */
  ok(...args: string[]): string {
    const r = this.run(...args);
    expect(r.status, `referee ${args.join(' ')} failed:\n${r.stderr}`).toBe(0);
    expect(r.stderr, `referee ${args.join(' ')} wrote to stderr`).toBe('');
    return r.stdout;
  }

  /** Runs a command whose stdout is JSON. */
  json<T = unknown>(...args: string[]): T {
    return JSON.parse(this.ok(...args)) as T;
  }

  /**
   * Runs a command that must be refused as bad input: exit 2, nothing on stdout, exactly one line on
   * stderr, which is returned.
   */
  bad(...args: string[]): string {
    const r = this.run(...args);
    expect(
      r.status,
      `referee ${args.join(' ')} should exit 2; stdout:\n${r.stdout}\nstderr:\n${r.stderr}`,
    ).toBe(2);
    expect(r.stdout).toBe('');
    return oneLine(r.stderr);
  }

  /** The game's full (Administrator) export: the whole log, the yardstick for "nothing changed". */
  exported(game: string): string {
    return this.ok('export', game);
  }

  /** A new working folder holding a copy of this database (closed, so one self-contained file). */
  copy(): Cli {
    const other = new Cli(tempDir(), this.db);
    copyFileSync(this.dbPath, other.dbPath);
    return other;
  }

  /** Writes a file in the working folder and returns its name. */
  write(name: string, text: string): string {
    writeFileSync(join(this.dir, name), text);
    return name;
  }

  read(name: string): Buffer {
    return readFileSync(join(this.dir, name));
  }
}

/** Text that is exactly one non-empty line (with its newline); returns the line. */
export function oneLine(text: string): string {
  const lines = text.split('\n');
  expect(lines.length, `expected exactly one line, got:\n${text}`).toBe(2);
  expect(lines[1]).toBe('');
  expect((lines[0] ?? '').trim().length).toBeGreaterThan(0);
  return lines[0] ?? '';
}

/** Placement dice for Shiny 1..5 then Scary 1..5 at these units, x then y: the `--rolls` of `new`. */
export const placementRolls = (units: readonly (readonly [number, number])[]): string => {
  if (units.length !== 10) throw new Error('ten Things: five Shiny, five Scary Dark');
  return units.flat().join(',');
};

/** Ten units in the top left corner, far from where the tests walk. */
export const FAR_CORNER: readonly (readonly [number, number])[] = [
  [1, 20],
  [2, 20],
  [3, 20],
  [4, 20],
  [5, 20],
  [1, 19],
  [2, 19],
  [3, 19],
  [4, 19],
  [5, 19],
];

/** A player as `show --json` gives em. */
export interface PlayerView {
  readonly name: string;
  readonly location: [number, number] | null;
  readonly points: number;
}

/** `show --json`: what every viewer gets, and the Things for the Administrator alone. */
export interface BoardView {
  readonly game: string;
  readonly ruleset: string;
  readonly nweek: number;
  readonly nday: number;
  readonly players: readonly PlayerView[];
  readonly announced?: readonly { player: string; to: [number, number] }[];
  readonly things?: readonly { kind: 'shiny' | 'scary'; n: number; location: [number, number] }[];
  readonly diceQueue?: readonly number[];
}

/** One entry of `log --json`. */
export interface LogLineView {
  readonly nweek: number;
  readonly nday: number;
  readonly event: { readonly type: string; readonly [k: string]: unknown };
  readonly text: string;
}

/** A new manual-dice Grid game `game` with the Things at `units` (default: the far corner). */
export function newManualGrid(cli: Cli, game = 'g1', units = FAR_CORNER): string {
  return cli.ok('new', 'grid-2002-01', '--game', game, '--dice', 'manual', '--rolls', placementRolls(units));
}

/** Where a player is, from the public board. */
export function locationOf(cli: Cli, game: string, name: string): [number, number] | null {
  const board = cli.json<BoardView>('show', game, '--json');
  const p = board.players.find((x) => x.name === name);
  if (!p) throw new Error(`${name} is not in ${game}`);
  return p.location;
}

/** A player's points, from the public board. */
export function pointsOf(cli: Cli, game: string, name: string): number {
  const board = cli.json<BoardView>('show', game, '--json');
  const p = board.players.find((x) => x.name === name);
  if (!p) throw new Error(`${name} is not in ${game}`);
  return p.points;
}

/** The players of playScript, and where each first enters the Grid. */
export const SCRIPT_PLAYERS: readonly (readonly [string, number, number])[] = [
  ['alice', 10, 10],
  ['bob', 11, 11],
  ['carol', 14, 8],
  ['dave', 7, 13],
];

/**
 * The same public commands for any game `game` that exists (fair or manual dice): four players enter, move
 * for three nweeks (one move fails, one player leaves and comes back), with single ticks between. Every unit
 * a player stands on or announces a move to is added to `units` as "x,y". Returns each command's result.
 */
export function playScript(cli: Cli, game: string, units: Set<string> = new Set()): Run[] {
  const runs: Run[] = [];
  const run = (...args: string[]) => {
    const r = cli.run(...args);
    runs.push(r);
    return r;
  };
  const at = (x: number, y: number) => units.add(`${x},${y}`);
  for (const [p] of SCRIPT_PLAYERS) run('join', game, p);
  for (const [p, x, y] of SCRIPT_PLAYERS) {
    run('act', game, p, 'enter', String(x), String(y));
    at(x, y);
  }
  // nweek 1: alice tries bob's unit before bob has gone (fails); bob, carol, dave step diagonally.
  const moves1: [string, number, number][] = [
    ['alice', 11, 11],
    ['bob', 12, 12],
    ['carol', 13, 9],
    ['dave', 8, 12],
  ];
  for (const [p, x, y] of moves1) {
    run('act', game, p, 'move', String(x), String(y));
    at(x, y);
  }
  run('act', game, 'carol', 'move', '12', '10'); // a second announcement: refused
  run('tick', game);
  run('tick', game);
  run('tick', game, '--nweek');
  // nweek 2: alice moves up, carol leaves, dave moves; an announcement by someone in Limbo is refused.
  run('act', game, 'alice', 'move', '10', '11');
  at(10, 11);
  run('act', game, 'carol', 'leave');
  run('act', game, 'carol', 'move', '12', '10');
  run('act', game, 'dave', 'move', '9', '12', '--id', 'dave-week-2');
  run('act', game, 'dave', 'move', '9', '12', '--id', 'dave-week-2');
  at(9, 12);
  run('tick', game, '--nweek');
  // nweek 3: carol comes back elsewhere; bob and alice move.
  run('act', game, 'carol', 'enter', '15', '6');
  at(15, 6);
  run('act', game, 'bob', 'move', '13', '12');
  at(13, 12);
  run('act', game, 'alice', 'move', '11', '12');
  at(11, 12);
  run('tick', game);
  run('tick', game, '--nweek');
  return runs;
}
