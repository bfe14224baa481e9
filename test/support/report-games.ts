// A played nweek of every ruleset, with supplied dice, as the command lines an Administrator and players type
// (issue 16: reports that can be pasted as they are). Each script runs through the built `referee` (Cli) or, word
// for word, on the table (the pure kernel, reading the words by the same schema-driven reader as the command
// line), so the tests of the report in memory and through the command line check the same text.
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { readWords, shapeOf } from '../../src/cli/args.js';
import { FAR_CORNER, placementRolls } from './cli.js';
import { Table } from './table.js';
import { deckDraws, keep, sq as square } from '../support/harness/tunnelers.js';
import { initializeRolls } from '../support/harness/life.js';

/** One command line, without `referee` and with the game always `g`. */
export type Line = readonly string[];

/** Which result of a June "choice of n" picks (x,y) when every square is legal (x first, then y). */
const juneSquare = (x: number, y: number): number => (x - 1) * 20 + y;

/** The January Grid: two players enter, alice announces a move and bob does not; the nweek ends. */
export const JANUARY: readonly Line[] = [
  ['new', 'grid-2002-01', '--game', 'g', '--dice', 'manual', '--rolls', placementRolls(FAR_CORNER)],
  ['join', 'g', 'alice'],
  ['join', 'g', 'bob'],
  ['act', 'g', 'alice', 'enter', '3', '4'],
  ['act', 'g', 'bob', 'enter', '10', '10'],
  ['act', 'g', 'alice', 'move', '4', '5'],
  ['points', 'g', 'bob', '5', 'opening balance'],
  ['tick', 'g', '--nweek'],
];

/**
 * The June Grid: the Big Stick at (1,1), the Shield at (1,2), nweek 1's Ball of Wax at (20,20); alice, marked
 * Female, picks up the Big Stick and buys a Pinball Gun; bob stands at (5,5); nweek 2's Ball of Wax at (10,10).
 */
export const JUNE: readonly Line[] = [
  [
    'new',
    'grid-2002-06',
    '--game',
    'g',
    '--dice',
    'manual',
    '--rolls',
    [juneSquare(1, 1), juneSquare(1, 2), juneSquare(20, 20)].join(','),
  ],
  ['join', 'g', 'alice'],
  ['join', 'g', 'bob'],
  ['act', 'g', 'alice', 'enter', '2', '2'],
  ['act', 'g', 'alice', 'move', '1', '1'],
  ['act', 'g', 'alice', 'pickup', 'big-stick'],
  ['act', 'g', 'bob', 'enter', '5', '5'],
  ['admin', 'g', 'player-facts', 'alice', 'female'],
  ['points', 'g', 'alice', '10', 'opening balance'],
  ['act', 'g', 'alice', 'buy-gun'],
  ['tick', 'g', '--nweek', '--rolls', String(juneSquare(10, 10))],
];

/** Tunnelers: members who pay to play; alice ends her turn, bob digs to c5 in private; the rest time out. */
export const TUNNELERS: readonly Line[] = [
  ['new', 'tunnelers', '--game', 'g', '--dice', 'manual'],
  ...['alice', 'bob'].flatMap((name): Line[] => [
    ['join', 'g', name],
    ['admin', 'g', 'approve', name],
    ['points', 'g', name, '4', `${name}'s points in the Main Game`],
    ['act', 'g', name, 'pay-to-play'],
  ]),
  [
    'admin',
    'g',
    'start',
    '--rolls',
    [...keep(2), ...deckDraws('OTQSX QQSSX'), square('c3'), square('c6')].join(','),
  ],
  ['act', 'g', 'alice', 'end-turn'],
  ['act', 'g', 'bob', 'move', 'c5'],
  ['act', 'g', 'bob', 'end-turn'],
  ['tick', 'g', '--nweek'],
];

/** Quests on the default map: alice creates the red Quest and picks up its primary token at Camden Town. */
export const QUESTS: readonly Line[] = [
  ['new', 'rooms+quests', '--game', 'g', '--dice', 'manual'],
  ['join', 'g', 'alice'],
  ['join', 'g', 'bob'],
  ['act', 'g', 'alice', 'create-quest', 'Lost', 'Property'],
  ['act', 'g', 'alice', 'quest-colour', 'red'],
  ['act', 'g', 'alice', 'quest-home', '--rolls', '1'],
  ['act', 'g', 'alice', 'quest-locate', '--rolls', '2'],
  ['act', 'g', 'alice', 'quest-goal', '--rolls', '2'],
  ['act', 'g', 'alice', 'quest-roll', '--rolls', '18'],
  ['act', 'g', 'alice', 'move', 'Camden', 'Town'],
  ['act', 'g', 'alice', 'pick-up', 'red', 'primary'],
  ['tick', 'g', '--nweek'],
];

