// What `referee post GAME PLAYER < message.txt` does (verbs-forum.ts registers it): a player's forum post,
// sentence by sentence (src/forum). One line per sentence on stdout; exit 0 if every sentence that tried to
// act was accepted, 2 (with one line on stderr) if any was rejected or not understood.
import { readFileSync } from 'node:fs';
import type { Command as Program } from 'commander';
import { ForumError, postAsAdministrator, postMessage, sentenceLine } from '../forum/index.js';
import type { SentenceResult } from '../forum/index.js';
import type { Commanding } from '../engine/ports/index.js';
import { withReferee } from './context.js';
import { UsageError } from './fail.js';
import { previewAnswer, Sandbox } from '../engine/preview.js';
import { printPreview } from './dry-run.js';

async function post(
  referee: Commanding,
  game: string,
  name: string | undefined,
  text: string,
  opts: { key?: string; json?: boolean; dryRun?: boolean },
): Promise<void> {
  let results: SentenceResult[];
  // --dry-run: the sentences are decided in order in a sandbox (src/engine/preview.ts), each on what the ones
  // before it would have left, and nothing is written (issue 16).
  const sandbox = opts.dryRun ? new Sandbox(referee, game) : undefined;
  try {
    const options = opts.key !== undefined ? { key: opts.key } : {};
    // Issue 24: without a player, the Administrator's post (amendments of the rules).
    results =
      name === undefined
        ? await postAsAdministrator(sandbox ?? referee, game, text, options)
        : await postMessage(sandbox ?? referee, game, name, text, options);
  } catch (e) {
    if (e instanceof ForumError) throw new UsageError(e.message, e.code);
    throw e;
  }
  const would = sandbox
    ? previewAnswer(referee.rules, {
        entries: sandbox.appended,
        state: await sandbox.state(game),
        duplicate: false,
        before: await referee.state(game),
      })
    : undefined;
  if (opts.json) console.log(JSON.stringify(would ? { dryRun: true, results, ...would } : results, null, 2));
  else {
    const rules = referee.rules.commands(await referee.state(game));
    for (const r of results) console.log(sentenceLine(r, (type) => rules.get(type)?.words ?? []));
    if (would) printPreview(would);
  }
  const refused = results.filter((r) => r.status === 'rejected').length;
  const unclear = results.filter((r) => r.status === 'not-understood').length;
  if (refused + unclear > 0)
    throw new UsageError(
      `${refused} sentence${refused === 1 ? '' : 's'} rejected, ${unclear} not understood`,
      'not-all-accepted',
    );
}

/** `referee post GAME PLAYER` (or `GAME --administrator`): the post from standard input. */
export async function postFromStdin(
  program: Program,
  game: string,
  name: string | undefined,
  opts: { key?: string; json?: boolean; dryRun?: boolean; administrator?: boolean },
): Promise<void> {
  if (opts.administrator === true && name !== undefined)
    throw new UsageError("a post is a player's or, with --administrator, the Administrator's: not both");
  if (opts.administrator !== true && name === undefined)
    throw new UsageError('name the player who posted it (or give --administrator)');
  const text = readFileSync(0, 'utf8');
  await withReferee(program, (referee) => post(referee, game, name, text, opts), opts);
}
