// docs/adding-a-ruleset.md (issue 24 item 1): its example ruleset, Guess the Number
// (src/rulesets/guess-the-number), is a sixth ruleset made of its own folder and one line of registration. The
// suite registers it in a Registry of its own (the one line), plays whole nweeks of it through the kernel and
// through its forum phrases, amends its parameters, checks that no one but the Administrator sees the Number,
// replays and verifies it; and holds the doc's code to the files, so the guide cannot go stale.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, balanceOf, player, PUBLIC, Registry, verifyLog } from '../../src/core/index.js';
import type { GameEvent, Viewer } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { forumFor, postMessage } from '../../src/forum/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { guessTheNumberRuleset } from '../../src/rulesets/guess-the-number/index.js';
import type { GuessState } from '../../src/rulesets/guess-the-number/events.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { MASTER, Session } from '../support/session.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FOLDER = 'src/rulesets/guess-the-number';
const GUIDE = readFileSync(join(ROOT, 'docs', 'adding-a-ruleset.md'), 'utf8');

// The one line of registration: the shipped list, and the new ruleset.
const withExample = [...RULESETS, guessTheNumberRuleset];

const game = (rolls?: readonly number[]): Session => {
  const s = new Session(rolls ? null : MASTER, withExample);
  s.create({ ruleset: 'guess-the-number', ...(rolls ? { dice: 'manual', rolls } : {}) });
  s.join('alice', 'bob');
  return s;
};
const ofType = (events: readonly GameEvent[], type: string): GameEvent[] =>
  events.filter((e) => e.type === type);
const balance = (s: Session, name: string): number => balanceOf(s.game.balances, name);

