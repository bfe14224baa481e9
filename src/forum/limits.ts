// What one forum post may cost (issue 13, item 4). The server has one thread: a post is read sentence by
// sentence with a pause between them (other requests are served meanwhile), and each step is bounded, so no
// post holds the thread long. Each figure below was chosen from `bench/costs.ts` (2 × EPYC, shared with other
// work, so the slow end of what it measured); docs/api.md lists them and docs/reliability.md ("Cost") shows
// the cost campaign's figures.

/** Characters in a post: the request schema's limit (a long forum post is a few thousand characters). */
export const MAX_POST_CHARS = 20_000;

/**
 * Characters in a paragraph (text between blank lines). The sentence splitter reads a paragraph in one go,
 * at about 5 µs a character: 20,000 characters without a blank line held the thread 70-130 ms, 4,000 about
 * 25 ms. A longer paragraph is refused (`too-long`): a blank line is all it takes.
 */
export const MAX_PARAGRAPH_CHARS = 4_000;

/**
 * Sentences in a post, ignored ones included. Each is parsed, perhaps answered with a "did you mean" and
 * perhaps submitted; 300 sentences that were not understood took 0.7 s in all. A post with more is refused
 * whole (`too-many-sentences`) before any of it is acted on.
 */
export const MAX_POST_SENTENCES = 50;

/**
 * Characters in a sentence that is read at all: a longer one is answered 'not-understood' with the error
 * `too-long` and never parsed or submitted (the longest command sentence is well under 200 characters).
 */
export const MAX_SENTENCE_CHARS = 1_000;

/**
 * "Did you mean" is looked for only in sentences this short: the search fills every form of the ruleset with
 * the sentence's words and measures the edit distance to each, which grows with the square of the length
 * (Quests' twelve forms: about 12 ms at 120 characters, 85-130 ms at 500, 19 s at 5,000; Tunnelers 2.3 s at
 * 5,000).
 */
export const MAX_SUGGEST_CHARS = 120;

/** At most this many sentences of one post are given a "did you mean" (the first ones not understood). */
export const MAX_SUGGESTIONS = 5;
