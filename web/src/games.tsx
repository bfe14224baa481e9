// The games on this server, and the forms to create one (receiving its admin token) or join one (receiving
// a player's token). Tokens are kept in this browser's localStorage, per game, and shown once.
import { useEffect, useState } from 'preact/hooks';
import type { GameSummary, Json, RulesetInfo } from './api';
import { api, loadIdentities, saveIdentities } from './api';
import { gameHref } from './app';
import { message } from './message';

/** Remembers a new token for a game and makes it the identity the game page shows. */
export function remember(game: string, who: { admin: string } | { player: string; token: string }): void {
  const ids = loadIdentities(game);
  if ('admin' in who) {
    ids.admin = who.admin;
    ids.current = 'admin';
  } else {
    ids.players[who.player] = who.token;
    ids.current = `player:${who.player}`;
  }
  saveIdentities(game, ids);
}

export function GameList() {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [rulesets, setRulesets] = useState<RulesetInfo[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.games().then(setGames, (e: unknown) => setError(message(e)));
    api.rulesets().then(setRulesets, (e: unknown) => setError(message(e)));
  }, []);

  return (
    <div class="games">
      <section aria-labelledby="games-h">
        <h1 id="games-h">Games</h1>
        {error && (
          <p class="outcome error" role="alert">
            {error}
          </p>
        )}
        {games === null ? (
          <p>Loading…</p>
        ) : games.length === 0 ? (
          <p>No games yet: create one below.</p>
        ) : (
          <table class="game-list">
            <thead>
              <tr>
                <th scope="col">game</th>
                <th scope="col">ruleset</th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.id}>
                  <td>
                    <a href={gameHref(g.id)}>{g.id}</a>
                  </td>
                  <td>{g.ruleset}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div class="two">
        <CreateForm rulesets={rulesets} />
        <JoinForm games={games ?? []} />
      </div>
    </div>
  );
}

function CreateForm({ rulesets }: { rulesets: RulesetInfo[] }) {
  const [ruleset, setRuleset] = useState('');
  const [game, setGame] = useState('');
  const [dice, setDice] = useState<'fair' | 'manual'>('fair');
  const [ndays, setNdays] = useState('7');
  const [config, setConfig] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = ruleset || rulesets[0]?.id || '';

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    let parsed: Json | undefined;
    try {
      parsed = config.trim() ? (JSON.parse(config) as Json) : undefined;
    } catch {
      setError('The configuration is not JSON.');
      return;
    }
    setBusy(true);
    try {
      const res = await api.create({
        ruleset: chosen,
        ...(game.trim() ? { game: game.trim() } : {}),
        dice,
        ndays: Number(ndays),
        ...(parsed !== undefined ? { config: parsed } : {}),
      });
      remember(res.game, { admin: res.adminToken });
      sessionStorage.setItem(
        `nomic-referee:new-token:${res.game}`,
        `Administrator's token: ${res.adminToken}`,
      );
      location.hash = gameHref(res.game);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card-form" aria-label="create a game" onSubmit={(e) => void submit(e)}>
      <h2>Create a game</h2>
      <label for="create-ruleset">
        <span>ruleset</span>
        <select id="create-ruleset" value={chosen} onChange={(e) => setRuleset(e.currentTarget.value)}>
          {rulesets.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id} — {r.title}
            </option>
          ))}
        </select>
      </label>
      <label for="create-game">
        <span>game id (optional)</span>
        <input
          id="create-game"
          value={game}
          onInput={(e) => setGame(e.currentTarget.value)}
          placeholder="made up if empty"
        />
      </label>
      <label for="create-dice">
        <span>dice</span>
        <select
          id="create-dice"
          value={dice}
          onChange={(e) => setDice(e.currentTarget.value === 'manual' ? 'manual' : 'fair')}
        >
          <option value="fair">fair (verifiable)</option>
          <option value="manual">manual (the Administrator supplies results)</option>
        </select>
      </label>
      <label for="create-ndays">
        <span>ndays in an nweek</span>
        <input
          id="create-ndays"
          type="number"
          min={1}
          max={100}
          value={ndays}
          onInput={(e) => setNdays(e.currentTarget.value)}
        />
      </label>
      <details>
        <summary>configuration (JSON, optional)</summary>
        <label for="create-config">
          <span>config</span>
          <textarea
            id="create-config"
            rows={4}
            value={config}
            onInput={(e) => setConfig(e.currentTarget.value)}
            placeholder='e.g. {"width": 8, "height": 8}'
          />
        </label>
      </details>
      <button type="submit" disabled={busy || !chosen}>
        Create game
      </button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function JoinForm({
  games,
  fixed,
  onJoined,
}: {
  games: GameSummary[];
  fixed?: string;
  /** Told the token's notice when joined here (the game's own page shows it at once). */
  onJoined?: (notice: string) => void;
}) {
  const [game, setGame] = useState(fixed ?? '');
  const [player, setPlayer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = fixed ?? (game || games[0]?.id || '');

  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await api.join(target, player.trim());
      remember(target, { player: res.player, token: res.token });
      // Issue 16 (K14): where joins need approval, the token is the requester's, and works once approved.
      const waits = res.pending ? " (your request to join waits for the Administrator's approval)" : '';
      const notice = `${res.player}'s token${waits}: ${res.token}`;
      if (onJoined) onJoined(notice);
      else {
        sessionStorage.setItem(`nomic-referee:new-token:${target}`, notice);
        location.hash = gameHref(target);
      }
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card-form" aria-label="join a game" onSubmit={(e) => void submit(e)}>
      <h2>{fixed ? 'Join this game' : 'Join a game'}</h2>
      {!fixed && (
        <label for="join-game">
          <span>game</span>
          <select id="join-game" value={target} onChange={(e) => setGame(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.id} ({g.ruleset})
              </option>
            ))}
          </select>
        </label>
      )}
      <label for={fixed ? 'join-player-here' : 'join-player'}>
        <span>your player name</span>
        <input
          id={fixed ? 'join-player-here' : 'join-player'}
          value={player}
          onInput={(e) => setPlayer(e.currentTarget.value)}
          required
          pattern="[A-Za-z][A-Za-z0-9._\-]{0,31}"
          title="a letter, then letters, digits, . _ -; at most 32"
        />
      </label>
      <button type="submit" disabled={busy || !target}>
        Join
      </button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
