// Tokens from the command line (issue 16: "for an Administrator who lost the page's token"): a player's token
// issued again, and the Administrator's rotated. Only names and words here; the work is in actions-tokens.ts.
import type { Command as Program } from 'commander';

const actions = () => import('./actions-tokens.js');

export function registerTokenVerbs(program: Program): void {
  program
    .command('token')
    .description("issue a player's token again (for the page and the API); eir old one stops working")
    .argument('<game>', 'game id')
    .argument('<player>', 'a player of the game')
    .action(async (game: string, player: string) => (await actions()).playerToken(program, game, player));
  program
    .command('admin-token')
    .description("rotate the Administrator's token of a game; the old one stops working")
    .argument('<game>', 'game id')
    .action(async (game: string) => (await actions()).adminToken(program, game));
}
