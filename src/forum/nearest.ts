// "Did you mean …": the form of the ruleset nearest to a sentence that was not understood, with the
// player's own numbers (and, for a form ending in a name, the player's own words) put into it, so that the
// suggestion is one a player can copy, and the parser understands (the tests check every form parses).
import type { Form } from './phrases/types.js';

/** Edit distance (insertions, deletions, substitutions, and swaps of neighbours), by characters. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

const plain = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[.!?;:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A form with its placeholders filled: given values first; numbers from the sentence in order (else the
 * form's sample); with `ownWords`, a name that ends the form takes the sentence's words after as many words
 * as the form has before it ("I mvoe to Euston" → "I move to Euston"); else the sample.
 */
export function fillForm(
  form: Form,
  sentence = '',
  given: { readonly [name: string]: string } = {},
  ownWords = false,
): string {
  const numbers = (sentence.match(/-?\d+/g) ?? []).map(Number);
  let n = 0;
  return form.template.replace(/\{(\w+)\}/g, (_, name: string, offset: number) => {
    const value = given[name];
    if (value !== undefined) return value;
    const sample = form.sample[name];
    if (typeof sample === 'number') return String(numbers[n++] ?? sample);
    const last = offset + name.length + 2 === form.template.length;
    if (ownWords && last && sentence) {
      const before = form.template.slice(0, offset).trim().split(/\s+/);
      let rest = sentence
        .replace(/[.!?;:]+$/, '')
        .trim()
        .split(/\s+/)
        .slice(before.length);
      // The form already says "the": do not say it twice.
      if (before[before.length - 1]?.toLowerCase() === 'the' && rest[0]?.toLowerCase() === 'the')
        rest = rest.slice(1);
      if (rest.length > 0) return rest.join(' ');
    }
    return String(sample ?? name);
  });
}

const wordsOf = (s: string): string[] =>
  (s.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => w !== 'the');

/** How many words of the form the sentence has, allowing one slip each: the verb counts for more than spelling. */
function sharedWords(sentence: string, form: string): number {
  const mine = wordsOf(sentence);
  return wordsOf(form).filter((w) => mine.some((m) => m === w || (w.length >= 4 && editDistance(m, w) <= 1)))
    .length;
}

/**
 * The filled form nearest to the sentence (the first of equals, in the order the phrase sets give). A form
 * filled with the player's own words counts only if `understood` accepts it: a suggestion must be one the
 * parser would take ("I drop the wax to 7 and 8" is no better a suggestion than the sentence itself).
 */
export function nearestForm(
  sentence: string,
  forms: readonly Form[],
  understood: (text: string) => boolean = () => true,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const distance = (filled: string): number =>
    editDistance(plain(sentence), plain(filled)) - 3 * sharedWords(sentence, filled);
  for (const form of forms) {
    const sample = fillForm(form, sentence);
    const own = fillForm(form, sentence, {}, true);
    const dSample = distance(sample);
    const dOwn = own === sample ? dSample : distance(own);
    // Asking the parser is the costly part (issue 13, item 4): it is asked only when its answer could change
    // the result, i.e. when either filling would beat the best so far.
    if (dOwn >= bestDistance && dSample >= bestDistance) continue;
    const [filled, d] = own !== sample && understood(own) ? [own, dOwn] : [sample, dSample];
    if (d < bestDistance) {
      best = filled;
      bestDistance = d;
    }
  }
  return best;
}

/** Whether a word is a keyword, allowing one slip (a typo, a swap) in words of four letters or more. */
export function nearKeyword(word: string, keywords: ReadonlySet<string>): boolean {
  const w = word.toLowerCase();
  if (keywords.has(w)) return true;
  if (w.length < 4) return false;
  for (const k of keywords) if (k.length >= 4 && w.startsWith(k)) return true; // "throwing", "stuffed"
  for (const k of keywords)
    if (k.length >= 4 && Math.abs(k.length - w.length) <= 1 && editDistance(w, k) <= 1) return true;
  return false;
}
