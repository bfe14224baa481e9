// Every command of every ruleset (enumerated from the registry, the kernel's included) is expressible, with
// the same meaning, on every edge the table in docs/commands.md says it is: arguments drawn from the
// command's schema are written as command-line words and read back the same; sent as an HTTP body they
// validate to the same; filled into the page's form (web/src/form-model.ts, the logic of the page's forms)
// they are sent the same; and a player's command with forum forms is what those forms parse to. Where an
// edge cannot say a command (the Administrator's orders in forum text, a command no phrase names), the
// table says so and these tests check that the phrase sets agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CommandRule, Json, JsonObject } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { readWords, renderWords, shapeOf, usage } from '../../src/cli/args.js';
import type { CommandEntry } from '../../src/cli/commands-table.js';
import {
  commandsMarkdown,
  edgesOf,
  forumForms,
  kernelCommands,
  NO_FORUM,
  pageFields,
  rulesetCommands,
} from '../../src/cli/commands-table.js';
import { CommandBody } from '../../src/server/schemas.js';
import { commandInfo } from '../../src/server/context.js';
import { fillForm } from '../../src/forum/index.js';
import { forumFor, PHRASES } from '../support/phrases.js';
import { GAME_PHRASES } from '../../src/forum/phrases/index.js';
import type { Parsed } from '../../src/forum/index.js';
import { fieldsOf, fieldText, formArgs } from '../../web/src/form-model.js';
import type { FieldValue, FormCommand } from '../../web/src/form-model.js';
import { argsArbitrary } from '../support/schema-arbitrary.js';

const registry = defaultRegistry();

interface Case extends CommandEntry {
  /** The ruleset whose command it is, or undefined for the kernel's (every game's). */
  readonly ruleset: string | undefined;
}

const CASES: Case[] = [
  ...kernelCommands().map((e) => ({ ...e, ruleset: undefined })),
  ...registry.ids().flatMap((id) => rulesetCommands(registry, id).map((e) => ({ ...e, ruleset: id }))),
];

/** What the rule's own parser makes of arguments: the value it runs with, or its refusal. */
function meaning(rule: CommandRule<unknown>, args: JsonObject): unknown {
  try {
    return { ok: rule.parse(args) };
  } catch (e) {
    return { refused: (e as Error).message };
  }
}

const accepted = (rule: CommandRule<unknown>, args: JsonObject): boolean =>
  'ok' in (meaning(rule, args) as object);

/**
 * Samples from the schema. Some break a rule's checks that JSON Schema cannot say (a tally's name, a
 * token's): every edge must then give the rule the same arguments, for it to refuse the same way.
 */
const samples = (rule: CommandRule<unknown>) => argsArbitrary(rule.argsSchema());

const RUNS = { numRuns: 150, seed: 18, interruptAfterTimeLimit: 10_000 };

const label = (c: Case) => `${c.ruleset ?? 'every game'}: ${c.name}`;

