// Verbs that only look: every one goes through a view, so the flags decide what secrets may be printed.
import type { Command as Program } from 'commander';

import { nweekReport } from '../engine/report.js';
import { nweekReportMarkdown } from '../engine/report-markdown.js';
import { defaultRegistry } from '../rulesets/index.js';
import { viewerOf, withReferee } from './context.js';
import type { ViewerFlags } from './context.js';
import { UsageError } from './fail.js';

const viewerFlags = (cmd: Program): Program =>
  cmd
    .option('--as <player>', "that player's view")
    .option('--admin', "the Administrator's view (everything)")
    .option('--json', 'JSON instead of text');

export function registerViewVerbs(program: Program): void {
  viewerFlags(
    program.command('show').description('the board (x right, y up, (1,1) lower left)').argument('<game>'),
  ).action(async (game: string, opts: ViewerFlags & { json?: boolean }) => {
    const viewer = viewerOf(opts);
    await withReferee(program, async (referee) => {
      if (opts.json) console.log(JSON.stringify(await referee.view(game, viewer), null, 2));
      else console.log(await referee.render(game, viewer));
    });
  });

  viewerFlags(
    program.command('log').description('the log as the viewer may see it').argument('<game>'),
  ).action(async (game: string, opts: ViewerFlags & { json?: boolean }) => {
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
  });

  program
    .command('report')
    .description('the public report of an nweek, ready to paste into a forum')
    .argument('<game>')
    .option('--nweek <n>', 'which nweek (default: the last that ended)')
    .option('--format <format>', 'text, or markdown for a forum that renders it', 'text')
    .action(async (game: string, opts: { nweek?: string; format: string }) => {
      if (opts.nweek !== undefined && !/^\d+$/.test(opts.nweek))
        throw new UsageError('--nweek is a whole number');
      if (opts.format !== 'text' && opts.format !== 'markdown')
        throw new UsageError('--format is text or markdown');
      const report = opts.format === 'markdown' ? nweekReportMarkdown : nweekReport;
      await withReferee(program, async (referee) => {
        const nweek = opts.nweek === undefined ? undefined : Number(opts.nweek);
        const now = (await referee.state(game)).clock.nweek;
        if (nweek !== undefined && nweek > now)
          throw new UsageError(`nweek ${nweek} has not begun (the game is in nweek ${now})`, 'unknown-nweek');
        console.log(await report(referee, game, nweek));
      });
    });

  program
    .command('games')
    .description('the games in the database')
    .action(async () => {
      await withReferee(program, async (referee) => {
        for (const g of await referee.listGames())
          console.log(`${g.id}\t${g.ruleset}\t${g.entries} log entries`);
      });
    });

  program
    .command('rulesets')
    .description('the rulesets this program knows, with their rule modules')
    .action(() => {
      const registry = defaultRegistry();
      for (const id of registry.ids()) {
        const r = registry.get(id);
        if (!r) continue;
        console.log(`${r.id}: ${r.title} (${r.source})`);
        for (const m of r.modules) console.log(`  ${m.id}: ${m.section}`);
        for (const m of r.optional ?? []) console.log(`  (optional) ${m.id}: ${m.section}`);
      }
    });
}
