// Every command of every ruleset, and how each edge says it: the command line (usage from the command's
// schema, args.ts), HTTP (the body of POST …/commands), the page (the form built from the same schema) and
// forum text (the phrase sets' forms). Generated from the registry and the phrase sets, so a new command
// or ruleset appears with no change here; docs/commands.md is this table (`npm run commands-table`), and
// test/cli/commands-edges.test.ts checks every cell against the edge it describes.
import type { CommandRule, Registry } from '../core/index.js';
import { KERNEL_COMMANDS } from '../core/kernel-commands.js';
import type { PhraseSet } from '../forum/index.js';
import { GAME_PHRASES } from '../forum/phrases/index.js';
import { shapeOf, usage } from './args.js';

/** One command as a ruleset (or every game) has it. */
export interface CommandEntry {
  readonly name: string;
  readonly rule: CommandRule<unknown>;
  /** The rule module that gives it (the highest-precedence one), or 'kernel'. */
  readonly module: string;
  /** Whether the module is one the Administrator may enact, not in force at the start. */
  readonly optional: boolean;
}

/** The commands every game has, whatever its ruleset. */
export const kernelCommands = (): CommandEntry[] =>
  Object.entries(KERNEL_COMMANDS).map(([name, rule]) => ({ name, rule, module: 'kernel', optional: false }));

/**
 * A ruleset's own commands, each from its highest-precedence module: the modules in force at the start, then
 * the optional ones (enacted above every active module).
 */
export function rulesetCommands(registry: Registry, id: string): CommandEntry[] {
  const ruleset = registry.get(id);
  if (!ruleset) throw new Error(`no ruleset ${id}`);
  const found = new Map<string, CommandEntry>();
  const optional = new Set(ruleset.optional ?? []);
  for (const m of registry.available(ruleset))
    for (const [name, rule] of Object.entries(m.commands ?? {}))
      found.set(name, { name, rule, module: m.id, optional: optional.has(m) });
  return [...found.values()];
}

/** How one edge says a command, or why it cannot. */
export interface Edges {
  readonly cli: string;
  readonly http: string;
  readonly page: string;
  readonly forum: string;
}

/** The reason a player's command has no forum text, or an Administrator's never does. */
export const NO_FORUM = {
  admin: "— the Administrator's order",
  ruleset: '— this ruleset takes no forum text',
  phrase: '— no phrase',
} as const;

interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}

/** A schema as a short type: `integer`, `"give" | "clear"`, `string | string[]`, `{a: integer}`. */
function typeText(s: Schema): string {
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(' | ');
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeText).join(' | ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((t) => (t === 'array' ? `${typeText(s.items ?? {})}[]` : t === 'object' ? argsText(s) : t))
    .join(' | ');
}

/** An arguments object's shape: `{x: integer, y: integer, substance?: string}`. */
export function argsText(s: Schema): string {
  const required = new Set(s.required ?? []);
  const props = Object.entries(s.properties ?? {});
  return `{${props.map(([n, p]) => `${n}${required.has(n) ? '' : '?'}: ${typeText(p)}`).join(', ')}}`;
}

/** The page's fields for a command, in the order the form shows them: the command's words, then the rest. */
export function pageFields(entry: CommandEntry): string[] {
  const props = Object.keys((entry.rule.argsSchema() as Schema).properties ?? {});
  return [
    ...entry.rule.words.filter((w) => props.includes(w)),
    ...props.filter((p) => !entry.rule.words.includes(p)),
  ];
}

/** The forum forms of a command in a ruleset's phrase sets (undefined: the ruleset takes no forum text). */
export function forumForms(
  phrases: Readonly<Record<string, readonly PhraseSet[]>>,
  ruleset: string,
  command: string,
): string[] | undefined {
  const sets = phrases[ruleset];
  if (!sets || sets.length === 0) return undefined;
  return sets
    .flatMap((s) => s.forms)
    .filter((f) => f.type === command)
    .map((f) => f.template);
}

const code = (s: string): string => `\`${s.replace(/\|/g, '\\|')}\``;