describe.each(CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
  const shape = shapeOf(c.name, c.rule);

  it("the command's words name its arguments, and its usage names every argument", () => {
    const props = Object.keys((c.rule.argsSchema() as { properties?: object }).properties ?? {});
    for (const w of c.rule.words) expect(props, `${c.name}'s word ${w}`).toContain(w);
    const text = usage(shape);
    // Each argument by its name, or (a positional choice) by its choices: `orders give|clear [ORDERS]`.
    const schemaOf = (p: string) =>
      ((c.rule.argsSchema() as { properties?: Record<string, { enum?: Json[] }> }).properties ?? {})[p];
    for (const p of props) {
      const choices = schemaOf(p)?.enum;
      const shown =
        choices && c.rule.words.includes(p)
          ? choices.map((x) => JSON.stringify(x).replace(/^"|"$/g, '')).join('|')
          : p;
      expect(text.toLowerCase(), text).toContain(shown.toLowerCase());
    }
  });

  it('the command line reads back every sample as it was written', () => {
    fc.assert(
      fc.property(samples(c.rule), (args) => {
        const words = renderWords(shape, args);
        expect(readWords(shape, words), JSON.stringify(words)).toEqual(args);
        // commander would take any other word starting with "-" for an option.
        for (const w of words) expect(w.startsWith('-') && !/^-\d+$/.test(w), w).toBe(false);
      }),
      RUNS,
    );
  });

  it('over HTTP, the body validates to the same arguments', () => {
    fc.assert(
      fc.property(samples(c.rule), (args) => {
        const body = CommandBody.parse(JSON.parse(JSON.stringify({ type: c.name, args })));
        expect(body.type).toBe(c.name);
        expect(body.args).toEqual(args);
        expect(meaning(c.rule, body.args as JsonObject)).toEqual(meaning(c.rule, args));
      }),
      RUNS,
    );
  });

  it("on the page, the form (from the API's description of the command) sends the same arguments", () => {
    const info = commandInfo(c.name, c.rule) as unknown as FormCommand;
    expect(fieldsOf(info).map(([n]) => n)).toEqual(pageFields(c));
    const required = new Set(info.schema.required ?? []);
    // An empty or blank box is "not given" on the page: text of only spaces is not a value there.
    const blank = (v: Json): boolean =>
      (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.some(blank));
    fc.assert(
      fc.property(samples(c.rule), (args) => {
        if (Object.values(args).some(blank)) return;
        const values: Record<string, FieldValue> = {};
        for (const [name, s] of fieldsOf(info)) {
          const v = args[name];
          if (v !== undefined) values[name] = fieldText(s, v, required.has(name));
        }
        // The same meaning: what the rule makes of the form's arguments is what it makes of the samples.
        expect(meaning(c.rule, formArgs(info, values)), JSON.stringify(values)).toEqual(
          meaning(c.rule, args),
        );
      }),
      RUNS,
    );
  });

  it('in forum text, as the table says', () => {
    const cell = edgesOf(c, PHRASES, c.ruleset).forum;
    const rulesets = c.ruleset === undefined ? registry.ids() : [c.ruleset];
    const produced = (id: string): Parsed[] => {
      const sets = PHRASES[id] ?? [];
      return [
        ...sets.flatMap((s) => s.examples.map((e) => e.parsed)),
        ...sets.flatMap((s) => s.forms).flatMap((f) => forumFor(id).parse(fillForm(f)) ?? []),
      ];
    };
    if (c.rule.actor === 'admin') {
      expect(cell).toBe(NO_FORUM.admin);
      for (const id of rulesets) expect(produced(id).map((p) => p.type)).not.toContain(c.name);
      return;
    }
    if (c.ruleset === undefined) {
      // A kernel command of a player's: the table names the forms every game takes (issue 16: asking again to
      // join, src/forum/phrases/game.ts), or none; every ruleset that takes forum text reads each as it.
      const forms = GAME_PHRASES.flatMap((s) => s.forms).filter((f) => f.type === c.name);
      if (forms.length === 0) expect(cell).toBe(NO_FORUM.phrase);
      for (const form of forms) {
        expect(cell).toContain(form.template);
        for (const id of rulesets)
          if ((PHRASES[id] ?? []).length > 0) expect(forumFor(id).parse(fillForm(form))?.type).toBe(c.name);
      }
      return;
    }
    const forms = forumForms(PHRASES, c.ruleset, c.name);
    if (forms === undefined) return expect(cell).toBe(NO_FORUM.ruleset);
    if (forms.length === 0) {
      expect(cell).toBe(NO_FORUM.phrase);
      expect(produced(c.ruleset).map((p) => p.type)).not.toContain(c.name);
      return;
    }
    const parser = forumFor(c.ruleset);
    for (const form of (PHRASES[c.ruleset] ?? []).flatMap((s) => s.forms).filter((f) => f.type === c.name)) {
      expect(cell).toContain(form.template);
      const parsed = parser.parse(fillForm(form));
      expect(parsed?.type, fillForm(form)).toBe(c.name);
      const args = settled(parsed as Parsed);
      expect(accepted(c.rule, args), `${fillForm(form)} → ${JSON.stringify(args)}`).toBe(true);
      // What the form's sample put in words comes out as that argument, where the words are not a reference.
      for (const [name, value] of Object.entries(form.sample)) {
        const got = (parsed as Parsed).args[name];
        if (got !== undefined && (typeof got !== 'object' || got === null)) expect(got).toEqual(value);
      }
    }
  });
});

/** A parsed sentence's arguments with its references settled to some id (as postMessage does from a view). */
function settled(parsed: Parsed): JsonObject {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(parsed.args)) {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if ('$ref' in o) out[k] = (o.$ref as { kind: string }).kind;
      else if ('$it' in o) out[k] = 'it';
      else if ('$player' in o) out[k] = String(o.$player);
      else out[k] = v as Json;
    } else out[k] = v as Json;
  }
  return out;
}

describe('forum text says only what the rules take', () => {
  it.each(Object.keys(PHRASES))(
    '%s: every example is a player command of the ruleset, in its schema',
    (id) => {
      const own = rulesetCommands(registry, id);
      const commands = new Map<string, CommandRule<unknown>>([
        ...kernelCommands().map((e) => [e.name, e.rule] as const),
        ...own.map((e) => [e.name, e.rule] as const),
      ]);
      for (const example of (PHRASES[id] ?? []).flatMap((s) => s.examples)) {
        const rule = commands.get(example.parsed.type);
        expect(rule?.actor, example.text).toBe('player');
        if (rule) expect(accepted(rule, settled(example.parsed)), example.text).toBe(true);
      }
    },
  );
});

describe('docs/commands.md', () => {
  it('is the table the rulesets and phrase sets give (regenerate: npm run build && npm run commands-table)', () => {
    const file = readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8');
    expect(file).toBe(commandsMarkdown(registry, PHRASES));
  });

  it('has a row for every command of every ruleset, with its usage', () => {
    const file = readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8');
    for (const c of CASES)
      expect(file, label(c)).toContain(usage(shapeOf(c.name, c.rule)).replace(/\|/g, '\\|'));
  });
});
