// Issue 28 item 5: a command handler refuses by returning a value (`return refuse(code, message)`). The kernel
// treats a returned refusal exactly as a thrown Rejection: the command's result is the refusal (as its giver
// may read it), and the working copy, with every event the handler emitted before refusing, is dropped.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { command, erase, player, refuse } from '../../src/core/index.js';
import type { CodeOf, Folds, GameEvent, Ruleset, Texts } from '../../src/core/index.js';
import { Table } from '../support/table.js';

type Marks = { readonly marks: number };
interface Marked extends GameEvent {
  readonly type: 'marked';
  readonly n: number;
}
const CODES = ['too-many'] as const;
type Code = CodeOf<(typeof CODES)[number]>;

const marks: Ruleset<Marks, Code> = {
  id: 'marks',
  title: 'marks',
  source: 'test',
  errorCodes: CODES,
  initial: () => ({ marks: 0 }),
  view: (rules) => ({ marks: rules.marks }),
  render: () => '',
  modules: [
    {
      id: 'marking',
      section: 'Marking',
      text: 'A player may make up to three marks at once; making more is refused, and makes none.',
      commands: {
        mark: command<Marks, z.ZodType<{ n: number; how: 'return' | 'throw' }>, Code>({
          actor: 'player',
          summary: 'make n marks',
          args: z.object({ n: z.number().int().min(1), how: z.enum(['return', 'throw']) }).strict(),
          run(ctx, _by, { n, how }) {
            // Emitted before the refusal: the refusal must drop it with the rest of the working copy.
            ctx.emit({ type: 'marked', vis: 'public', n });
            if (n <= 3) return;
            const message = `at most 3 marks at once, not ${n}`;
            if (how === 'throw') ctx.reject('too-many', message);
            return refuse('too-many', message);
          },
        }),
        wait: command<Marks, z.ZodType<Record<string, never>>, Code>({
          actor: 'player',
          summary: 'refuse as a missing manual die would',
          args: z.object({}).strict(),
          run: () => refuse('dice-needed', 'the roll for "a secret purpose" (1d6) is not queued'),
        }),
      },
      evolve: { marked: (s, e) => ({ marks: s.marks + e.n }) } satisfies Folds<Marks, Marked>,
      describe: { marked: (e) => `${e.n} marks.` } satisfies Texts<Marked>,
    },
  ],
};

function table(): Table {
  const t = new Table([erase(marks)]);
  t.create('marks');
  t.join('alice');
  return t;
}

describe('a refusal as a value (issue 28 item 5)', () => {
  it('a returned refusal is the result, and nothing the handler did is kept', () => {
    const t = table();
    const error = t.fail({ type: 'mark', by: player('alice'), args: { n: 5, how: 'return' } });
    expect(error).toEqual({ code: 'too-many', message: 'at most 3 marks at once, not 5' });
    expect(t.view({ role: 'admin' }).marks).toBe(0);
    t.ok({ type: 'mark', by: player('alice'), args: { n: 2, how: 'return' } });
    expect(t.view({ role: 'admin' }).marks).toBe(2);
  });

  it('returned and thrown refusals give the same result and change nothing alike', () => {
    const returned = table().fail({ type: 'mark', by: player('alice'), args: { n: 4, how: 'return' } });
    const thrown = table().fail({ type: 'mark', by: player('alice'), args: { n: 4, how: 'throw' } });
    expect(returned).toEqual(thrown);
  });

  it('a returned refusal is told to a player as a thrown one is (a missing die never says what it is for)', () => {
    const error = table().fail({ type: 'wait', by: player('alice'), args: {} });
    expect(error.code).toBe('dice-needed');
    expect(error.message).not.toContain('secret');
  });
});
