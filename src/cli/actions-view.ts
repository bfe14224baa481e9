// What the verbs that only look do (verbs-view.ts registers them): every one goes through a view, so the flags
// decide what secrets may be printed.
import type { Command as Program } from 'commander';
import { defaultRegistry } from '../rulesets/index.js';
import { viewerOf, withReferee } from './context.js';
import type { ViewerFlags } from './context.js';
import { UsageError } from './fail.js';

/** `referee show GAME`: the board as the viewer may see it. */
export async function show(
  program: Program,
  game: string,
  opts: ViewerFlags & { json?: boolean },
): Promise<void> {
  const viewer = viewerOf(opts);
  await withReferee(program, async (referee) => {
    if (opts.json) console.log(JSON.stringify(await referee.view(game, viewer), null, 2));
    else console.log(await referee.render(game, viewer));
  });
}

/** `referee log GAME`: the log as the viewer may see it. */
export async function log(
  program: Program,
  game: string,
  opts: ViewerFlags & { json?: boolean },
): Promise<void> {
  const viewer = viewerOf(opts);
  await withReferee(program, async (referee) => {
    const lines = await referee.log(game, viewer);
    if (opts.json) {
      console.log(
        JSON.stringify(
          lines.map((l) => ({ nweek: l.nweek, nday: l.nday, event: l.event, text: l.text })),
          null,
          2,
        ),
      );
      return;
    }
    for (const l of lines) console.log(`[nweek ${l.nweek}, nday ${l.nday}] ${l.text}`);
  });
}

/** `referee report GAME`: an nweek's public report. */
export async function report(
  program: Program,
  game: string,
  opts: { nweek?: string; format: string },
): Promise<void> {
  if (opts.nweek !== undefined && !/^\d+$/.test(opts.nweek))
    throw new UsageError('--nweek is a whole number');
  if (opts.format !== 'text' && opts.format !== 'markdown')
    throw new UsageError('--format is text or markdown');
  // The report's writers are this verb's alone.
  const write =
    opts.format === 'markdown'
      ? (await import('../engine/report-markdown.js')).nweekReportMarkdown
      : (await import('../engine/report.js')).nweekReport;
  await withReferee(program, async (referee) => {
    const nweek = opts.nweek === undefined ? undefined : Number(opts.nweek);
    const now = (await referee.state(game)).clock.nweek;
    if (nweek !== undefined && nweek > now)
      throw new UsageError(`nweek ${nweek} has not begun (the game is in nweek ${now})`, 'unknown-nweek');
    console.log(await write(referee, game, nweek));
  });
}

/** `referee games`: the games in the database. */
export async function games(program: Program): Promise<void> {
  await withReferee(program, async (referee) => {
    for (const g of await referee.listGames()) console.log(`${g.id}\t${g.ruleset}\t${g.entries} log entries`);
  });
}

/** `referee rulesets`: the rulesets this program knows, with their rule modules. */
export function rulesets(): void {
  const registry = defaultRegistry();
  for (const id of registry.ids()) {
    const r = registry.get(id);
    if (!r) continue;
    console.log(`${r.id}: ${r.title} (${r.source})`);
    for (const m of r.modules) console.log(`  ${m.id}: ${m.section}`);
    for (const m of r.optional ?? []) console.log(`  (optional) ${m.id}: ${m.section}`);
  }
}
