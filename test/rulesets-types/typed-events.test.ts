// Issue 28 item 5: events are typed. Each ruleset declares its events' shapes once (interfaces keyed by `type`)
// and its folds, texts and triggers read the fields typed (Folds, Texts, eventsOf in core/ruleset.ts). An
// untyped read — Number(e.ndays), str(e.player), String(event.x), e.at as Unit — means a fold or text was given
// an open record again; this test finds any such read in the rulesets' sources.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const RULESETS = join(ROOT, 'src', 'rulesets');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** An event's field read as an open record: converted (Number, String, str) or cast (as). */
const UNTYPED = /\b(?:Number|String|str)\((?:e|ev|event)\.|\b(?:e|ev|event)(?:\.[A-Za-z]+)*\s+as\s/;

function untypedReads(text: string): string[] {
  return text.split('\n').filter((line) => UNTYPED.test(line));
}

describe('typed events', () => {
  it('finds an untyped read of an event field (the check itself)', () => {
    expect(untypedReads('    icky: (s, e) => withDE(s, { x: Number(e.ndays) }),')).toHaveLength(1);
    expect(untypedReads('  `${str(e.player)} is Deaf.`')).toHaveLength(1);
    expect(untypedReads('  const at = String(event.at);')).toHaveLength(1);
    expect(untypedReads('  place: { on: e.at as unknown as Unit },')).toHaveLength(1);
    expect(untypedReads('  const q = e as Moved;')).toHaveLength(1);
    expect(untypedReads('    icky: (s, e) => withDE(s, { x: e.ndays }),')).toEqual([]);
    expect(untypedReads('  const sq = ALL_SQUARES[(roll.result as number) - 1];')).toEqual([]);
  });

  it('no ruleset reads an event field untyped', () => {
    const found = sources(RULESETS).flatMap((file) =>
      untypedReads(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
