// Player names (issue 16, ruling K13): "Alice" and "alice" are one player. A name is compared by its key (NFC,
// then lower case); a player is known by the name as e joined with, which is what every command, view, log
// line and report says. Done here once, where the kernel looks players up, so that no ruleset compares names
// itself: the kernel spells the actor and every argument a command declares as naming a player (CommandRule.
// players) as the player joined before any rule reads them, and rules that find a player in a longer id (the
// June Grid's `player:NAME`) ask playerNamed.
//
// K4: games created before this reading (kernel edition 1) keep comparing names exactly, so a log with two
// players differing only in case replays and verifies as it was written.
import type { Command } from './commands.js';
import type { Json } from './json.js';
import type { GameState } from './state.js';
import type { CommandRule } from './ruleset.js';

/** The kernel's latest edition of its own readings: what a new game is created under. */
export const KERNEL_EDITION = 3; // 3: schedules bounded (K16, src/core/schedule-bounds.ts)

/** The first kernel edition in which names are compared whatever their case (K13). */
export const CASELESS_NAMES_EDITION = 2;

/** The key two names are compared by: the same for "Alice", "alice" and "ALICE". */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** Whether a game compares player names whatever their case (K13; edition 1 games compare them exactly). */
export const caselessNames = (game: Pick<GameState, 'kernelEdition'>): boolean =>
  game.kernelEdition >= CASELESS_NAMES_EDITION;

/** The name in `names` that `name` names in this game, as it is spelt there; undefined if none. */
function spelt(game: Pick<GameState, 'kernelEdition'>, names: readonly string[], name: string) {
  // The exact name first: in an edition-1 game "Alice" and "alice" may both be players.
  if (names.includes(name)) return name;
  if (!caselessNames(game)) return undefined;
  const key = nameKey(name);
  return names.find((n) => nameKey(n) === key);
}

/** The player a name names, spelt as e joined; undefined if no player of the game has that name. */
export const playerNamed = (game: GameState, name: string): string | undefined =>
  spelt(game, game.players, name);

/**
 * Whoever in this game has a name — a player, one who asked to join, one the Administrator removed (K14,
 * K15) — spelt as the game knows em, and which of the three e is; undefined for a name the game does not hold.
 */
export function nameHolder(
  game: GameState,
  name: string,
): { readonly name: string; readonly as: 'player' | 'request' | 'removed' } | undefined {
  const player = spelt(game, game.players, name);
  if (player !== undefined) return { name: player, as: 'player' };
  const request = spelt(game, game.admission.requests, name);
  if (request !== undefined) return { name: request, as: 'request' };
  const removed = spelt(game, game.admission.removed, name);
  if (removed !== undefined) return { name: removed, as: 'removed' };
  return undefined;
}

/** A name as the game knows it (a player's, a request's, a removed player's), else as given. */
export const knownSpelling = (game: GameState, name: string): string => nameHolder(game, name)?.name ?? name;

/**
 * A command as the rules read it (K13): its actor, and each argument its rule declares as naming players (a
 * name, or a list of names), spelt as the game knows them (a player, one who asked to join, one removed: a
 * name's spelling is fixed by whoever first held it). A name the game does not hold is left as given, for the
 * rules to refuse in their own words. The same object when nothing changes.
 */
export function spellNames(
  game: GameState,
  command: Command,
  rule: Pick<CommandRule<unknown>, 'players'> | undefined,
): Command {
  if (!caselessNames(game)) return command;
  let by = command.by;
  // A join names who asks, as e asks: the join itself finds who holds the name (admission.ts).
  if (by.role === 'player' && command.type !== 'join') {
    const name = knownSpelling(game, by.name);
    if (name !== by.name) by = { role: 'player', name };
  }
  let args = command.args;
  for (const key of rule?.players ?? []) {
    if (!Object.hasOwn(args, key)) continue;
    const value = args[key];
    const named = spellArg(game, value);
    if (named !== value) args = { ...args, [key]: named as Json };
  }
  return by === command.by && args === command.args ? command : { ...command, by, args };
}

/** An argument naming players: each name the game holds (a player, a request, one removed) as it holds it. */
function spellArg(game: GameState, value: Json | undefined): Json | undefined {
  if (typeof value === 'string') return knownSpelling(game, value);
  if (!Array.isArray(value)) return value;
  const list: readonly Json[] = value;
  const spelled: Json[] = list.map((v) => (typeof v === 'string' ? knownSpelling(game, v) : v));
  return spelled.some((v, i) => v !== list[i]) ? spelled : list;
}
