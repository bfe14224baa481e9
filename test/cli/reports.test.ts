// Issue 16: `referee report` of an nweek of each ruleset, played through the built program with supplied dice
// (the scripts of report-games.ts, typed as an Administrator and players would), is word for word the report a
// player should read (report-texts.ts, also checked on the table by test/engine/reports.test.ts), in text and in
// Markdown. Needs `npm run build`.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import type { Line } from '../support/report-games.js';
import { JANUARY, JUNE, LIFE, QUESTS, TUNNELERS } from '../support/report-games.js';
import * as texts from '../support/report-texts.js';

afterAll(removeTempDirs);

/** The script played through the program; then the report of nweek 1 in each format. */
function reports(script: readonly Line[]): { text: string; markdown: string } {
  const cli = new Cli();
  for (const line of script) cli.ok(...line);
  const text = cli.ok('report', 'g', '--nweek', '1');
  const markdown = cli.ok('report', 'g', '--nweek', '1', '--format', 'markdown');
  // The report is the default one once the nweek has ended, and verify agrees with the log it is made from.
  expect(cli.ok('report', 'g')).toBe(text);
  expect(cli.ok('verify', 'g')).toContain('g verifies');
  return { text, markdown };
}

describe('referee report, exactly as a player reads it', () => {
  it('the January Grid', () => {
    const r = reports(JANUARY);
    expect(r.text).toBe(`${texts.JANUARY_TEXT}\n`);
    expect(r.markdown).toBe(`${texts.JANUARY_MARKDOWN}\n`);
  });

  it('the June Grid', () => {
    const r = reports(JUNE);
    expect(r.text).toBe(`${texts.JUNE_TEXT}\n`);
    expect(r.markdown).toBe(`${texts.JUNE_MARKDOWN}\n`);
  });

  it('Tunnelers', () => {
    const r = reports(TUNNELERS);
    expect(r.text).toBe(`${texts.TUNNELERS_TEXT}\n`);
    expect(r.markdown).toBe(`${texts.TUNNELERS_MARKDOWN}\n`);
  });

  it('Quests', () => {
    const r = reports(QUESTS);
    expect(r.text).toBe(`${texts.QUESTS_TEXT}\n`);
    expect(r.markdown).toBe(`${texts.QUESTS_MARKDOWN}\n`);
  });

  it('Life', () => {
    const r = reports(LIFE);
    expect(r.text).toBe(`${texts.LIFE_TEXT}\n`);
    expect(r.markdown).toBe(`${texts.LIFE_MARKDOWN}\n`);
  });

  it('with fair dice, the report names the seeds the public log committed and revealed, and no other', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'g');
    cli.ok('join', 'g', 'alice');
    cli.ok('tick', 'g', '--nweek');
    const text = cli.ok('report', 'g', '--nweek', '1');
    const log = cli.json<
      { event: { type: string; stream?: string; epoch?: number; seed?: string; commitment?: string } }[]
    >('log', 'g', '--json');
    const revealed = log.filter((l) => l.event.type === 'seed-revealed').map((l) => l.event.seed);
    const committed = log.filter((l) => l.event.type === 'seed-committed').map((l) => l.event.commitment);
    const hexes = text.slice(text.indexOf('## Checking the dice')).match(/\b[0-9a-f]{64}\b/g) ?? [];
    // nweek 1's seed and its commitment, and the secret seed's commitment: nothing the public log does not hold.
    expect(hexes).toHaveLength(3);
    for (const h of hexes) expect([...revealed, ...committed]).toContain(h);
    expect(text).toContain('or referee verify g. A seed');
  });
});
