// `--dry-run` on every verb that gives a command (issue 16, "Preview before doing"): the command is decided
// against the game as the store has it now, in a Sandbox (src/engine/preview.ts), and what it would do is
// printed as the Administrator would see it; nothing is written: no entry, no command id, no token, no notice,
// no dice taken from the queue. A refusal is the real command's refusal, with its exit code (2). Fair dice are
// drawn from a stand-in (ruling K11): lines from the first fair roll on show one possible outcome.
import type { Command, RuleError } from '../core/index.js';
import type { Commanding } from '../engine/ports/index.js';
import type { PreviewAnswer } from '../engine/preview.js';
import { previewAnswer, Sandbox } from '../engine/preview.js';
import type { UsageError } from './fail.js';
import { printAbsences } from './actions-game.js';

/** Decides `command` in a sandbox and prints what it would do; throws the refusal the real one would. */
export async function dryRun(
  referee: Commanding,
  game: string,
  command: Command,
  flags: { json?: boolean },
  tokenFor: { readonly label: string } | undefined,
  refusal: (e: RuleError) => Promise<UsageError>,
): Promise<void> {
  const sandbox = new Sandbox(referee, game);
  const result = await sandbox.submit(game, command);
  if (!result.ok) throw await refusal(result.error);
  const answer = previewAnswer(referee.rules, result.value);
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, dryRun: true, ...answer }));
    return;
  }
  printPreview(answer);
  if (tokenFor && !answer.duplicate) console.log(`(${tokenFor.label} token would be issued and shown now.)`);
}

/** A preview for people: what would be appended, the dice it would roll, the absences; nothing written. */
export function printPreview(answer: PreviewAnswer): void {
  console.log('Dry run: nothing was written. Done now, this would do:');
  if (answer.duplicate) {
    console.log('(this command id was already applied; doing it would do nothing new)');
    return;
  }
  for (const l of answer.lines) if (l.type !== 'command') console.log(`${l.standIn ? '~ ' : '  '}${l.text}`);
  for (const r of answer.rolls)
    console.log(
      r.source === 'manual'
        ? `  dice: ${r.purpose}: ${r.expr} = ${JSON.stringify(r.result)} (from the queue of manual results)`
        : `  dice: ${r.purpose}: ${r.expr}, from the ${r.secret ? 'secret' : 'public'} stream, drawn when it is done`,
    );
  for (const c of answer.rules ?? []) console.log(`  rules: ${c.name} would be ${c.after} (now ${c.before})`);
  if (answer.standIn)
    console.log(
      '~ marks what rests on fair dice: the preview drew them from a stand-in, so the real outcome may differ.',
    );
  printAbsences(answer.absent);
}
