// Issue 13, item 4: a forum post has a bounded cost. Over the limits of src/forum/limits.ts a post is refused
// whole and nothing of it is acted on; a sentence too long is not read; "did you mean" is searched for only in
// the first few short sentences not understood. And reading a post a paragraph at a time finds exactly the
// sentences the splitter finds reading it whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ForumError,
  MAX_PARAGRAPH_CHARS,
  MAX_POST_CHARS,
  MAX_POST_SENTENCES,
  MAX_SENTENCE_CHARS,
  MAX_SUGGEST_CHARS,
  MAX_SUGGESTIONS,
  postMessage,
  splitParagraph,
  splitPost,
} from '../../src/forum/index.js';
import { newGame, openReferee } from './support.js';

async function refusal(p: Promise<unknown>): Promise<ForumError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ForumError) return e;
    throw e;
  }
  throw new Error('the post was taken');
}

describe('Issue 13 item 4: the cost of a forum post is bounded', () => {
  it(`a post of more than ${MAX_POST_SENTENCES} sentences is refused whole (too-many-sentences): nothing is applied`, async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const before = (await r.entries('g1')).length;
    const text = [
      'I enter the Grid at (3,4).',
      ...Array.from({ length: MAX_POST_SENTENCES }, () => 'Hello.'),
    ].join(' ');
    const e = await refusal(postMessage(r, 'g1', 'alice', text));
    expect(e.code).toBe('too-many-sentences');
    expect((await r.entries('g1')).length).toBe(before);
    // One sentence fewer is taken, and its command applied.
    const ok = await postMessage(r, 'g1', 'alice', text.replace(' Hello.', ''));
    expect(ok).toHaveLength(MAX_POST_SENTENCES);
    expect(ok[0]?.status).toBe('accepted');
  });

  it(`a paragraph of more than ${MAX_PARAGRAPH_CHARS} characters, or a post of more than ${MAX_POST_CHARS}, is refused (too-long)`, async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const before = (await r.entries('g1')).length;
    // Sentences of about 800 characters (a sentence of more than 1,000 is not read).
    const chat = `Nice weather${', nice weather'.repeat(60)}.`;
    const long = `I enter the Grid at (3,4). ${Array.from({ length: 6 }, () => chat).join(' ')}`;
    expect(long.length).toBeGreaterThan(MAX_PARAGRAPH_CHARS);
    expect((await refusal(postMessage(r, 'g1', 'alice', long))).code).toBe('too-long');
    const huge = 'x'.repeat(MAX_POST_CHARS + 1);
    expect((await refusal(postMessage(r, 'g1', 'alice', huge))).code).toBe('too-long');
    expect((await r.entries('g1')).length).toBe(before);
    // The same words cut into paragraphs by blank lines are read.
    const part = Array.from({ length: 3 }, () => chat).join(' ');
    const ok = await postMessage(r, 'g1', 'alice', `I enter the Grid at (3,4). ${part}\n\n${part}`);
    expect(ok.map((s) => s.status)).toEqual(['accepted', ...Array.from({ length: 6 }, () => 'ignored')]);
  });

  it(`a sentence of more than ${MAX_SENTENCE_CHARS} characters is not read (too-long), and the sentences after it are`, async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice']);
    const long = `I enter the Grid at (3,4) ${'and then some '.repeat(MAX_SENTENCE_CHARS / 14)}.`;
    const results = await postMessage(r, 'g1', 'alice', `${long} I enter the Grid at (3,4).`);
    expect(results[0]?.status).toBe('not-understood');
    expect(results[0]?.error?.code).toBe('too-long');
    expect(results[0]?.command).toBeUndefined();
    expect(results[1]?.status).toBe('accepted');
  });

  it(`"did you mean" is searched for in the first ${MAX_SUGGESTIONS} sentences not understood, of at most ${MAX_SUGGEST_CHARS} characters`, async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'rooms+quests', ['alice']);
    const slip = 'I mvoe to Euston.';
    const longSlip = `I mvoe to Euston ${'and on and on '.repeat(MAX_SUGGEST_CHARS / 14 + 1)}.`;
    const text = [longSlip, ...Array.from({ length: MAX_SUGGESTIONS + 2 }, () => slip)].join(' ');
    const results = await postMessage(r, 'g1', 'alice', text);
    expect(results.every((s) => s.status === 'not-understood')).toBe(true);
    expect(results[0]?.nearest).toBeUndefined();
    const suggested = results.slice(1).map((s) => s.nearest !== undefined);
    expect(suggested).toEqual([
      ...Array.from({ length: MAX_SUGGESTIONS }, () => true),
      ...Array.from({ length: 2 }, () => false),
    ]);
    expect(results[1]?.nearest).toBe('I move to Euston');
  });

  it('reading a post a paragraph at a time finds the sentences the splitter finds reading it whole', () => {
    const piece = fc.constantFrom(
      'I move to (3,4).',
      'Hi all!',
      ' ',
      '\n',
      '\n\n',
      '\n \n',
      '\r\n',
      '\r\n\r\n',
      '-- ',
      '--',
      '> quoted. ',
      'St. Pancras',
      '"a. b." ',
      '- ',
      '1) ',
      'I ',
      'wrapped\nline ',
      'end',
      '?!',
      '\t',
    );
    // A bullet mark with nothing after it ends a post without a sentence (it made the splitter throw).
    expect(splitPost('I move to (3,4).\n- ')).toEqual(['I move to (3,4).']);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(splitPost(text)).toEqual(splitParagraph(text.replace(/\r\n?/g, '\n')));
      }),
      { numRuns: 3000 },
    );
  });
});
