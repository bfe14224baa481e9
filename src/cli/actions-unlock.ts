// `referee mail unlock GAME PLAYER` (issue 23, item 4; ruling M11): the Administrator clears the wrong phrases
// counted against a player's secret phrase, so that mail with it is acted on again. For a player the
// Administrator knows made the failures emself; a phrase that may have been guessed is replaced instead
// (`referee address … --phrase-file`, which clears the count too). A phrase seen on the list is public: it
// is never unlocked, only replaced.
import type { Command as Program } from 'commander';
import { LOCK_FAILURES } from '../channels/mail/phrase-guard.js';
import { GAME_ID, PLAYER_NAME, playerNamed } from '../core/index.js';
import { withReferee } from './context.js';
import { UsageError } from './fail.js';

export async function mailUnlock(program: Program, game: string, name: string): Promise<void> {
  if (!GAME_ID.test(game))
    throw new UsageError(`"${game}" is not a game id (letters, digits, - and _)`, 'bad-game');
  if (!PLAYER_NAME.test(name)) throw new UsageError(`"${name}" is not a player name`, 'bad-player');
  await withReferee(program, async (referee) => {
    const known = playerNamed(await referee.state(game), name);
    if (known === undefined) throw new UsageError(`${name} is not a player of ${game}`, 'unknown-player');
    const standing = await referee.guards.phraseStanding(game, known);
    if (standing.burnedAt !== null)
      throw new UsageError(
        `${known}'s secret phrase was seen on the list (${new Date(standing.burnedAt).toISOString()}): it is public and cannot be unlocked; register a new one (referee address ${game} ${known} ADDRESS --phrase-file FILE)`,
        'phrase-burned',
      );
    await referee.guards.clearPhraseStanding(game, known);
    console.log(
      standing.failures === 0
        ? `${known}'s secret phrase in ${game} had no wrong phrases counted; nothing to unlock.`
        : `${known}'s secret phrase in ${game} is unlocked: ${standing.failures} wrong phrase${standing.failures === 1 ? '' : 's'} forgotten${standing.failures >= LOCK_FAILURES ? ' (it was locked)' : ''}.`,
    );
  });
}
