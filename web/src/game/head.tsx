// The head of a game's page: its name and ruleset, where it stands (nweek, nday, entry), whether the live
// stream is connected, and whom the page shows it as (the identities kept in this browser).
import type { GamePayload, Identities, LiveState } from '../api';
import { text } from '../api';

/** Whom an identity kept in this browser shows the game as, in words. */
const identityLabel = (id: string): string =>
  id === 'admin' ? 'the Administrator' : id.startsWith('player:') ? id.slice('player:'.length) : 'the public';

/** The live mark: green only while the stream is connected and heard from (see liveness.ts). */
const LIVE_LABEL: Record<LiveState, string> = {
  connecting: '○ connecting',
  live: '● live',
  stale: '◌ stale: reconnecting',
  retrying: '○ reconnecting',
};

const LIVE_TITLE: Record<LiveState, string> = {
  connecting: 'connecting to live updates',
  live: 'live updates: changes appear as they are made',
  stale: 'no word from the server for two heartbeats: this page may be behind; connecting again',
  retrying: 'live updates were interrupted: connecting again',
};

export function GameHead(props: {
  game: string;
  payload: GamePayload | null;
  live: LiveState;
  ids: Identities;
  /** Shows the game as another identity, or forgets one. */
  setIds: (next: Identities) => void;
}) {
  const { game, payload, live, ids, setIds } = props;
  const view = payload?.view ?? {};
  const clock =
    typeof view.nweek === 'number'
      ? `nweek ${view.nweek}, nday ${text(view.nday)} of ${text(view.ndays)}`
      : '';
  const identities = [
    'public',
    ...(ids.admin ? ['admin'] : []),
    ...Object.keys(ids.players).map((p) => `player:${p}`),
  ];
  return (
    <div class="game-head">
      <h1>
        {game} <small>{payload?.ruleset}</small>
      </h1>
      <p class="status">
        <span data-testid="viewer">Viewing as {identityLabel(ids.current)}</span>
        {clock && <span> · {clock}</span>}
        {payload && <span data-testid="seq"> · entry {payload.seq}</span>}
        {view.ended ? <span> · the game is over</span> : null}
        <span class={`live ${live}`} data-testid="live" title={LIVE_TITLE[live]}>
          {LIVE_LABEL[live]}
        </span>
      </p>
      <div class="identity">
        <label for="identity">
          <span>view as</span>
          <select
            id="identity"
            value={ids.current}
            onChange={(e) => setIds({ ...ids, current: e.currentTarget.value })}
          >
            {identities.map((i) => (
              <option key={i} value={i}>
                {identityLabel(i)}
              </option>
            ))}
          </select>
        </label>
        {ids.current !== 'public' && (
          <button
            type="button"
            class="quiet"
            onClick={() => {
              const next: Identities = { players: { ...ids.players }, current: 'public' };
              if (ids.current !== 'admin' && ids.admin) next.admin = ids.admin;
              if (ids.current.startsWith('player:')) delete next.players[ids.current.slice('player:'.length)];
              setIds(next);
            }}
          >
            Forget this token
          </button>
        )}
      </div>
    </div>
  );
}
