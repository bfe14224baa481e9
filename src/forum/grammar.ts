// The forum grammar: a shared base (sentence splitting, "I will …", politeness, coordinates, numbers, names,
// free text) plus the phrases each ruleset declares (src/rulesets/*/phrases.ts). A ruleset's parser is generated
// with peggy from that text the first time a post for it arrives, and kept: generating takes milliseconds,
// parsing a sentence microseconds, and nothing has to be compiled at build time.
import peggy from 'peggy';
import type { Parser } from 'peggy';
import type { Form, Parsed, PhraseSet } from './phrases/types.js';

/**
 * Shared rules every phrase may use. `Sentence` is the start rule: optional politeness ("Please,", "OK,"),
 * an optional declaration ("I announce that", "I hereby declare that"), then one of the ways of saying "I do
 * it" ("I will", "I'd like to", "I'm going to", "I am …ing", "I", or nothing at all) followed by an action,
 * each tried in turn so that a longer lead that leaves no action gives way to a shorter one. `Action` is
 * appended from the phrase sets; every action is followed by `Tail` (", please", "this nweek", the full stop)
 * and the end of the sentence, inside each alternative, so that a phrase matching only part of a sentence
 * lets the next phrase try.
 */
const BASE = String.raw`
{{
  // A word or words as the command line's 'act' would pass them: a lone whole number is a number, a lone
  // true/false a boolean, anything else (several words are joined with single spaces) a string.
  function cli(t) {
    const s = t.replace(/\s+/g, ' ').trim();
    if (/^-?\d+$/.test(s)) return Number(s);
    if (s === 'true' || s === 'false') return s === 'true';
    return s;
  }
}}

Sentence
  = _ (Polite _)* Intro? b:Body { return b; }

Chatter
  = _ (Polite _)* ChatWord W .*

ChatWord
  = "hello"i / "hi"i / "hey"i / "greetings"i / "dear"i / "good morning"i / "good evening"i / "good luck"i
  / "thanks"i / "thank you"i / "cheers"i / "regards"i / "best wishes"i / "best"i / "see you"i / "yours"i
  / "have fun"i / "that's all"i / "that is all"i / "nothing"i / "no action"i / "no actions"i / "sorry"i
  / "fyi"i / "note"i / "btw"i / "ps"i / "p.s"i / "oops"i / "welcome"i / "congratulations"i / "congrats"i

Polite
  = ("hi"i / "hello"i / "hey"i / "greetings"i / "thanks"i) W (_ ("all"i / "everyone"i / "folks"i) W)? _ [,!]?
  / ("please"i / "ok"i / "okay"i / "so"i / "now"i / "then"i / "also"i / "and"i / "next"i / "finally"i
    / "firstly"i / "first"i / "secondly"i / "second"i / "lastly"i / "after that"i / "this nweek"i
    / "as my action"i / "as an action"i / "right"i / "well"i) W _ ","?

Intro
  = I _ ("hereby"i W _)? ("announce"i / "declare"i / "state"i / "post"i) "s"i? W _ ("that"i W _)?

Body
  = I _ ("hereby"i W _)? Modal _ a:Action { return a; }
  / I Apos ("ll"i / "d like to"i / "m going to"i / "m about to"i) W _ a:Action { return a; }
  / I _ ("am"i W _ / Apos "m"i W _) a:Action { return a; }
  / I _ ("hereby"i W _ / "now"i W _ / "also"i W _ / "then"i W _)* a:Action { return a; }
  / ("let"i W _ "me"i W _) a:Action { return a; }
  / a:Action { return a; }

I = "i"i W

Apos = "'" / "\u2019"

Modal
  = ("would like to"i / "wish to"i / "want to"i / "intend to"i / "plan to"i / "am going to"i
    / "am about to"i / "elect to"i / "choose to"i / "decide to"i / "will"i / "shall"i / "hereby"i / "do"i / "try to"i / "attempt to"i) W

Tail
  = (_ ","? _ TailWord W)* _ [.!?;:]* _ !.

TailWord
  = "please"i / "this nweek"i / "this week"i / "this turn"i / "now"i / "thanks"i / "thank you"i
  / "as my action"i / "as an action"i / "immediately"i

Article
  = ("the"i / "an"i / "a"i / "my"i / "this"i / "that"i) W

Int
  = n:$("-"? [0-9]+) ![0-9] { return Number(n); }

Coord
  = "(" _ x:Int _ ("," / __) _ y:Int _ ")" { return [x, y]; }
  / "[" _ x:Int _ ("," / __) _ y:Int _ "]" { return [x, y]; }
  / x:Int _ "," _ y:Int { return [x, y]; }
  / x:Int __ y:Int { return [x, y]; }

PlaceWord
  = ("grid location"i / "grid square"i / "location"i / "square"i / "unit"i / "cell"i / "space"i
    / "position"i / "coordinates"i / "coordinate"i / "spot"i) W

Place
  = (Article _)? PlaceWord _ c:Coord { return c; }
  / c:Coord { return c; }

Square
  = s:$([a-hA-H] [1-8]) ![A-Za-z0-9] { return s; }

PlayerName
  = $([A-Za-z] ([A-Za-z0-9_\-] / "." [A-Za-z0-9_\-])*)

Quoted
  = ["\u201c] t:$[^"\u201d]* ["\u201d] { return t.replace(/\s+/g, ' ').trim(); }

Rest
  = t:$((!Tail .)+) { return t.replace(/\s+/g, ' ').trim(); }

Text
  = Quoted / Rest

W = ![A-Za-z0-9_]
_ = [ \t\r\n]*
__ = [ \t\r\n]+
`;

