// An in-process referee over an in-memory SQLite store, and the command `referee act` would give for a line
// of words (read as the command line reads them: src/cli/args.ts, by the command's schema).
import { expect } from 'vitest';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { readWords, shapeOf } from '../../src/cli/args.js';

export function openReferee(): Referee {
  return new Referee(new SqliteStore(':memory:'), defaultRegistry(), systemEntropy);
}

export async function must(referee: Referee, game: string, command: Command): Promise<void> {
  const r = await referee.submit(game, command);
  if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
}

/** Creates `game` of `ruleset` (manual dice when rolls are given) and joins the players. */
export async function newGame(
  referee: Referee,
  game: string,
  ruleset: string,
  players: readonly string[],
  rolls?: readonly number[],
): Promise<void> {
  await must(referee, game, {
    type: 'create',
    by: ADMIN,
    args: { game, ruleset, dice: rolls ? 'manual' : 'fair' },
    ...(rolls ? { rolls } : {}),
  });
  for (const p of players) await must(referee, game, { type: 'join', by: player(p), args: {} });
}

export const admin = (
  referee: Referee,
  game: string,
  type: string,
  args: Record<string, Json> = {},
  rolls?: number[],
) => must(referee, game, { type, by: ADMIN, args, ...(rolls ? { rolls } : {}) });

/** `referee act GAME NAME line…` as a Command, e.g. actCommand(r, 'g1', 'alice', ['throw', 'ball-of-wax:3', '7', '7']). */
export async function actCommand(
  referee: Referee,
  game: string,
  name: string,
  line: readonly string[],
): Promise<Command> {
  const [verb, ...words] = line;
  if (verb === undefined) throw new Error('no verb');
  const rule = referee.rules.commands(await referee.state(game)).get(verb);
  expect(rule, `${verb} is a command of ${game}`).toBeDefined();
  const args = rule ? readWords(shapeOf(verb, rule), words) : {};
  return { type: verb, by: player(name), args };
}