/** The four edges of one command, in a ruleset (for the forum) or in every game (`ruleset` undefined). */
export function edgesOf(
  entry: CommandEntry,
  phrases: Readonly<Record<string, readonly PhraseSet[]>>,
  ruleset?: string,
): Edges {
  const { name, rule } = entry;
  const player = rule.actor === 'player';
  const words = usage(shapeOf(name, rule));
  const join = name === 'join' && entry.module === 'kernel';
  const cli = join
    ? code('referee join GAME PLAYER')
    : code(player ? `referee act GAME PLAYER ${words}` : `referee admin GAME ${words}`);
  const http = join
    ? `${code('POST /api/games/GAME/join')} ${code('{"player": NAME}')}`
    : `${code('POST /api/games/GAME/commands')} ${code(`{"type": "${name}", "args": ${argsText(rule.argsSchema())}}`)}`;
  const fields = pageFields(entry);
  const page = join
    ? 'the join form on the games page'
    : `${player ? "the player's" : "the Administrator's"} form${fields.length > 0 ? `: ${fields.join(', ')}` : ' (no fields)'}`;
  let forum: string;
  if (!player) forum = NO_FORUM.admin;
  else {
    // The kernel's commands: the phrases every game takes (src/forum/phrases/game.ts).
    const forms =
      ruleset === undefined
        ? forumForms({ game: GAME_PHRASES }, 'game', name)
        : forumForms(phrases, ruleset, name);
    forum =
      forms === undefined
        ? NO_FORUM.ruleset
        : forms.length === 0
          ? NO_FORUM.phrase
          : forms.map((f) => code(f)).join('<br>');
  }
  return { cli, http, page, forum };
}

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

function table(
  entries: readonly CommandEntry[],
  phrases: Readonly<Record<string, readonly PhraseSet[]>>,
  ruleset?: string,
): string[] {
  const lines = [
    row(['Command', 'Who', 'Command line', 'HTTP', 'Page', 'Forum text']),
    row(['---', '---', '---', '---', '---', '---']),
  ];
  for (const e of entries) {
    const edges = edgesOf(e, phrases, ruleset);
    const who = `${e.rule.actor === 'player' ? 'player' : 'Administrator'}${e.optional ? ' (when enacted)' : ''}`;
    lines.push(row([code(e.name), who, edges.cli, edges.http, edges.page, edges.forum]));
  }
  return lines;
}

/** docs/commands.md: every command of every ruleset × edge. */
export function commandsMarkdown(
  registry: Registry,
  phrases: Readonly<Record<string, readonly PhraseSet[]>>,
): string {
  const out = [
    '# Every command on every edge',
    '',
    '<!-- Generated by `npm run commands-table` (referee commands --markdown) from the rulesets and the forum',
    '     phrase sets; test/cli/commands-edges.test.ts fails when this file is not what they give. -->',
    '',
    'Each command is defined once, by its rule, with one schema for its arguments; every edge reads that schema. On',
    'the command line, positional words fill the arguments in the order shown, the last taking every word left',
    'where it takes text or a list; `name=value` gives any argument by name (`[name=…]` ones only so), a bare',
    'word naming a true/false argument sets it true (`square 9 9 Turf wet`), and a word is a number only where',
    'the schema wants one (`place bonus-box 9 9 -3` names the box "-3"). A value in JSON (`\'to="6"\'`,',
    '`\'path=["c6","c7"]\'`) is read as JSON. Over HTTP the arguments are the body\'s `args`, as typed below',
    '(`?`: optional). The page builds each form from the same schema (an optional true/false is a choice of',
    'true, false or not given; a blank box is not given). Forum text is for players: the forms below are what',
    'the game offers as "did you mean"; each ruleset understands many more phrasings (README, Forum text).',
    "The Administrator's orders have no forum text: forum posts are players' announcements.",
    '',
    'Creating a game is `referee new RULESET --game ID` or `POST /api/games`, not a command of a game.',
    '',
    '## Every game',
    '',
    ...table(kernelCommands(), phrases),
  ];
  for (const id of registry.ids()) {
    const r = registry.get(id);
    if (!r) continue;
    out.push('', `## ${r.title} (\`${id}\`)`, '', ...table(rulesetCommands(registry, id), phrases, id));
  }
  return `${out.join('\n')}\n`;
}
