// What each viewer may see: everyone sees this nweek's guesses, the Numbers revealed and the points; only the
// Administrator sees the Number before the nweek's end ("and tells no one").
import { balanceOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Viewer } from '../../core/index.js';
import type { GuessState } from './events.js';
import { guessParams } from './parameters.js';

export function guessView(rules: GuessState, game: GameState, viewer: Viewer): JsonObject {
  const view: Record<string, Json> = {
    largest: guessParams(game)['Largest number'],
    players: game.players.map((name) => ({ name, points: balanceOf(game.balances, name) })),
    guesses: rules.guesses.map((g) => ({ player: g.player, guess: g.guess })),
    revealed: rules.revealed.map((r) => ({ nweek: r.nweek, number: r.number })),
  };
  if (viewer.role === 'admin') view.number = rules.number;
  return view;
}

/** The view as text: what the page shows for a ruleset with no drawing of its own, and `referee show`. */
export function renderGuess(view: JsonObject): string {
  const guesses = (view.guesses ?? []) as { player: string; guess: number }[];
  const revealed = (view.revealed ?? []) as { nweek: number; number: number }[];
  const players = (view.players ?? []) as { name: string; points: number }[];
  const largest = view.largest as number;
  return [
    `The Number is from 1 to ${largest}${typeof view.number === 'number' ? `: it is ${view.number}` : ''}.`,
    `Guesses this nweek: ${guesses.map((g) => `${g.player} ${g.guess}`).join(', ') || 'none'}.`,
    `Revealed: ${revealed.map((r) => `nweek ${r.nweek}: ${r.number}`).join(', ') || 'nothing yet'}.`,
    `Points: ${players.map((p) => `${p.name} ${p.points}`).join(', ') || 'no players'}.`,
  ].join('\n');
}
