// The rules' texts name what a player may answer in the command line's words: Tunnelers' Moderator asks a
// defender to "Choose one card to defend with (defend CARD), or none (defend none)". By mail and on the forum a
// player writes sentences ("I defend with a Q."), so a notice, which mail delivers and the page shows, gives
// both: the sentence the forum grammar reads, then the command (issue 15). The log keeps the rules' words
// (they are in its events, which `verify` decides again); only the notices' text is made so.
import type { CommandRule } from '../core/index.js';
import { fillForm } from '../forum/index.js';
import type { Example, Form, PhraseSet } from '../forum/index.js';

/** A command in the rules' words, in parentheses: "(defend CARD)", "(defend none)", "(end-turn)". */
const COMMAND_FORM = /\(([a-z][a-z-]*)((?: [^\s()]+)*)\)/g;

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The placeholders of a form, in order. */
const placeholders = (form: Form): string[] =>
  [...form.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

const sameArgs = (a: Example['parsed']['args'], b: Readonly<Record<string, string>>): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([k, v]) => {
    const value = a[k];
    return typeof value === 'string' && value.toLowerCase() === v.toLowerCase();
  });

/**
 * The forum's sentence for a command in the rules' words, if the game's phrases (`sets`) have one: an example the
 * grammar is tested to read with exactly these arguments, else a form with the given values put in and each
 * word in capitals that names an argument ("CARD") shown by the form's sample. Undefined if none fits.
 */
export function forumSentence(
  sets: readonly PhraseSet[],
  type: string,
  tokens: readonly string[],
  words: readonly string[],
): string | undefined {
  if (tokens.length > words.length) return undefined;
  const given: Record<string, string> = {};
  const open = new Set<string>();
  tokens.forEach((token, i) => {
    const name = words[i] as string;
    if (token === name.toUpperCase()) open.add(name);
    else given[name] = token;
  });
  if (open.size === 0) {
    const example = sets
      .flatMap((s) => s.examples)
      .find((e) => e.parsed.type === type && sameArgs(e.parsed.args, given));
    if (example) return sentence(example.text);
  }
  const names = [...Object.keys(given), ...open].sort().join(' ');
  const form = sets
    .flatMap((s) => s.forms)
    .find((f) => f.type === type && [...new Set(placeholders(f))].sort().join(' ') === names);
  return form ? sentence(fillForm(form, '', given)) : undefined;
}

/**
 * The text with each command in the rules' words that the ruleset's forum can say shown both ways:
 * "(defend CARD)" becomes `(write "I defend with Q.", or the command defend CARD)`. Anything else in
 * parentheses is left as it is.
 */
export function withForumForms(
  text: string,
  sets: readonly PhraseSet[],
  commands: ReadonlyMap<string, CommandRule<unknown>>,
): string {
  return text.replace(COMMAND_FORM, (whole, type: string, rest: string) => {
    const rule = commands.get(type);
    if (!rule) return whole;
    const tokens = rest.split(' ').filter((t) => t !== '');
    const said = forumSentence(sets, type, tokens, rule.words);
    return said === undefined ? whole : `(write "${said}", or the command ${[type, ...tokens].join(' ')})`;
  });
}
