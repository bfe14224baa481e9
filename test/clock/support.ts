// A game's clock over a real store, in simulated time: the Referee, the Clockwork and what the clock reported,
// plus readers of what the log says the clock did.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ADMIN } from '../../src/core/index.js';
import type { Command, Json, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { Clockwork } from '../../src/clock/clockwork.js';
import type { ClockReport, ClockworkOptions } from '../../src/clock/clockwork.js';
import type { SimulatedTime } from '../../src/clock/time.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Notice, Store } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

/** Monday 23 November 2026, noon UTC (London is on GMT). */
export const T0 = Date.parse('2026-11-23T12:00:00.000Z');
export const iso = (ms: number): string => new Date(ms).toISOString();
export const S = 1000;
export const MIN = 60 * S;

/**
 * A SQLite store that also keeps, in order, the notices the clock asked for outside any command (its outbox
 * keeps them too; tests read either).
 */
export class NoticingStore extends SqliteStore {
  readonly enqueued: Notice[] = [];
  override enqueue(notices: readonly Notice[]): Promise<number> {
    const fresh = notices.filter((n) => !this.enqueued.some((e) => e.game === n.game && e.key === n.key));
    this.enqueued.push(...fresh);
    return super.enqueue(notices);
  }
}

const dirs: string[] = [];
export function cleanDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A new store file's path. */
export function freshFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'referee-clock-'));
  dirs.push(dir);
  return join(dir, 'clock.db');
}

export const refereeOver = (store: Store): Referee => new Referee(store, defaultRegistry(), systemEntropy);

/** A Clockwork with its reports kept. */
export function clockOver(
  referee: Referee,
  time: SimulatedTime,
  options: Partial<ClockworkOptions> = {},
): { clock: Clockwork; reports: ClockReport[] } {
  const reports: ClockReport[] = [];
  const clock = new Clockwork({ referee, time, report: (r) => reports.push(r), ...options });
  return { clock, reports };
}

/** Moves simulated time on by `ms`, letting each clock finish what each timer started. */
export async function pass(time: SimulatedTime, ms: number, ...clocks: Clockwork[]): Promise<void> {
  await time.run(ms, async () => {
    for (const c of clocks) await c.idle();
  });
}

export async function must(referee: Referee, game: string, command: Command): Promise<void> {
  const r = await referee.submit(game, command);
  if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
}

export const admin = (type: string, args: Record<string, Json> = {}): Command => ({ type, by: ADMIN, args });

/**
 * The creation of a Grid game (fair dice, no players) whose schedules may have a demonstration's fast rhythm
 * (K16: the operator's say, as `referee demo` and `--rhythm-floor` give it): these tests watch the clock's
 * workings at demo speed.
 */
export const fastGame = (game: string): Command =>
  admin('create', { game, ruleset: 'grid-2002-01', dice: 'fair', rhythmFloor: 1 });

/** A Grid game (fair dice, no players, a fast rhythm allowed: fastGame) with a schedule. */
export async function scheduledGame(
  referee: Referee,
  game: string,
  schedule: Record<string, Json>,
): Promise<void> {
  await must(referee, game, fastGame(game));
  await must(referee, game, admin('schedule', schedule));
}

/** The scheduled instants of the boundaries the log says were fired, in log order. */
export async function firedIn(referee: Referee, game: string): Promise<string[]> {
  return (await referee.entries(game))
    .filter((e: LogEntry) => e.event.type === 'boundary-fired')
    .map((e) => e.event.scheduled as string);
}

export async function countIn(referee: Referee, game: string, type: string): Promise<number> {
  return (await referee.entries(game)).filter((e) => e.event.type === type).length;
}

/** Every `every` ms from `from` to `to` (both included), as ISO instants. */
export function instants(from: number, to: number, every: number): string[] {
  const out: string[] = [];
  for (let t = from; t <= to; t += every) out.push(iso(t));
  return out;
}

export function expectIncreasing(xs: readonly string[]): void {
  for (let i = 1; i < xs.length; i++)
    expect(Date.parse(xs[i] as string)).toBeGreaterThan(Date.parse(xs[i - 1] as string));
}