describe('docs/adding-a-ruleset.md: Guess the Number, played by the suite', () => {
  it('a Registry takes it with one line beside the shipped rulesets, phrases and parameters included', () => {
    const registry = new Registry(withExample);
    expect(registry.ids()).toEqual([...RULESETS.map((r) => r.id), 'guess-the-number']);
    const example = registry.get('guess-the-number');
    expect(example?.phrases?.map((p) => p.family)).toEqual(['guess']);
    expect(example?.parameters?.list.map((p) => p.name)).toEqual(['Largest number', 'Prize']);
    // Not shipped: the program's own registry does not know it, so no player ever sees it.
    expect(RULESETS.map((r) => r.id)).not.toContain('guess-the-number');
  });

  it('The Number, Guessing, The Reveal: whole nweeks through the kernel, with refusals as values', () => {
    // Manual dice: the Number of nweek 1 is 7.
    const s = game([7]);
    expect(s.rules<GuessState>().number).toBe(7);
    s.ok(s.as('alice', 'guess', { number: 7 }));
    s.ok(s.as('bob', 'guess', { number: 3 }));
    expect(s.fail(s.as('bob', 'guess', { number: 4 })).code).toBe('already-guessed');
    expect(s.fail(s.as('alice', 'guess', { number: 11 })).message).toBe(
      'a guess is a whole number from 1 to 10, not 11',
    );
    // The nweek ends: the Number is revealed, alice is paid the Prize, nweek 2's Number (5) is rolled.
    const ended = s.tick(true, [5]);
    expect(ofType(ended, 'number-revealed')).toEqual([
      { type: 'number-revealed', vis: 'public', nweek: 1, number: 7, winners: ['alice'] },
    ]);
    expect([balance(s, 'alice'), balance(s, 'bob')]).toEqual([10, 0]);
    expect(s.rules<GuessState>()).toMatchObject({ number: 5, guesses: [], rolledAgain: false });
    // The Administrator rolls again (2), once: everyone is told that e did, only e what came up.
    const again = s.ok(s.admin('roll-again', {}, [2]));
    expect(again.map((e) => [e.type, e.vis])).toEqual([
      ['command', 'public'],
      // Manual dice: the result the Administrator supplied, recorded where only e sees it.
      ['dice-queued', 'admin'],
      ['rolled-again', 'public'],
      ['number-rolled', 'admin'],
    ]);
    expect(s.fail(s.admin('roll-again', {}, [3])).code).toBe('already-rolled-again');
    expect(s.fail(s.as('bob', 'roll-again')).code).toBe('not-allowed');
    s.ok(s.as('bob', 'guess', { number: 2 }));
    s.tick(true, [9]);
    expect([balance(s, 'alice'), balance(s, 'bob')]).toEqual([10, 10]);
    expect(s.rules<GuessState>().revealed).toEqual([
      { nweek: 1, number: 7 },
      { nweek: 2, number: 2 },
    ]);
  });

  it('its parameters are amended by the Administrator, and the rules follow the values in force', () => {
    const s = game([7]);
    expect(s.fail(s.as('alice', 'guess', { number: 15 })).code).toBe('out-of-range');
    s.ok(s.admin('amend-rules', { set: { 'Largest number': 20, Prize: 25 }, why: 'Proposal 1' }));
    s.ok(s.as('alice', 'guess', { number: 15 }));
    s.ok(s.as('bob', 'guess', { number: 7 }));
    // The next Number is rolled as 1d20: a manual result of 18 is within it.
    s.tick(true, [18]);
    expect(balance(s, 'bob')).toBe(25);
    expect(s.rules<GuessState>().number).toBe(18);
    expect(s.fail(s.admin('amend-rules', { set: { Prize: -1 }, why: 'Proposal 2' })).code).toBe(
      'bad-parameter',
    );
  });

  it('its view hides the Number from everyone but the Administrator, and tells nothing of it', () => {
    // Two games that differ only in the hidden Number: every view but the Administrator's is the same.
    const [a, b] = [game([7]), game([8])];
    for (const s of [a, b]) s.ok(s.as('alice', 'guess', { number: 3 }));
    for (const viewer of [PUBLIC, player('alice'), player('bob')]) {
      const [va, vb] = [a, b].map((s) => s.kernel.view(s.game, viewer));
      expect(va).toEqual(vb);
      expect(JSON.stringify(va)).not.toMatch(/"number"/);
      expect(rendered(a, viewer)).toBe(rendered(b, viewer));
    }
    expect(a.kernel.view(a.game, ADMIN).number).toBe(7);
    expect(rendered(a, ADMIN)).toMatch(/it is 7\./);
    // The log: the roll is an Administrator-only entry, on the secret dice stream.
    const rolled = a.entries.filter((e) => e.event.type === 'number-rolled');
    expect(rolled.map((e) => e.event.vis)).toEqual(['admin']);
  });

  it('replays into the same state and verifies, fair dice re-derived', () => {
    const s = game();
    s.ok(s.as('alice', 'guess', { number: 4 }));
    s.ok(s.admin('roll-again'));
    s.tick(true);
    s.ok(s.as('bob', 'guess', { number: 6 }));
    s.tick(true);
    expect(s.kernel.replay(s.events)).toEqual(s.state);
    const report = verifyLog(s.kernel, s.entries, MASTER);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('its phrases read every example as it says, and the kernel`s own phrase beside them', () => {
    const forum = forumFor(guessTheNumberRuleset);
    for (const { text, parsed } of guessTheNumberRuleset.phrases?.flatMap((p) => p.examples) ?? [])
      expect(forum.parse(text), text).toEqual(parsed);
    expect(forum.parse('I move to (3,4).')).toBeNull();
    // The kernel's own phrase (asking again to join) comes with every ruleset's.
    expect(forum.parse('I ask again to join the game.')).toEqual({ type: 'join', args: {} });
  });

  it('is played by its forum phrases through the Referee, which verifies the game', async () => {
    const referee = new Referee(new SqliteStore(':memory:'), new Registry(withExample), systemEntropy);
    const must = async (command: Parameters<Referee['submit']>[1]): Promise<void> => {
      const r = await referee.submit('g', command);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    };
    await must({
      type: 'create',
      by: ADMIN,
      args: { game: 'g', ruleset: 'guess-the-number', dice: 'manual' },
      rolls: [7],
    });
    for (const name of ['alice', 'bob']) await must({ type: 'join', by: player(name), args: {} });
    const results = await postMessage(
      referee,
      'g',
      'alice',
      'Hello all!\n\nI guess 7. My guess is 3. Thanks!',
    );
    expect(results.map((r) => r.status)).toEqual(['ignored', 'accepted', 'rejected', 'ignored']);
    expect(results[2]?.error?.code).toBe('already-guessed');
    const bob = await postMessage(referee, 'g', 'bob', 'I am guessing that the Number is 12. I gess 4.');
    expect(bob.map((r) => r.status)).toEqual(['rejected', 'not-understood']);
    expect(bob[1]?.nearest).toBe('I guess 4');
    await must({ type: 'tick', by: ADMIN, args: { nweek: true }, rolls: [1] });
    const state = await referee.state('g');
    expect(balanceOf(state.balances, 'alice')).toBe(10);
    expect((await referee.verify('g')).ok).toBe(true);
  });
});

describe('docs/adding-a-ruleset.md quotes the example as it is', () => {
  /** Every fenced block the guide gives a file name (```ts title=PATH), and what it holds. */
  const quoted = [...GUIDE.matchAll(/^```ts title=(\S+)\n([\s\S]*?)^```$/gm)].map(
    (m) => [m[1] as string, m[2] as string] as const,
  );

  it('quotes every file of the example folder, each exactly as it is', () => {
    const files = readdirSync(join(ROOT, FOLDER))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${FOLDER}/${f}`)
      .sort();
    expect(quoted.map(([path]) => path).sort()).toEqual(files);
    for (const [path, code] of quoted) expect(code, path).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });
});

/** A game's text for a viewer (what the page shows of a ruleset with no drawing of its own). */
function rendered(s: Session, viewer: Viewer): string {
  return s.kernel.render(s.game, s.kernel.view(s.game, viewer));
}
