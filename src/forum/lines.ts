// What became of each sentence of a post, one line each: what `referee post` prints, and what a mail
// receipt lists (issue 15), so a player reads the same words whichever way e posted.
import { commandWords } from './post.js';
import type { SentenceResult } from './post.js';

/** One sentence's answer as a line: what happened, then the command (as `act` words) or why not. */
export function sentenceLine(r: SentenceResult, words: (type: string) => readonly string[]): string {
  const act = r.command ? commandWords(r.command, words(r.command.type)) : '';
  const why = r.error ? ` (${r.error.code}) ${r.error.message}` : '';
  switch (r.status) {
    case 'accepted':
      return `accepted: ${r.sentence} → ${act}${r.duplicate ? ' (already applied by this key)' : ''}`;
    case 'rejected':
      return `rejected: ${r.sentence} → ${act}${why}`;
    case 'not-understood':
      return `not understood: ${r.sentence}${why}${r.nearest ? ` — did you mean: ${r.nearest}?` : ''}`;
    case 'ignored':
      return `ignored: ${r.sentence}`;
  }
}
