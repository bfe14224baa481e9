// Issue 18, "The Administrator's controls on every edge": "The CLI cannot say what the API can". The words
// of `referee act` and `referee admin` are read by the command's schema (src/cli/args.ts); these are the
// three cases the issue quotes, through the built program, and the reader's rules one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { readWords, renderWords, shapeOf, usage } from '../../src/cli/args.js';
import type { CommandShape } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/fail.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { rulesetCommands, kernelCommands } from '../../src/cli/commands-table.js';

afterAll(removeTempDirs);

const registry = defaultRegistry();
const june = new Map(rulesetCommands(registry, 'grid-2002-06').map((e) => [e.name, shapeOf(e.name, e.rule)]));
const kernel = new Map(kernelCommands().map((e) => [e.name, shapeOf(e.name, e.rule)]));
const tunnelers = new Map(
  rulesetCommands(registry, 'tunnelers').map((e) => [e.name, shapeOf(e.name, e.rule)]),
);
const rooms = new Map(rulesetCommands(registry, 'rooms').map((e) => [e.name, shapeOf(e.name, e.rule)]));
const shape = (m: Map<string, CommandShape>, name: string): CommandShape => {
  const s = m.get(name);
  if (!s) throw new Error(`no command ${name}`);
  return s;
};

/** The reader's refusal for these words: its message. */
function refusal(s: CommandShape, words: string[]): string {
  try {
    readWords(s, words);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).code).toBe('bad-arguments');
    return (e as Error).message;
  }
  throw new Error(`${words.join(' ')} was read`);
}

