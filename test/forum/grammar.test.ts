// The grammar itself: every phrase set's examples parse to what they say, every "did you mean" form parses to
// its command, every player command of every ruleset has a phrasing, and posts split into sentences the way
// forum text is written.
import { describe, expect, it } from 'vitest';
import { buildParser, fillForm, ForumError, grammarText, splitPost } from '../../src/forum/index.js';
import { forumFor, PHRASES } from '../support/phrases.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { ADMISSION_COMMANDS } from '../../src/core/index.js';

describe("each ruleset's phrases", () => {
  for (const [id, sets] of Object.entries(PHRASES)) {
    const forum = forumFor(id);
    it(`${id}: every example parses to its command`, () => {
      const examples = sets.flatMap((s) => s.examples);
      expect(examples.length).toBeGreaterThan(0);
      for (const e of examples) expect(forum.parse(e.text), e.text).toEqual(e.parsed);
    });

    it(`${id}: every form, filled with its samples, parses to a command of its type`, () => {
      for (const form of forum.forms) {
        const text = fillForm(form);
        expect(forum.parse(text)?.type, text).toBe(form.type);
        expect(forum.parse(`${text}.`)?.type, text).toBe(form.type);
      }
    });

    it(`${id}: every command a player may give has a form and an example`, () => {
      const ruleset = RULESETS.find((r) => r.id === id);
      expect(ruleset).toBeDefined();
      const playerCommands = [...(ruleset?.modules ?? []), ...(ruleset?.optional ?? [])].flatMap((m) =>
        Object.entries(m.commands ?? {})
          .filter(([, c]) => c.actor === 'player')
          .map(([name]) => name),
      );
      expect(playerCommands.length).toBeGreaterThan(0);
      const formed = new Set(forum.forms.map((f) => f.type));
      const exampled = new Set(sets.flatMap((s) => s.examples.map((e) => e.parsed.type)));
      for (const c of playerCommands) {
        expect(formed.has(c), `${id}: a form for ${c}`).toBe(true);
        expect(exampled.has(c), `${id}: an example for ${c}`).toBe(true);
      }
      // And no phrase for a command the ruleset does not have (nor the kernel: asking again to join, K14).
      const kernel = Object.entries(ADMISSION_COMMANDS)
        .filter(([, c]) => c.actor === 'player')
        .map(([name]) => name);
      for (const t of formed) expect([...playerCommands, ...kernel], `${id} has ${t}`).toContain(t);
    });
  }

  it('the parser of a ruleset is generated once and kept', () => {
    expect(forumFor('grid-2002-01')).toBe(forumFor('grid-2002-01'));
  });

  it('a ruleset without phrases is told so, clearly', () => {
    expect(() => forumFor('counter')).toThrow(ForumError);
    expect(() => forumFor('counter')).toThrow('takes no forum text');
  });

  it('the same words mean different commands in different games', () => {
    expect(forumFor('grid-2002-01').parse('I move to (4,5)')).toEqual({ type: 'move', args: { x: 4, y: 5 } });
    expect(forumFor('rooms').parse('I move to Euston')).toEqual({ type: 'move', args: { to: 'Euston' } });
    expect(forumFor('grid-2002-01').parse('I move to Euston')).toBeNull();
    expect(forumFor('life').parse('I move to (4,5)')).toBeNull();
  });

  it('the shared base: leads, politeness, coordinates in every usual spelling, tails', () => {
    const grid = forumFor('grid-2002-01');
    const move = { type: 'move', args: { x: 4, y: 5 } };
    for (const s of [
      'I move to (4,5)',
      'i move to ( 4 , 5 )',
      'I move to [4, 5].',
      'Please, I would like to move to 4,5.',
      'OK, I hereby move to (4, 5), please!',
      'I declare that I will move to (4,5) this nweek',
      'I’m going to move to (4,5)',
      'Hi all, I move to (4,5).',
      'Move to unit (4,5)',
      'Then I move to the square (4,5);',
    ])
      expect(grid.parse(s), s).toEqual(move);
    expect(grid.parse('I enter the Grid at (-1, 30)')).toEqual({ type: 'enter', args: { x: -1, y: 30 } });
    expect(grid.parse('I move to (4,5) and then (5,6)')).toBeNull();
    expect(grid.parse('I move')).toBeNull();
  });

  it("tunnelers: the dialogue by mail in the players' own words: teleports, stats named, a card with its article, passing", () => {
    const t = forumFor('tunnelers');
    const cases: [string, unknown][] = [
      ['I teleport to e5 with XO.', { type: 'play', args: { cards: 'XO', choice: 'e5' } }],
      ['I play XO to teleport to e5.', { type: 'play', args: { cards: 'XO', choice: 'e5' } }],
      ['I use XOT to teleport into f6.', { type: 'play', args: { cards: 'XOT', choice: 'f6' } }],
      ['I play XO to e5.', { type: 'play', args: { cards: 'XO', choice: 'e5' } }],
      ['I play SS to raise my movement.', { type: 'play', args: { cards: 'SS', choice: 'raise' } }],
      ['I play OO to restore my health.', { type: 'play', args: { cards: 'OO', choice: 'restore' } }],
      ["I play OO to raise my mole's health.", { type: 'play', args: { cards: 'OO', choice: 'raise' } }],
      [
        'I play QQQQ to raise my maximum defence.',
        { type: 'play', args: { cards: 'QQQQ', choice: 'raise' } },
      ],
      [
        'I play TT to lower the mole at d5.',
        { type: 'play', args: { cards: 'TT', choice: 'lower', target: 'd5' } },
      ],
      [
        'I play TT to lower the attack of the mole at d5.',
        { type: 'play', args: { cards: 'TT', choice: 'lower', target: 'd5' } },
      ],
      [
        'I play SS to lower the movement of the mole on d5.',
        { type: 'play', args: { cards: 'SS', choice: 'lower', target: 'd5' } },
      ],
      ['I defend with a Q.', { type: 'defend', args: { card: 'Q' } }],
      ['I defend my mole with the X card.', { type: 'defend', args: { card: 'X' } }],
      ['I use an O to defend.', { type: 'defend', args: { card: 'O' } }],
      ['I pass.', { type: 'end-turn', args: {} }],
      ['I pass for the rest of my turn.', { type: 'end-turn', args: {} }],
      ["I'm done.", { type: 'end-turn', args: {} }],
      ['That ends my turn.', { type: 'end-turn', args: {} }],
      ['I take no further actions this turn.', { type: 'end-turn', args: {} }],
    ];
    for (const [text, parsed] of cases) expect(t.parse(text), text).toEqual(parsed);
  });

  it('tunnelers: a stat the cards do not change is not read as something else (TT lower the movement of d5 was read as TT lower d5)', () => {
    const t = forumFor('tunnelers');
    // TT changes attack, SS movement, QQ defence, OO health: naming another stat says something the cards
    // cannot do, so the sentence is not understood (and answered with the nearest form), never acted on.
    for (const text of [
      'I play TT to lower the movement of d5.',
      'I play SS to raise my attack.',
      'I play OO to restore my defence.',
      'I play QQ to lower the health of the mole at d5.',
    ])
      expect(t.parse(text), text).toBeNull();
  });

  it("the grammar is a text anyone can read: the base, then the ruleset's own rules", () => {
    const text = grammarText(PHRASES['grid-2002-06'] ?? []);
    expect(text).toContain('Sentence');
    expect(text).toContain('june_throw');
    expect(text).toContain('grid_enter');
    expect(() => buildParser(PHRASES.life ?? [])).not.toThrow();
  });
});

