// Forum text: players' posts in English turned into commands, one sentence at a time (see post.ts), with a
// grammar per ruleset built from the phrases each ruleset declares (Ruleset.phrases, in its own folder).
export { postMessage, forumFor, commandWords, ForumError, prepareForum } from './post.js';
export type { SentenceResult, PostOptions, PostTarget } from './post.js';
export { sentenceLine } from './lines.js';
export { postAsAdministrator, adminForum } from './admin-post.js';
export { readChanges } from './amendment-words.js';
export { amendmentPhrases } from './phrases/amendments.js';
export { splitPost, paragraphsOf, splitParagraph, grammarText, buildParser } from './grammar.js';
export type { ForumParser } from './grammar.js';
export { nearestForm, fillForm } from './nearest.js';
export { GAME_PHRASES, phrasesOf, phraseTable } from './phrases/index.js';
export type { PhrasedRuleset } from './phrases/index.js';
export type { PhraseSet, Parsed, Form, Example } from './phrases/types.js';
export {
  MAX_PARAGRAPH_CHARS,
  MAX_POST_CHARS,
  MAX_POST_SENTENCES,
  MAX_SENTENCE_CHARS,
  MAX_SUGGEST_CHARS,
  MAX_SUGGESTIONS,
} from './limits.js';
