// Issue 24 item 5: the Administrator's forum text for amending the rules, whatever the game's ruleset: "The
// rules are amended: Big Rocks cost 12+5d3 from nweek 5, by Proposal 4521" (amend-rules) and "Amendment 3 is
// repealed, by Proposal 4530" (repeal-amendment). The grammar leaves the changes as the words written; which
// parameters they name is settled against the game's ruleset (src/forum/amendment-words.ts), since the names
// are each ruleset's own. Only the Administrator's posts are read with these phrases (admin-post.ts): a
// player's post never takes them.
import type { PhraseSet } from './types.js';

const grammar = String.raw`
amend_rules
  = amend_rules_lead _ ":"? _ c:amend_changes s:amend_when? _ ","? _ w:amend_why
    { return { type: 'amend-rules', args: s === null ? { set: c, why: w } : { set: c, why: w, from: s } }; }

amend_repeal
  = ("the"i W _)? "amendment"i W _ amend_number n:Int ![0-9] _ ("of the rules"i W _)? ("is"i / "shall be"i) W _ ("hereby"i W _)? "repealed"i W _ ","? _ w:amend_why
    { return { type: 'repeal-amendment', args: { amendment: n, why: w } }; }
  / ("repeals"i / "repeal"i / "repealing"i) W _ ("the"i W _)? "amendment"i W _ amend_number n:Int ![0-9] _ ("of the rules"i W _)? ","? _ w:amend_why
    { return { type: 'repeal-amendment', args: { amendment: n, why: w } }; }

amend_number
  = ("number"i W _ / "no."i _ / "#" _)?

amend_rules_lead
  = ("the"i W _)? ("rules"i / "rule"i) W _ ("are"i / "is"i / "shall be"i / "have been"i / "has been"i) W _ ("hereby"i W _)? "amended"i W
  / ("amends"i / "amend"i / "amending"i) W _ "the"i W _ "rules"i W

amend_changes
  = t:$((!amend_stop .)+) { return t.replace(/\s+/g, ' ').trim(); }

amend_stop
  = _ ","? _ (amend_start / amend_why_lead)

amend_when
  = _ ","? _ s:amend_start { return s; }

amend_start
  = ("at once"i / "immediately"i / "forthwith"i) W { return 'now'; }
  / amend_from ("the"i W _)? ("start of the"i W _ / "beginning of the"i W _)? "next"i W _ "nday"i W { return 'nday'; }
  / amend_from ("the"i W _)? ("start of the"i W _ / "beginning of the"i W _)? "next"i W _ "nweek"i W { return 'nweek'; }
  / amend_from ("the"i W _)? ("start of"i W _ / "beginning of"i W _)? "nweek"i W _ "#"? _ n:Int ![0-9] { return n; }

amend_from
  = ("with effect from"i / "starting from"i / "starting"i / "effective"i / "as of"i / "from"i) W _

amend_why_lead
  = ("as passed by"i / "pursuant to"i / "by"i) W

amend_why
  = amend_why_lead _ t:Text { return t; }
`;

export const amendmentPhrases: PhraseSet = {
  family: 'amend',
  grammar,
  actions: ['amend_rules', 'amend_repeal'],
  keywords: ['amend', 'amended', 'amendment', 'repeal', 'repealed', 'rules'],
  forms: [
    {
      type: 'amend-rules',
      template: 'The rules are amended: {set} from nweek {from}, by {why}',
      sample: { set: 'Grid size 25', from: 5, why: 'Proposal 4521' },
    },
    {
      type: 'repeal-amendment',
      template: 'Amendment {amendment} is repealed, by {why}',
      sample: { amendment: 1, why: 'Proposal 4530' },
    },
  ],
  examples: [
    {
      text: 'The rules are amended: Big Rocks cost 12+5d3 from nweek 5, by Proposal 4521.',
      parsed: {
        type: 'amend-rules',
        args: { set: 'Big Rocks cost 12+5d3', why: 'Proposal 4521', from: 5 },
      },
    },
    {
      text: 'The rules are amended: Grid size 25 and Shiny Thing points 40, by Proposal 4521.',
      parsed: {
        type: 'amend-rules',
        args: { set: 'Grid size 25 and Shiny Thing points 40', why: 'Proposal 4521' },
      },
    },
    {
      text: 'I hereby amend the rules: Move distance 2 from the next nweek, pursuant to Proposal 4522.',
      parsed: { type: 'amend-rules', args: { set: 'Move distance 2', why: 'Proposal 4522', from: 'nweek' } },
    },
    {
      text: 'The rules are amended: Grid size is 30, from the start of the next nday, by "Proposal 4523 (https://example.org/p/4523)".',
      parsed: {
        type: 'amend-rules',
        args: { set: 'Grid size is 30', why: 'Proposal 4523 (https://example.org/p/4523)', from: 'nday' },
      },
    },
    {
      text: 'The rules are amended: Shiny Thing points 30 at once, by Proposal 4524.',
      parsed: {
        type: 'amend-rules',
        args: { set: 'Shiny Thing points 30', why: 'Proposal 4524', from: 'now' },
      },
    },
    {
      text: 'Amendment 3 is repealed, by Proposal 4530.',
      parsed: { type: 'repeal-amendment', args: { amendment: 3, why: 'Proposal 4530' } },
    },
    {
      text: 'I repeal amendment #2 of the rules by Proposal 4531.',
      parsed: { type: 'repeal-amendment', args: { amendment: 2, why: 'Proposal 4531' } },
    },
  ],
};
