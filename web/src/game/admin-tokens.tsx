// The Administrator's tokens: rotating eir own (the old one stops working at once) and issuing a player a new
// one. Each new token is handed up to the page, which shows it once.
import { useState } from 'preact/hooks';
import { api } from '../api';
import { message } from '../message';

export function AdminTokens(props: {
  game: string;
  token: string;
  players: string[];
  onAdminToken: (t: string) => void;
  onPlayerToken: (player: string, t: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [player, setPlayer] = useState('');
  const rotate = async () => {
    if (!confirm('Rotate the admin token? The old one stops working at once.')) return;
    try {
      const res = await api.rotateAdmin(props.game, props.token);
      props.onAdminToken(res.adminToken);
    } catch (e) {
      setError(message(e));
    }
  };
  const issue = async (e: Event) => {
    e.preventDefault();
    try {
      const target = player || props.players[0] || '';
      const res = await api.playerToken(props.game, props.token, target);
      props.onPlayerToken(res.player, res.token);
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <div class="admin-tokens">
      <h3>Tokens</h3>
      <button type="button" onClick={() => void rotate()}>
        Rotate admin token
      </button>
      {props.players.length > 0 && (
        <form aria-label="issue a player token" class="inline-form" onSubmit={(e) => void issue(e)}>
          <label for="issue-player">
            <span>new token for</span>
            <select
              id="issue-player"
              value={player || props.players[0]}
              onChange={(e) => setPlayer(e.currentTarget.value)}
            >
              {props.players.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
          <button type="submit">Issue player token</button>
        </form>
      )}
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