describe('issue 18: the three quoted cases, through the built program', () => {
  let cli: Cli;
  beforeAll(() => {
    cli = new Cli();
    // F.2-F.4 place the Big Stick, the Shield and the Ball of Wax on (1,1).
    cli.ok('new', 'grid-2002-06', '--game', 'g', '--dice', 'manual', '--rolls', '1,1,1');
    cli.ok('join', 'g', 'alice');
  });

  it('`admin g square 9 9 Turf wet` makes the square Wet (and `frozen`, `wet=false` the rest)', () => {
    expect(cli.ok('admin', 'g', 'square', '9', '9', 'Turf', 'wet')).toBe(
      '(9,9) is Turf, Wet, depth 0 (set by the Administrator).\n',
    );
    expect(cli.ok('admin', 'g', 'square', '9', '10', 'frozen', 'depth=-2')).toMatch(
      /^\(9,10\) is Turf, Frozen, depth -2/,
    );
    expect(cli.ok('admin', 'g', 'square', '9', '9', 'wet=false')).toMatch(/^\(9,9\) is Turf, depth 0/);
  });

  it('`player-facts alice female=true` marks alice Female', () => {
    expect(cli.ok('admin', 'g', 'player-facts', 'alice', 'female=true')).toBe(
      'alice is Female, not a Cheerleader, not a Football player.\n',
    );
    expect(cli.ok('admin', 'g', 'player-facts', 'alice', 'cheerleader')).toBe(
      'alice is Female, a Cheerleader, not a Football player.\n',
    );
  });

  it('`place bonus-box 9 9 -3` names the box "-3": a word is a number only where the schema wants one', () => {
    expect(cli.ok('admin', 'g', 'place', 'bonus-box', '9', '9', '-3', '--admin')).toBe(
      'The Bonus Box -3 (bonus-box:1) appears: it is at (9,9).\n',
    );
  });

  it('a verb with words missing answers its usage; a word of the wrong kind names its argument', () => {
    expect(cli.bad('act', 'g', 'alice', 'throw')).toBe(
      'referee: bad-arguments: OBJECT, X, Y missing; usage: referee act g alice throw OBJECT X Y — throw an object you hold at any square (it lands two ndays later)',
    );
    expect(cli.bad('admin', 'g', 'square', '9', 'nine')).toBe(
      'referee: bad-arguments: y: "nine" is not a whole number; usage: referee admin g square X Y [SUBSTANCE] [depth=N] [wet=true|false] [frozen=true|false] — set a square\'s Substance, Depth, Wet or Frozen',
    );
    expect(cli.bad('admin', 'g', 'player-facts', 'alice', 'femal=true')).toMatch(
      /^referee: bad-arguments: player-facts has no argument femal \(its arguments: player, female, cheerleader, football;/,
    );
    // The schema's range in words, with the usage after them.
    expect(cli.bad('admin', 'g', 'square', '0', '9')).toMatch(
      /^referee: bad-arguments: x must be 1 or more; usage: referee admin g square X Y /,
    );
  });

  it("a value the command's schema refuses is said in words, never in the validator's", () => {
    expect(cli.bad('admin', 'g', 'gremlin-n', '-3')).toBe(
      'referee: bad-arguments: n must be 0 or more; usage: referee admin g gremlin-n N — set n of the Elbonian Airways fare 2+2n',
    );
    expect(cli.bad('admin', 'g', 'dice', '0')).toMatch(
      /^referee: bad-arguments: values item 1 must be 1 or more; usage: referee admin g dice \[VALUES…\]/,
    );
    expect(cli.bad('act', 'g', 'alice', 'make-love', '')).toMatch(
      /^referee: bad-arguments: siren must not be empty; usage: referee act g alice make-love SIREN — /,
    );
  });

  it("an unknown verb lists the players' and the Administrator's verbs, each with its words", () => {
    const line = cli.bad('act', 'g', 'alice', 'zap');
    expect(line).toMatch(
      /^referee: unknown-command: no rule in force here lets anyone "zap"; players \(act GAME PLAYER …\): /,
    );
    expect(line).toContain('throw OBJECT X Y');
    expect(line).toMatch(/the Administrator \(admin GAME …\): .*square X Y \[SUBSTANCE\]/);
    expect(line).toMatch(/; what each does: referee commands grid-2002-06$/);
  });

  it('`referee commands RULESET` lists every verb with its words', () => {
    const out = cli.ok('commands', 'grid-2002-06');
    expect(out).toContain('    throw OBJECT X Y  — ');
    expect(out).toContain(
      '    player-facts PLAYER [female=true|false] [cheerleader=true|false] [football=true|false]  — ',
    );
  });
});

describe('the reader: words by the schema', () => {
  it('positional words fill the named arguments in order; the last text takes the words left', () => {
    expect(readWords(shape(kernel, 'points'), ['alice', '10', 'opening', 'balance'])).toEqual({
      to: 'alice',
      amount: 10,
      reason: 'opening balance',
    });
    expect(readWords(shape(tunnelers, 'discard'), ['O', 'T'])).toEqual({ cards: 'O T' });
  });

  it('the last list takes each word left as an item, and name=value takes commas or JSON', () => {
    expect(readWords(shape(kernel, 'dice'), ['3', '4', '6'])).toEqual({ values: [3, 4, 6] });
    expect(readWords(shape(kernel, 'dice'), ['values=3,4', 'clear'])).toEqual({
      values: [3, 4],
      clear: true,
    });
    expect(readWords(shape(kernel, 'end'), ['winners=["alice","bob"]', 'a', 'draw'])).toEqual({
      winners: ['alice', 'bob'],
      reason: 'a draw',
    });
  });

  it('name=value gives any argument, anywhere, and the positional words fill the others', () => {
    expect(readWords(shape(kernel, 'points'), ['from=bob', 'alice', '-5', 'a', 'refund'])).toEqual({
      from: 'bob',
      to: 'alice',
      amount: -5,
      reason: 'a refund',
    });
    expect(readWords(shape(june, 'place'), ['kind=gremlin', '4', '5'])).toEqual({
      kind: 'gremlin',
      x: 4,
      y: 5,
    });
  });

  it('a union reads as forum text does: a whole number is a number, JSON in quotes is text', () => {
    expect(readWords(shape(rooms, 'move'), ['6'])).toEqual({ to: 6 });
    expect(readWords(shape(rooms, 'move'), ['"6"'])).toEqual({ to: '6' });
    expect(readWords(shape(rooms, 'move'), ['Camden', 'Town'])).toEqual({ to: 'Camden Town' });
    expect(readWords(shape(tunnelers, 'move'), ['path=["c6","c7"]'])).toEqual({ path: ['c6', 'c7'] });
  });

  it('an enum takes one of its choices, and says which otherwise', () => {
    expect(readWords(shape(tunnelers, 'orders'), ['give', 'move', 'c6'])).toEqual({
      action: 'give',
      orders: 'move c6',
    });
    expect(refusal(shape(tunnelers, 'orders'), ['cancel'])).toBe(
      'action: "cancel" is not one of give, clear; usage: orders give|clear [ORDERS]',
    );
  });

  it('refuses what it cannot read: too many words, a word given twice, words to a verb that takes none', () => {
    expect(refusal(shape(june, 'move'), ['4', '5', '6'])).toBe('too many words: 6; usage: move X Y');
    expect(refusal(shape(june, 'square'), ['9', '9', 'wet', 'wet=false'])).toBe(
      'wet is given twice; usage: square X Y [SUBSTANCE] [depth=N] [wet=true|false] [frozen=true|false]',
    );
    expect(refusal(shape(june, 'leave'), ['now'])).toBe('leave takes no arguments; usage: leave');
  });

  it('writes words that read back, by name where a plain word would mean something else', () => {
    const facts = shape(june, 'player-facts');
    // A player called "female" cannot be a bare word: it would set the flag.
    expect(renderWords(facts, { player: 'female', female: true })).toEqual(['player=female', 'female=true']);
    expect(renderWords(shape(june, 'place'), { kind: 'bonus-box', x: 9, y: -9, name: '-x' })).toEqual([
      'bonus-box',
      '9',
      '-9',
      'name=-x',
    ]);
    expect(renderWords(shape(rooms, 'move'), { to: '6' })).toEqual(['to="6"']);
    expect(usage(shape(kernel, 'tick'))).toBe(
      'tick [nweek=true|false] [scheduled=TEXT] [at=TEXT] [timelock=TEXT]',
    );
  });
});
