// The quick start's main job: a game of The Grid (January 2002) in the SQLite file, four players, several
// nweeks of announced moves with fair dice, each nweek's public report, and a verification of the log.
import type { Command as Program } from 'commander';
import type { Command } from '../core/index.js';
import { ADMIN, player } from '../core/index.js';
import type { Commanding, Posting, Reading, Verifying } from '../engine/ports/index.js';
import { nweekReport } from '../engine/report.js';
import { shownDb, withReferee } from './context.js';
import { positionOf } from '../rulesets/grid-2002-01/index.js';
import type { GridState } from '../rulesets/grid-2002-01/index.js';
import { VerificationFailed } from './fail.js';

const PLAYERS = ['alice', 'bob', 'carol', 'dave'] as const;
const ENTRIES: Record<(typeof PLAYERS)[number], [number, number]> = {
  alice: [5, 5],
  bob: [6, 6],
  carol: [15, 3],
  dave: [10, 18],
};
/** Each player's heading, one unit a nweek; alice first tries bob's unit to show a move failing. */
const STEPS: Record<(typeof PLAYERS)[number], [number, number][]> = {
  alice: [
    [1, 1],
    [1, 0],
    [1, 1],
    [0, 1],
  ],
  bob: [
    [1, 1],
    [1, 1],
    [0, 1],
    [1, 1],
  ],
  carol: [
    [-1, 1],
    [-1, 1],
    [-1, 0],
    [-1, 1],
  ],
  dave: [
    [1, -1],
    [0, -1],
    [1, -1],
    [0, -1],
  ],
};
const NWEEKS = 4;

async function must(referee: Posting, game: string, command: Command): Promise<void> {
  const r = await referee.submit(game, command);
  if (!r.ok) throw new Error(`demo command ${command.type} was rejected: ${r.error.message}`);
}

async function freeGameId(referee: Reading): Promise<string> {
  const taken = new Set((await referee.listGames()).map((g) => g.id));
  for (let n = 1; ; n++)
    if (!taken.has(n === 1 ? 'demo' : `demo-${n}`)) return n === 1 ? 'demo' : `demo-${n}`;
}

/** The demo's rhythm when served (`npm start`): an nday every 30 s, so a newcomer sees ndays end by themselves. */
export const DEMO_RHYTHM_SECONDS = 30;

/**
 * Plays the demonstration game into the referee's store and returns its id; `say` receives what a person
 * watching should read (the nweek reports, the verification). With `rhythm` (seconds), the game is then given
 * a schedule of an nday every that many seconds from now, which the clock of `referee serve` keeps.
 */
export async function playDemo(
  referee: Commanding & Reading & Pick<Verifying, 'verify'>,
  where: string,
  say: (line: string) => void,
  rhythm?: number,
): Promise<string> {
  const game = await freeGameId(referee);
  say(`Creating ${game} (The Grid, January 2002, fair dice) in ${where}\n`);
  await must(referee, game, {
    type: 'create',
    by: ADMIN,
    // K16: a demonstration is the operator's: its game may have the demo's fast rhythm (an ordinary game's
    // floor is a minute).
    args: {
      game,
      ruleset: 'grid-2002-01',
      dice: 'fair',
      rhythmFloor: Math.min(rhythm ?? DEMO_RHYTHM_SECONDS, DEMO_RHYTHM_SECONDS),
      at: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
    },
  });
  for (const name of PLAYERS) await must(referee, game, { type: 'join', by: player(name), args: {} });
  for (const name of PLAYERS) {
    const [x, y] = ENTRIES[name];
    await must(referee, game, { type: 'enter', by: player(name), args: { x, y } });
  }
  for (let week = 0; week < NWEEKS; week++) {
    const state = await referee.state(game);
    const rules = state.rules as GridState;
    for (const name of PLAYERS) {
      const at = positionOf(rules, name);
      const step = STEPS[name][week];
      if (!at || !step) continue;
      await must(referee, game, {
        type: 'move',
        by: player(name),
        args: { x: at[0] + step[0], y: at[1] + step[1] },
      });
    }
    if (week === 0) {
      const again = await referee.submit(game, {
        type: 'move',
        by: player('alice'),
        args: { x: 4, y: 4 },
      });
      if (!again.ok) say(`(A second announcement by alice is refused: ${again.error.message}.)\n`);
    }
    await must(referee, game, { type: 'tick', by: ADMIN, args: { nweek: true } });
    say(await nweekReport(referee, game, week + 1));
    say('');
  }
  const report = await referee.verify(game);
  if (!report.ok) throw new VerificationFailed(`${game} does NOT verify: ${report.problems.join('; ')}`);
  say(
    `Verified ${game}: ${report.entries} log entries, ${report.commands} commands re-decided, ${report.fairRolls} fair rolls re-derived.`,
  );
  if (rhythm !== undefined)
    await must(referee, game, {
      type: 'schedule',
      by: ADMIN,
      // From the whole second, so the boundaries read plainly (…:30.000Z).
      args: {
        every: rhythm,
        policy: 'catch-up',
        since: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
      },
    });
  return game;
}

/** The demo's players, for callers that hand them tokens. */
export const DEMO_PLAYERS: readonly string[] = PLAYERS;

/** `referee demo` (registered in verbs-game.ts). */
export async function demo(program: Program): Promise<void> {
  await withReferee(program, async (referee) => {
    const game = await playDemo(referee, shownDb(program), (line) => console.log(line));
    console.log(
      `Look around: referee show ${game} | referee log ${game} --as alice | referee verify ${game}`,
    );
  });
}
