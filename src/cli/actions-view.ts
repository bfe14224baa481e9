// What the verbs that only look do (verbs-view.ts registers them): every one goes through a view, so the flags
// decide what secrets may be printed.
import type { Command as Program } from 'commander';
import { viewerOf, withReferee } from './context.js';
import type { ViewerFlags } from './context.js';
import type { GameState, Viewer } from '../core/index.js';
import { nameHolder, player } from '../core/index.js';
import type { Reading } from '../engine/ports/index.js';
import { UsageError } from './fail.js';
import { pendingLines } from './pending-text.js';

/** `referee show GAME`: the board as the viewer may see it. */
export async function show(
  program: Program,
  game: string,
  opts: ViewerFlags & { json?: boolean },
): Promise<void> {
  viewerOf(opts);
  await withReferee(
    program,
    async (referee) => {
      const state = await referee.state(game);
      const viewer = viewerIn(state, opts);
      if (opts.json) {
        console.log(JSON.stringify(await referee.view(game, viewer), null, 2));
        return;
      }
      const pending = pendingLines(
        await referee.view(game, viewer),
        viewer.role === 'player' ? viewer.name : undefined,
      );
      const below = pending.length > 0 ? `\n\n${pending.join('\n')}` : '';
      console.log(
        `${[heading(referee, state), ...admission(state)].join('\n')}\n\n${await referee.render(game, viewer)}${below}`,
      );
    },
    opts,
  );
}

/**
 * The viewer the flags name in this game. Issue 16: a view asked for someone the game does not know is bad
 * input, not the public's view; K13: a name in any case is the player as e joined ("--as ALICE" is alice's);
 * one who asked to join or was removed (K14, K15) has a view too, as eir token does on the page.
 */
function viewerIn(state: GameState, opts: ViewerFlags): Viewer {
  const viewer = viewerOf(opts);
  if (viewer.role !== 'player') return viewer;
  const held = nameHolder(state, viewer.name);
  if (!held)
    throw new UsageError(
      `${viewer.name} is not a player of ${state.game} (its players: ${state.players.join(', ') || 'none yet'})`,
      'unknown-player',
    );
  return player(held.name);
}

/** Who may join, who asks and who was removed (K14, K15), for the Administrator's eye: public facts. */
function admission(state: GameState): string[] {
  const { approval, requests, removed } = state.admission;
  return [
    ...(approval ? ["Joins need the Administrator's approval (approve-join, refuse-join)."] : []),
    ...(requests.length > 0 ? [`Asking to join: ${requests.join(', ')}.`] : []),
    ...(removed.length > 0 ? [`Removed by the Administrator: ${removed.join(', ')}.`] : []),
  ];
}

/** Where the game stands: its ruleset, nweek and nday (or that it is over), said first by `show`. */
function heading(referee: Reading, state: GameState): string {
  const title = referee.rules.registry.get(state.ruleset)?.title ?? state.ruleset;
  const when = state.ended
    ? `over after nweek ${state.clock.nweek}`
    : `nweek ${state.clock.nweek}, nday ${state.clock.nday}`;
  return `${state.game}: ${title}, ${when}`;
}

/** `referee log GAME`: the log as the viewer may see it. */
export async function log(
  program: Program,
  game: string,
  opts: ViewerFlags & { json?: boolean },
): Promise<void> {
  viewerOf(opts);
  await withReferee(
    program,
    async (referee) => {
      const viewer = viewerIn(await referee.state(game), opts);
      const lines = await referee.log(game, viewer);
      if (opts.json) {
        console.log(
          JSON.stringify(
            lines.map((l) => ({
              // The Administrator's lines carry the entry's number, which `correct` takes (ruling K12);
              // anyone else's numbering would count hidden entries, so theirs carry none.
              ...(viewer.role === 'admin' ? { seq: l.seq } : {}),
              nweek: l.nweek,
              nday: l.nday,
              event: l.event,
              text: l.text,
            })),
            null,
            2,
          ),
        );
        return;
      }
      const number = (seq: number) => (viewer.role === 'admin' ? `#${seq} ` : '');
      for (const l of lines) console.log(`${number(l.seq)}[nweek ${l.nweek}, nday ${l.nday}] ${l.text}`);
    },
    opts,
  );
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
    // Issue 16: what an Administrator looks for in the list: the ruleset, where each game stands, who plays.
    for (const g of await referee.listGames()) {
      const state = await referee.state(g.id);
      const players = state.players.length === 1 ? '1 player' : `${state.players.length} players`;
      const status = state.ended ? 'over' : `nweek ${state.clock.nweek}, nday ${state.clock.nday}`;
      console.log([g.id, g.ruleset, status, players, `${g.entries} log entries`].join('\t'));
    }
  });
}

/** `referee rulesets`: the rulesets this program knows, with their rule modules. */
export async function rulesets(): Promise<void> {
  // Every ruleset, loaded for this verb alone (the others load only the rulesets their games name).
  const registry = (await import('../rulesets/index.js')).defaultRegistry();
  for (const id of registry.ids()) {
    const r = registry.get(id);
    if (!r) continue;
    console.log(`${r.id}: ${r.title} (${r.source})`);
    for (const m of r.modules) console.log(`  ${m.id}: ${m.section}`);
    for (const m of r.optional ?? []) console.log(`  (optional) ${m.id}: ${m.section}`);
  }
}
