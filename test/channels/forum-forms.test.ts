// Issue 15: by mail a player writes sentences, not the command line's words, so a notice that names a command
// in the rules' words ("(defend CARD)") also gives the sentence the forum reads. Every sentence offered is
// checked against the forum's own parser: it must be read as the very command named.
import { describe, expect, it } from 'vitest';
import { forumSentence, withForumForms } from '../../src/channels/forum-forms.js';
import { forumFor, PHRASES } from '../support/phrases.js';
import { started } from '../support/harness/tunnelers.js';

const TUNNELERS_PHRASES = PHRASES.tunnelers ?? [];

const tunnelers = () => {
  const t = started({ moles: { alice: 'c3', bob: 'h8' } });
  return t.kernel.commands(t.game);
};

describe('issue 15: commands in the rules words, also as a player writes them', () => {
  it("3.4: the defender's question, for a card and for none; the sentences are read as those commands", () => {
    const text = 'Choose one card to defend with (defend CARD), or none (defend none).';
    expect(withForumForms(text, TUNNELERS_PHRASES, tunnelers())).toBe(
      'Choose one card to defend with (write "I defend with Q.", or the command defend CARD), ' +
        'or none (write "I do not defend.", or the command defend none).',
    );
    const forum = forumFor('tunnelers');
    expect(forum.parse('I defend with Q.')).toEqual({ type: 'defend', args: { card: 'Q' } });
    expect(forum.parse('I do not defend.')).toEqual({ type: 'defend', args: { card: 'none' } });
  });

  it('4: "It ends when you end it (end-turn)": a command without arguments', () => {
    expect(
      withForumForms(
        'It ends when you end it (end-turn) or at its deadline.',
        TUNNELERS_PHRASES,
        tunnelers(),
      ),
    ).toBe('It ends when you end it (write "I end my turn.", or the command end-turn) or at its deadline.');
    expect(forumFor('tunnelers').parse('I end my turn.')).toEqual({ type: 'end-turn', args: {} });
  });

  it('what is not a command of the game, or has no sentence, is left as it is', () => {
    const commands = tunnelers();
    for (const text of [
      "alice's mole moves from h8 to h7 (digging through rock, 2 movement points).",
      't1: The Moderator asks bob (and 2 more)',
      'bob defends with O (secret until revealed).',
      'a square (4,5)',
      '(defend Q S X T O Q)', // more words than the command takes
      '(dice 3)', // the Administrator's command: no forum sentence
    ])
      expect(withForumForms(text, TUNNELERS_PHRASES, commands)).toBe(text);
    // A ruleset that takes no forum text.
    expect(forumSentence([], 'defend', ['CARD'], ['card'])).toBeUndefined();
  });

  it('a value given is put into the sentence; a word in capitals naming the argument shows the sample', () => {
    expect(forumSentence(TUNNELERS_PHRASES, 'defend', ['X'], ['card'])).toBe('I defend with X.');
    expect(forumSentence(TUNNELERS_PHRASES, 'move', ['PATH'], ['path'])).toBe('I move to c6.');
    expect(forumSentence(TUNNELERS_PHRASES, 'move', ['d4'], ['path'])).toBe('I move to d4.');
    expect(forumFor('tunnelers').parse('I move to d4.')).toEqual({ type: 'move', args: { path: 'd4' } });
  });
});
