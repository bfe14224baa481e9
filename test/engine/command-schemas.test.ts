// Every command of every ruleset describes its arguments as a JSON Schema object: the web page builds its
// forms from these and the API documents them, so none may fail to convert.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULESETS } from '../../src/rulesets/index.js';
import { KERNEL_COMMANDS } from '../../src/core/kernel-commands.js';
import { command, Rejection } from '../../src/core/index.js';

describe('command argument schemas', () => {
  const all = [
    ...Object.entries(KERNEL_COMMANDS).map(([name, c]) => ['kernel', name, c] as const),
    ...RULESETS.flatMap((r) =>
      [...r.modules, ...(r.optional ?? [])].flatMap((m) =>
        Object.entries(m.commands ?? {}).map(([name, c]) => [r.id, name, c] as const),
      ),
    ),
  ];

  it.each(all)('%s %s: an object schema whose properties are the words it takes', (_r, _name, c) => {
    const schema = c.argsSchema();
    expect(schema.type).toBe('object');
    const properties = Object.keys((schema.properties ?? {}) as object);
    for (const word of c.words) expect(properties).toContain(word);
  });

  it('enter x y is two required integers', () => {
    const enter = RULESETS[0]?.modules
      .flatMap((m) => Object.entries(m.commands ?? {}))
      .find(([n]) => n === 'enter');
    expect(enter?.[1].argsSchema()).toMatchObject({
      type: 'object',
      properties: { x: { type: 'integer' }, y: { type: 'integer' } },
      required: ['x', 'y'],
    });
  });

  it('may be made on first use (issue 17): once, by whichever of parse and argsSchema comes first', () => {
    let made = 0;
    const rule = command<unknown, z.ZodType<{ n: number }>>({
      actor: 'player',
      summary: 'count',
      words: ['n'],
      args: () => {
        made++;
        return z.object({ n: z.number().int() }).strict();
      },
      run: () => undefined,
    });
    expect(made).toBe(0);
    expect(rule.parse({ n: 3 })).toEqual({ n: 3 });
    expect(() => rule.parse({ n: 'three' })).toThrow(Rejection);
    expect(rule.argsSchema()).toMatchObject({ type: 'object', required: ['n'] });
    expect(made).toBe(1);
  });
});
