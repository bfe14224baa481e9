// Issue 24 item 3: a game's rules in force, as every edge shows them (`referee rules GAME`, GET
// /api/games/:game/rules, the page's "Rules in force"): each section's parameters with the text's value, the
// value now and the amendment in force that made it (who, when, why), and every amendment made with what became
// of it. I/O-free, so the command line and the server read the same thing. The rules are public: nothing here
// is hidden from anyone (an amendment's changes, reason and times are all in public events).
import type { AnyRuleset, GameState, Parameter, ParameterAmendment, ParameterValue } from '../core/index.js';
import { inForce, startText, typeText, valueText } from '../core/index.js';

/** One parameter of a game as `referee rules` shows it. */
export interface RuleInForce {
  readonly parameter: Parameter;
  /** The value in force, in words. */
  readonly now: string;
  /** The amendment in force that last set it, if any. */
  readonly by: ParameterAmendment | undefined;
}

/** Each parameter of a game's text with its value now and the amendment that set it. */
export function rulesInForce(ruleset: AnyRuleset, game: GameState): RuleInForce[] {
  const set = ruleset.parameters;
  if (!set) return [];
  const values = inForce(game, set);
  const amendments = game.params?.amendments ?? [];
  return set.list.map((p) => {
    let by: ParameterAmendment | undefined;
    for (const a of amendments) if (a.status === 'in-force' && Object.hasOwn(a.changes, p.name)) by = a;
    return { parameter: p, now: valueText(values[p.name] ?? p.text), by };
  });
}

/** An amendment as the edges give it: what it changes, from when, by whom and why, and what became of it. */
export interface AmendmentInfo {
  readonly n: number;
  /** Always the Administrator: amend-rules is eirs alone (issue 24 item 2). */
  readonly by: 'the Administrator';
  readonly changes: Readonly<Record<string, ParameterValue>>;
  /** The changes in words: "Grid size 25; Shiny Thing points 30". */
  readonly changesText: string;
  readonly why: string;
  readonly from: ParameterAmendment['from'];
  /** From when, in words: "at once", "from the next nweek", "from nweek 5". */
  readonly start: string;
  readonly made: { readonly nweek: number; readonly nday: number };
  readonly since: { readonly nweek: number; readonly nday: number } | null;
  readonly status: ParameterAmendment['status'];
}

/** One parameter as the edges give it. */
export interface ParameterInfo {
  readonly name: string;
  readonly sentence: string;
  /** The values it may take, in words. */
  readonly values: string;
  /** The text's value, and in words. */
  readonly text: ParameterValue;
  readonly textWords: string;
  /** The value in force, and in words. */
  readonly now: ParameterValue;
  readonly nowWords: string;
  /** Whether the value in force is an amendment's (not the text's). */
  readonly amended: boolean;
  /** The number of the amendment in force that set it, or null. */
  readonly amendment: number | null;
}

/** A game's rules in force, as GET /api/games/:game/rules answers and the page shows. */
export interface RulesInForceInfo {
  readonly game: string;
  readonly ruleset: string;
  readonly title: string;
  readonly sections: readonly { readonly section: string; readonly parameters: readonly ParameterInfo[] }[];
  readonly amendments: readonly AmendmentInfo[];
}

const changesWords = (changes: Readonly<Record<string, ParameterValue>>): string =>
  Object.entries(changes)
    .map(([name, v]) => `${name} ${valueText(v)}`)
    .join('; ');

/** An amendment as the edges give it. */
export const amendmentInfo = (a: ParameterAmendment): AmendmentInfo => ({
  n: a.n,
  by: 'the Administrator',
  changes: a.changes,
  changesText: changesWords(a.changes),
  why: a.why,
  from: a.from,
  start: startText(a.from),
  made: a.made,
  since: a.since ?? null,
  status: a.status,
});

/** The rules in force of a game, section by section in the text's order, and the amendments made. */
export function rulesInForceInfo(ruleset: AnyRuleset, game: GameState): RulesInForceInfo {
  const values: Readonly<Record<string, ParameterValue>> = ruleset.parameters
    ? inForce(game, ruleset.parameters)
    : {};
  const sections: { section: string; parameters: ParameterInfo[] }[] = [];
  for (const r of rulesInForce(ruleset, game)) {
    const p = r.parameter;
    const now = values[p.name] ?? p.text;
    const open = sections[sections.length - 1];
    const last: { section: string; parameters: ParameterInfo[] } =
      open !== undefined && open.section === p.section ? open : { section: p.section, parameters: [] };
    if (last !== open) sections.push(last);
    last.parameters.push({
      name: p.name,
      sentence: p.sentence,
      values: typeText(p.type),
      text: p.text,
      textWords: valueText(p.text),
      now,
      nowWords: r.now,
      amended: r.by !== undefined,
      amendment: r.by?.n ?? null,
    });
  }
  return {
    game: game.game,
    ruleset: game.ruleset,
    title: ruleset.title,
    sections,
    amendments: (game.params?.amendments ?? []).map(amendmentInfo),
  };
}

/** `referee rules GAME` as text: each section's parameters, then the amendments made and what became of them. */
export function rulesText(ruleset: AnyRuleset, game: GameState): string {
  const rows = rulesInForce(ruleset, game);
  if (rows.length === 0) return `${ruleset.title} declares no parameters.`;
  const out = [`Rules in force in ${game.game} (${ruleset.title}):`];
  let section = '';
  for (const r of rows) {
    if (r.parameter.section !== section) {
      section = r.parameter.section;
      out.push(`  ${section}`);
    }
    const text = valueText(r.parameter.text);
    const changed = r.by
      ? `, amendment ${r.by.n} (${r.by.why}, nweek ${r.by.since?.nweek ?? r.by.made.nweek})`
      : '';
    out.push(
      `    ${r.parameter.name}: ${r.now}${r.now === text && !r.by ? ' (the text’s)' : ` (the text: ${text}${changed})`}`,
    );
  }
  const amendments = game.params?.amendments ?? [];
  if (amendments.length > 0) out.push('Amendments:');
  for (const a of amendments)
    out.push(
      `  ${a.n}. ${changesWords(a.changes)} ${startText(a.from)}, by ${a.why} (made nday ${a.made.nday} of nweek ${a.made.nweek}): ${a.status}`,
    );
  return out.join('\n');
}
