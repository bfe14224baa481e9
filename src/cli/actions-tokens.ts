// What `referee token` and `referee admin-token` do. A new token replaces the holder's old one in the store
// (grantToken): the old one opens nothing more, on this machine's servers or any other process of the store.
// The token is printed once, like at joining: the store keeps only its hash.
import type { Command as Program } from 'commander';
import { playerNamed } from '../core/index.js';
import { ADMIN_HOLDER, issue, playerHolder } from '../server/tokens.js';
import { withReferee } from './context.js';
import { UsageError } from './fail.js';

export async function playerToken(program: Program, game: string, player: string): Promise<void> {
  await withReferee(program, async (referee) => {
    const state = await referee.state(game);
    // K13: named in any case; the token is the player's as e joined.
    const name = playerNamed(state, player);
    if (name === undefined) throw new UsageError(`${player} has not joined ${game}`, 'unknown-player');
    const t = issue(playerHolder(name));
    await referee.directory.grantToken(game, t.grant);
    console.log(`${name}'s new token for ${game} (the old one no longer works; shown only now): ${t.token}`);
  });
}

export async function adminToken(program: Program, game: string): Promise<void> {
  await withReferee(program, async (referee) => {
    await referee.state(game); // an unknown game is refused before anything is written
    const t = issue(ADMIN_HOLDER);
    await referee.directory.grantToken(game, t.grant);
    console.log(
      `The Administrator's new token for ${game} (the old one no longer works; shown only now): ${t.token}`,
    );
  });
}