/**
 * Splits a post into sentences. A sentence ends at . ! ? or ; followed by a space or the end, at a blank line,
 * or at a line break before a new statement (a line starting with a list mark, "I", a quotation mark ">" or a
 * signature "--"). A single line break anywhere else is a wrapped line, as mail and forum software make
 * them. "St. Pancras", "Mr. A", "e.g." and text in double quotes do not end a sentence. Quoted lines
 * ("> …", someone else's words) and everything after a signature ("--" at the start of a line, alone or as in "-- alice") are left out.
 */
const SPLITTER = String.raw`
Post
  = items:Item* { return items.filter((i) => i !== null); }

Item
  = LineStart [ \t]* ">" [^\n]* ("\n" / !.) { return null; }
  / LineStart "--" ([ \t\n] .* / !.) { return null; }
  / [ \t\r\n]+ { return null; }
  / Term { return null; }
  / s:Sentence { return s; }
  / Bullet { return null; }

LineStart
  = &{ return location().start.column === 1; }

Sentence
  = Bullet? body:$SChar+ term:$Term? { return (body + term).replace(/\s+/g, ' ').trim(); }

Bullet
  = ([-*\u2022] / [0-9]+ [.)]) [ \t]+

SChar
  = [ \t\r\n(] ("St" / "Mr" / "Mrs" / "Ms" / "Dr" / "Jr" / "Sr" / "No" / "vs" / "etc" / "e.g" / "i.e") "."
  / ["\u201c] [^"\u201d\n]* ["\u201d]
  / !End .

End
  = Term ([ \t]* [\r\n] / [ \t]+ / !.)
  / [\r]? "\n" [ \t]* [\r]? "\n"
  / [\r]? "\n" &([ \t]* (Bullet / ">" / "--" / "I" ![A-Za-z] / "I'" / "I\u2019"))

Term
  = [.!?;]+
`;

let splitter: Parser | undefined;

/** The sentences of a post, in order, each with its white space collapsed. */
export function splitPost(text: string): string[] {
  return paragraphsOf(text).flatMap(splitParagraph);
}

/**
 * The post as the splitter reads it, in paragraphs that it can read one at a time (so a long post is read
 * in steps, issue 13 item 4): everything from a signature on is dropped (a line starting "--" is always
 * reached between sentences, since such a line ends the sentence before it, and the splitter drops all after
 * it), and the rest is cut before the last line break of each blank line; a blank line always ends a sentence (no sentence, quotation or
 * abbreviation spans one).
 */
export function paragraphsOf(text: string): string[] {
  const unix = text.replace(/\r\n?/g, '\n');
  const signature = /^--(?:[ \t\n]|$)/m.exec(unix);
  const body = signature ? unix.slice(0, signature.index) : unix;
  // Each paragraph after the first keeps the line break before it, so that it starts as it does in the
  // whole text: after white space, where an indented ">" is not at the start of a line.
  return body.split(/\n[ \t]*(?=\n)/).filter((p) => p.trim() !== '');
}

/** The sentences of one paragraph of paragraphsOf. */
export function splitParagraph(paragraph: string): string[] {
  splitter ??= peggy.generate(SPLITTER);
  return (splitter.parse(paragraph) as string[]).filter((s) => /[A-Za-z0-9]/.test(s));
}

/** One ruleset's understanding of sentences. */
export interface ForumParser {
  readonly sets: readonly PhraseSet[];
  /** What the sentence says to do, or null if it is not a phrase of these rules. */
  parse(sentence: string): Parsed | null;
  /** Whether the sentence is a greeting, thanks, sign-off or the like. */
  chatter(sentence: string): boolean;
  readonly keywords: ReadonlySet<string>;
  readonly forms: readonly Form[];
}

/** The whole grammar text for these phrase sets (exported for the tests and for anyone curious). */
export function grammarText(sets: readonly PhraseSet[]): string {
  const actions = sets.flatMap((s) => s.actions);
  const alternatives = actions.map((a) => `a:${a} Tail { return a; }`).join('\n  / ');
  return `${BASE}\nAction\n  = ${alternatives}\n\n${sets.map((s) => s.grammar).join('\n')}`;
}

/** Generates a parser for these phrase sets. */
export function buildParser(sets: readonly PhraseSet[]): ForumParser {
  const parser = peggy.generate(grammarText(sets), { allowedStartRules: ['Sentence', 'Chatter'] });
  const attempt = (sentence: string, startRule: string): unknown => {
    try {
      return parser.parse(sentence, { startRule });
    } catch (e) {
      if (e instanceof parser.SyntaxError) return null;
      throw e;
    }
  };
  return {
    sets,
    parse: (sentence) => attempt(sentence, 'Sentence') as Parsed | null,
    chatter: (sentence) => attempt(sentence, 'Chatter') !== null,
    keywords: new Set(sets.flatMap((s) => s.keywords.map((k) => k.toLowerCase()))),
    forms: sets.flatMap((s) => s.forms),
  };
}

/** The helper a phrase's grammar is written with, kept beside the phrase types (src/core/phrases.ts). */
export { words } from '../core/index.js';