const OPENING = ['RGBGB', 'BRGBR', 'GBRGB', 'RGBRG', 'GRGBR'];

/** Life: Initialize (alice Red, bob Blue, carol Red); erin joins and Evolve makes her Red; each tweaks once. */
export const LIFE: readonly Line[] = [
  [
    'new',
    'life',
    '--game',
    'g',
    '--dice',
    'manual',
    '--rolls',
    initializeRolls(OPENING, ['R', 'B', 'R'], 'G').join(','),
  ],
  ['join', 'g', 'alice'],
  ['join', 'g', 'bob'],
  ['join', 'g', 'carol'],
  ['admin', 'g', 'initialize'],
  ['join', 'g', 'erin'],
  ['admin', 'g', 'evolve', '--rolls', '1'],
  ['act', 'g', 'alice', 'tweak', '2', '2'],
  ['act', 'g', 'carol', 'tweak', '3', '2'],
  ['act', 'g', 'bob', 'tweak', '5', '3'],
  ['tick', 'g', '--nweek'],
];

/** The June Grid with fair dice (the table's fixed secret): two players enter, and the nweek ends. */
export const JUNE_FAIR: readonly Line[] = [
  ['new', 'grid-2002-06', '--game', 'g'],
  ['join', 'g', 'alice'],
  ['join', 'g', 'bob'],
  ['act', 'g', 'alice', 'enter', '2', '2'],
  ['act', 'g', 'bob', 'enter', '5', '5'],
  ['tick', 'g', '--nweek'],
];

/** A line's `--rolls` and `--nweek` flags, and its other words. */
function flags(line: Line): { words: string[]; rolls?: number[]; nweek: boolean } {
  const words: string[] = [];
  let rolls: number[] | undefined;
  let nweek = false;
  for (let i = 0; i < line.length; i++) {
    const w = line[i] as string;
    if (w === '--rolls') rolls = (line[++i] ?? '').split(',').map(Number);
    else if (w === '--nweek') nweek = true;
    else if (w === '--game' || w === '--dice') i++;
    else words.push(w);
  }
  return { words, nweek, ...(rolls ? { rolls } : {}) };
}

/** The command a line gives, read as the command line reads it. */
function commandOf(t: Table | undefined, line: Line): Command {
  const { words, rolls, nweek } = flags(line);
  const [verb, , ...rest] = words as [string, string, ...string[]];
  const with_ = (c: Omit<Command, 'rolls'>): Command => ({ ...c, ...(rolls ? { rolls } : {}) });
  const read = (type: string, w: readonly string[]): Record<string, Json> => {
    const rule = t?.kernel.commands(t.game).get(type);
    if (!rule) throw new Error(`no command ${type}`);
    return readWords(shapeOf(type, rule), w);
  };
  switch (verb) {
    case 'join':
      return with_({ type: 'join', by: player(rest[0] ?? ''), args: {} });
    case 'act': {
      const [name, type, ...w] = rest as [string, string, ...string[]];
      return with_({ type, by: player(name), args: read(type, w) });
    }
    case 'admin': {
      const [type, ...w] = rest as [string, ...string[]];
      return with_({ type, by: ADMIN, args: read(type, w) });
    }
    case 'points': {
      const [to, amount, reason] = rest;
      return with_({
        type: 'points',
        by: ADMIN,
        args: { to: to ?? '', amount: Number(amount), reason: reason ?? '' },
      });
    }
    case 'tick':
      return with_({ type: 'tick', by: ADMIN, args: nweek ? { nweek: true } : {} });
    default:
      throw new Error(`the script has no verb ${verb}`);
  }
}

/** A script played on the table: the pure kernel, with the log in memory and the table's fixed secret. */
export function playOnTable(script: readonly Line[]): Table {
  const t = new Table(RULESETS);
  for (const line of script) {
    if (line[0] === 'new') {
      const { rolls } = flags(line);
      const manual = line.includes('manual');
      t.create(line[1] as string, rolls ? { rolls } : { dice: manual ? 'manual' : 'fair' });
    } else t.ok(commandOf(t, line));
  }
  return t;
}
