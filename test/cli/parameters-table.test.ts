// Issue 24: docs/parameters.md is the table of every ruleset's parameters (`npm run parameters-table`), and
// `referee rules GAME` shows a game's values in force with the amendment that set each.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { parametersMarkdown, rulesText } from '../../src/cli/parameters-table.js';
import { grid } from '../support/harness/grid.js';

describe('docs/parameters.md', () => {
  it('is the table the registry makes today (run `npm run parameters-table` after a change)', () => {
    const registry = defaultRegistry();
    const all = registry.ids().flatMap((id) => registry.get(id) ?? []);
    const file = readFileSync(new URL('../../docs/parameters.md', import.meta.url), 'utf8');
    expect(file).toBe(parametersMarkdown(all));
  });

  it('lists each Grid parameter with its section and sentence', () => {
    const file = readFileSync(new URL('../../docs/parameters.md', import.meta.url), 'utf8');
    expect(file).toContain(
      '| Grid size | The Grid | 20 | a whole number from 2 to 63 | The Grid is 20 units wide by 20 units tall. |',
    );
    expect(file).toContain('| Location dice | Shiny Things and Scary Dark Things | 2d20 |');
  });
});

describe('referee rules GAME', () => {
  it("shows the text's value, the value now and the amendment that set it", () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.admin('amend-rules', { set: { 'Shiny Thing points': '30' }, why: 'Proposal 4521' });
    t.admin('amend-rules', { set: { 'Move distance': 2 }, why: 'Proposal 4522', from: 'nweek' });
    const ruleset = t.kernel.registry.get('grid-2002-01');
    if (!ruleset) throw new Error('no Grid');
    const text = rulesText(ruleset, t.game);
    expect(text).toContain('    Grid size: 20 (the text’s)');
    expect(text).toContain('    Shiny Thing points: 30 (the text: 25, amendment 1 (Proposal 4521, nweek 1))');
    expect(text).toContain('    Move distance: 1 (the text’s)');
    expect(text).toContain(
      '  2. Move distance 2 from the next nweek, by Proposal 4522 (made nday 1 of nweek 1): pending',
    );
  });
});
