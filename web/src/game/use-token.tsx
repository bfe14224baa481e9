// "Have a token?": a member of the public gives a player's or the Administrator's token, which the page asks
// the server about (so a wrong one is refused there) before it keeps it and views the game as its holder.
import { useState } from 'preact/hooks';
import type { Identities } from '../api';
import { api, ApiError } from '../api';
import { message } from '../message';

export function UseToken({
  game,
  ids,
  onIdentified,
}: {
  game: string;
  ids: Identities;
  onIdentified: (ids: Identities) => void;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const p = await api.view(game, token.trim());
      const next: Identities = { ...ids, players: { ...ids.players } };
      if (p.viewer.role === 'admin') {
        next.admin = token.trim();
        next.current = 'admin';
      } else if (p.viewer.role === 'player') {
        next.players[p.viewer.name] = token.trim();
        next.current = `player:${p.viewer.name}`;
      }
      setToken('');
      onIdentified(next);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401 ? 'That is not a token of this game.' : message(err),
      );
    }
  };
  return (
    <form class="card-form" aria-label="use a token" onSubmit={(e) => void submit(e)}>
      <h2>Have a token?</h2>
      <label for="use-token">
        <span>token (a player's or the Administrator's)</span>
        <input
          id="use-token"
          type="password"
          autocomplete="off"
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
          required
        />
      </label>
      <button type="submit">Use token</button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
