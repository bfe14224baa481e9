// Issue 16: every ruleset's nweek report can be pasted as it is. A real nweek of each ruleset is played on the
// table with supplied dice (report-games.ts) and its report is compared, word for word, with what a player should
// read (report-texts.ts): the standings in the rules' words (no JSON, no column that says nothing, Teams named),
// who did not act in time, and at the end how to check the dice. The dice section's claims are checked too: the
// seed it prints is the one committed where it says, and every roll it lists is drawn from it.
import { describe, expect, it } from 'vitest';
import { checkFairRoll, commitmentOf, hexToBytes, PUBLIC } from '../../src/core/index.js';
import { reportText } from '../../src/engine/report.js';
import { reportMarkdown } from '../../src/engine/report-markdown.js';
import type { Line } from '../support/report-games.js';
import { JANUARY, JUNE, JUNE_FAIR, LIFE, playOnTable, QUESTS, TUNNELERS } from '../support/report-games.js';
import * as texts from '../support/report-texts.js';

const report = (script: readonly Line[], format: 'text' | 'markdown' = 'text', nweek = 1): string => {
  const t = playOnTable(script);
  return (format === 'text' ? reportText : reportMarkdown)(t.kernel, 'g', t.entries, t.game, nweek);
};

describe('the report of a played nweek of each ruleset, exactly', () => {
  it('the January Grid: squares and points, the player who did not announce a move, manual dice', () => {
    expect(report(JANUARY)).toBe(texts.JANUARY_TEXT);
    expect(report(JANUARY, 'markdown')).toBe(texts.JANUARY_MARKDOWN);
  });

  it('the June Grid: what each holds by its name, a Pinball Gun, Female; no column of false', () => {
    expect(report(JUNE)).toBe(texts.JUNE_TEXT);
    expect(report(JUNE, 'markdown')).toBe(texts.JUNE_MARKDOWN);
  });

  it('the June Grid with fair dice: each roll names its seed, and the seed where it was committed and revealed', () => {
    expect(report(JUNE_FAIR)).toBe(texts.JUNE_FAIR_TEXT);
    expect(report(JUNE_FAIR, 'markdown')).toBe(texts.JUNE_FAIR_MARKDOWN);
  });

  it('Tunnelers: the player list, points and whose turn; the turns that timed out; no square of any mole', () => {
    expect(report(TUNNELERS)).toBe(texts.TUNNELERS_TEXT);
    expect(report(TUNNELERS, 'markdown')).toBe(texts.TUNNELERS_MARKDOWN);
    expect(report(TUNNELERS).match(/\b[a-h][1-8]\b/g) ?? []).toEqual([]);
  });

  it('Quests: rooms, what each carries in words, the active player', () => {
    expect(report(QUESTS)).toBe(texts.QUESTS_TEXT);
    expect(report(QUESTS, 'markdown')).toBe(texts.QUESTS_MARKDOWN);
  });

  it("Life: each player's Team and the Cells of it; no player without a Team shown as null", () => {
    expect(report(LIFE)).toBe(texts.LIFE_TEXT);
    expect(report(LIFE, 'markdown')).toBe(texts.LIFE_MARKDOWN);
  });
});

describe('every report reads as a person writes', () => {
  const all = [JANUARY, JUNE, JUNE_FAIR, TUNNELERS, QUESTS, LIFE].flatMap((s) => [
    report(s),
    report(s, 'markdown'),
  ]);

  it('has no JSON, no true/false cell and no null Team', () => {
    for (const r of all) {
      expect(r).not.toMatch(/[[{]"|\\\[|"\w+":/);
      expect(r).not.toMatch(/\| (true|false) \|/);
      expect(r).not.toMatch(/Team null|\| null \|/);
    }
  });

  it('ends with how to check its dice, naming the command for this game', () => {
    for (const r of all) {
      expect(r).toMatch(/#+ Checking the dice\n/);
      expect(r.slice(r.search(/#+ Checking the dice/))).toContain('referee verify g');
      expect(r).toMatch(/"Check the dice"/);
    }
  });
});

describe("the dice section's claims hold", () => {
  it('the seed it prints is the one committed where it says, and each listed roll is drawn from it', () => {
    const t = playOnTable(JUNE_FAIR);
    const text = reportText(t.kernel, 'g', t.entries, t.game, 1);
    const m =
      /public seed of nweek 1, from which the rolls above were drawn: committed on nday 1 of nweek 1 \(line (\d+) of the public log\) as SHA-256 ([0-9a-f]{64}); revealed on nday 7 of nweek 1 \(line (\d+)\): ([0-9a-f]{64})\./.exec(
        text,
      );
    expect(m).not.toBeNull();
    const [, committedAt, commitment, revealedAt, seed] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(commitmentOf(hexToBytes(seed))).toBe(commitment);
    const lines = t.kernel.logView(t.entries, PUBLIC, t.game);
    expect(lines.find((l) => l.seq === Number(committedAt))?.event).toMatchObject({
      type: 'seed-committed',
      commitment,
    });
    expect(lines.find((l) => l.seq === Number(revealedAt))?.event).toMatchObject({
      type: 'seed-revealed',
      seed,
    });
    const rolls = lines.filter((l) => l.nweek === 1).flatMap((l) => l.event.rolls ?? []);
    expect(rolls.length).toBe(3);
    for (const r of rolls) {
      expect(checkFairRoll('g', r, hexToBytes(seed))).toBeNull();
      expect(text).toContain(
        `${r.purpose}: #${Number(r.result) + 1} of 400 (the public seed of nweek 1, index ${r.proof?.first}`,
      );
    }
  });

  it('an nweek still going on names its seed as to be revealed, and shows no seed', () => {
    const t = playOnTable(JUNE_FAIR.slice(0, -1));
    const text = reportText(t.kernel, 'g', t.entries, t.game, 1);
    expect(text).toContain('(nweek 1 is still going on: nday 1 of 7.)');
    expect(text).toMatch(
      /The public seed of nweek 1, from which the rolls above were drawn: committed on .*; to be revealed when nweek 1 ends\./,
    );
    expect(text).not.toMatch(/revealed on/);
  });
});