describe('splitting a post into sentences', () => {
  it('ends sentences at . ! ? ; but not inside "St. Pancras", "Mr. A", "e.g." or quotation marks', () => {
    expect(
      splitPost(
        'I move to King\'s Cross St. Pancras. Thanks, Mr. A! Is it fair? I name the Quest "Mr. Smith. Esq." now; I end my turn',
      ),
    ).toEqual([
      "I move to King's Cross St. Pancras.",
      'Thanks, Mr. A!',
      'Is it fair?',
      'I name the Quest "Mr. Smith. Esq." now;',
      'I end my turn',
    ]);
  });

  it('a wrapped line goes on; a blank line, a list mark, or a line starting "I" starts a new sentence', () => {
    expect(
      splitPost(
        'Hello all\n\nI throw the Ball of Wax at\n(7, 7) please\nI move to (4,5)\n- I pick up the Shield\n2) I buy a Pinball Gun',
      ),
    ).toEqual([
      'Hello all',
      'I throw the Ball of Wax at (7, 7) please',
      'I move to (4,5)',
      'I pick up the Shield',
      'I buy a Pinball Gun',
    ]);
  });

  it("quoted lines (someone else's words) and the signature are not the poster's sentences", () => {
    expect(
      splitPost('> bob wrote:\n> I move to (9,9).\nI move to (4,5).\n-- \nalice. I enter the Grid at (1,1).'),
    ).toEqual(['I move to (4,5).']);
  });

  it('keeps decimal points and coordinates whole, and drops empty pieces', () => {
    expect(splitPost('I enter at (3,4). ... !! I move to 4.5')).toEqual([
      'I enter at (3,4).',
      'I move to 4.5',
    ]);
    expect(splitPost('   \n\n  ')).toEqual([]);
  });
});
