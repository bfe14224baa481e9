// Runs the built `referee` program (dist/, made by `npm run build`) as a user would, in its own temporary
// folder, with REFEREE_DB and REFEREE_SYNC unset, so nothing but the flags given decides where games are kept.
//
// By default a command runs in one long-lived Node process per test file (cli-host.js, reached through the
// worker thread cli-bridge.js) that runs the built program once per command, as `node dist/src/cli/main.cjs`
// would: in the command's folder, with exactly its environment, its stdout and stderr collected, its exit code
// the program's answer. Loading the program once per file instead of once per command is most of what makes
// the suite fast enough to hold on a loaded machine (issue 17). `new Cli(dir, db, { process: true })`, or
// REFEREE_TEST_CLI=process for every Cli, runs each command as its own process (spawnSync of main.cjs):
// test/cli/real-process.test.ts keeps exit codes, stdio and signals tested that way, and checks that both ways
// give the same answers byte for byte.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { expect } from 'vitest';

/** The built executable (package.json's bin): the bundled program, through its code cache (issue 17). */
export const CLI_MAIN = fileURLToPath(new URL('../../dist/src/cli/main.cjs', import.meta.url));
/** The built program that main.cjs runs (as modules here), for the in-process runner. */
export const CLI_PROGRAM = fileURLToPath(new URL('../../dist/src/cli/program.js', import.meta.url));
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

/**
 * How long one command may take before the test gives up on it. A safety net for a command that never ends
 * (the test is blocked while it runs, so vitest's own timeout cannot fire), not a budget: generous enough for a
 * loaded machine.
 */
const RUN_TIMEOUT_MS = 300_000;

/** What the host answers (cli-host.js), or the bridge when the host could not answer (cli-bridge.js). */
interface HostAnswer {
  readonly id: number;
  readonly status?: number | null;
  readonly stdout?: string;
  readonly stderr?: string;
  readonly error?: string;
}

/**
 * A program (the built one, or a stand-in exporting `referee(argv)`) in one long-lived process of this test
 * file's, answering one command at a time. The caller waits for each answer blocked, as spawnSync made it wait,
 * so every Cli method stays synchronous.
 */
export class InProcess {
  private static instance: InProcess | undefined;

  /** The one runner of the built program for this test file (made at its first command). */
  static shared(): InProcess {
    InProcess.instance ??= new InProcess(CLI_PROGRAM);
    return InProcess.instance;
  }

  private readonly port: MessagePort;
  /** Counts the bridge's answers: the caller sleeps until it moves (Atomics.wait). */
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private next = 0;

  constructor(program: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const worker = new Worker(new URL('./cli-bridge.js', import.meta.url), {
      workerData: {
        port: port2,
        signal: this.signal,
        host: fileURLToPath(new URL('./cli-host.js', import.meta.url)),
        program,
      },
      transferList: [port2],
    });
    // Neither keeps the test process alive; the host ends when the bridge does (cli-host.js, 'disconnect').
    worker.unref();
    this.port.unref();
  }

  run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Run {
    const id = ++this.next;
    const what = `referee ${args.join(' ')}`;
    this.port.postMessage({ id, args: [...args], cwd, env });
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    for (;;) {
      // Read the count before looking for the answer: an answer posted after the look moves it, so the wait
      // below returns at once instead of missing it.
      const seen = Atomics.load(this.signal, 0);
      const got: { message: HostAnswer } | undefined = receiveMessageOnPort(this.port);
      if (got) {
        const m = got.message;
        // An answer to a command given up on earlier is dropped.
        if (m.id !== id) continue;
        if (m.error !== undefined) throw new Error(`${what}: ${m.error}`);
        return { status: m.status ?? null, stdout: m.stdout ?? '', stderr: m.stderr ?? '' };
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.port.postMessage({ stop: true });
        throw new Error(`${what} did not finish in ${RUN_TIMEOUT_MS / 1000} s`);
      }
      Atomics.wait(this.signal, 0, seen, left);
    }
  }
}

/** The line `new` and `join` add to their output. */
export const TOKEN_LINE = /^.*token \(for the web page and the API; shown only now\): (nr_[A-Za-z0-9_-]+)\n/m;

/** How a Cli runs the program. */
export interface CliOptions {
  /** Each command in its own process (spawnSync), for exit codes, stdio and signals as a process has them. */
  readonly process?: boolean;
  /**
   * REFEREE_NOW for every command (src/cli/now.ts): the instant filled in where a command needs now, so two
   * games written by the same script hash the same whenever they run (K16 records a game's creation instant).
   */
  readonly now?: string;
}

/** The program over one database file in one working folder. */
export class Cli {
  /** The --db value given on every run (relative to `dir`). */
  readonly db: string;
  /** Whether each command runs as its own process. */
  readonly process: boolean;

  constructor(
    readonly dir: string = tempDir(),
    db = 'referee.db',
    options: CliOptions = {},
  ) {
    for (const built of [CLI_MAIN, CLI_PROGRAM])
      if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
    this.db = db;
    this.process = options.process ?? process.env.REFEREE_TEST_CLI === 'process';
    this.now = options.now;
  }

  private readonly now: string | undefined;

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
  bare(args: readonly string[], extra: Record<string, string> = {}): Run {
    const env = this.now !== undefined ? { REFEREE_NOW: this.now, ...extra } : extra;
    if (!this.process) return InProcess.shared().run(args, this.dir, cleanEnv(env));
    const r = spawnSync(process.execPath, [CLI_MAIN, ...args], {
      cwd: this.dir,
      env: cleanEnv(env),
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
      // A long game's export is tens of megabytes (test/cli/progress.test.ts).
      maxBuffer: 256 * 1024 * 1024,
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
    const other = new Cli(tempDir(), this.db, { process: this.process });
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
