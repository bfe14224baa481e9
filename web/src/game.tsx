// One game as one viewer may see it: the drawing for its ruleset (or the text render), the viewer's legal
// commands as forms, the forum-post box, the Administrator's controls, and the log - kept current by the
// live-update stream, which refetches the view on every update (game/feed.ts). Each part is its own
// component under game/; this file lays them out and says which form a click on the drawing fills.
import { useState } from 'preact/hooks';
import type { Identities, Json } from './api';
import { loadIdentities, saveIdentities, text, tokenOf } from './api';
import { pickFields } from './forms';
import { offered, offersFor } from './offers';
import type { Pick } from './views/registry';
import { JoinForm } from './games';
import { NoticesPanel, useNotices } from './notices';
import { drawingFor } from './views/registry';
import { FactsView } from './views/facts';
import { Pending } from './pending';
import { WeekPanels } from './week';
import { AdminTokens } from './game/admin-tokens';
import { Commands } from './game/commands';
import { useGameFeed } from './game/feed';
import { GameHead } from './game/head';
import { Log } from './game/log';
import { PostBox } from './game/post-box';
import { TokenNotice } from './game/token-notice';
import { UseToken } from './game/use-token';

/** The players a view lists, by name. */
const playerNames = (players: Json | undefined): string[] =>
  Array.isArray(players)
    ? players.map((p) => (p !== null && typeof p === 'object' && !Array.isArray(p) ? text(p.name) : text(p)))
    : [];

export function GamePage({ game }: { game: string }) {
  const [ids, setIdsState] = useState<Identities>(() => loadIdentities(game));
  const setIds = (next: Identities) => {
    saveIdentities(game, next);
    setIdsState(next);
  };
  const token = tokenOf(ids);
  const [notice, setNotice] = useState<string | null>(() => {
    const k = `nomic-referee:new-token:${game}`;
    const n = sessionStorage.getItem(k);
    sessionStorage.removeItem(k);
    return n;
  });
  // The form a click on the drawing fills (the one last focused), and the last click.
  const [prepared, setPrepared] = useState<string | null>(null);
  const [pick, setPick] = useState<{ n: number; to: string; pick: Pick } | null>(null);
  const notices = useNotices(game, token);
  const { add: addNotices, reload: reloadNotices } = notices;
  const { payload, error, log, live, after } = useGameFeed(
    game,
    token,
    ids.current,
    addNotices,
    reloadNotices,
  );

  const drawing = payload ? drawingFor(payload) : undefined;
  const view = payload?.view ?? {};
  const role = payload?.viewer.role ?? 'public';
  // Only what this viewer may do now, as eir own view shows it (web/src/offers/).
  const offers = payload ? offersFor(payload) : {};
  const playerCommands = offered(payload?.commands.filter((c) => c.actor === 'player') ?? [], offers);
  const adminCommands = offered(payload?.commands.filter((c) => c.actor === 'admin') ?? [], offers);
  const shownCommands = role === 'admin' ? adminCommands : role === 'player' ? playerCommands : [];
  // A click on the drawing fills the form being prepared, or else the first that takes what was clicked.
  const receiver = (p: Pick): string | undefined => {
    const takes = shownCommands.filter((e) => pickFields(e.command, p) !== undefined);
    return (takes.find((e) => e.command.name === prepared) ?? takes[0])?.command.name;
  };
  const pickKind = drawing?.picks;
  const picksFor = pickKind ? receiver(PICK_SAMPLE[pickKind]) : undefined;
  const onPick = (p: Pick) => {
    const to = receiver(p);
    if (!to) return;
    setPrepared(to);
    setPick((old) => ({ n: (old?.n ?? 0) + 1, to, pick: p }));
  };

  return (
    <div class="game">
      <GameHead game={game} payload={payload} live={live} ids={ids} setIds={setIds} />
      {notice && <TokenNotice notice={notice} onDismiss={() => setNotice(null)} />}
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
      {payload && (
        <Pending view={view} you={payload.viewer.role === 'player' ? payload.viewer.name : undefined} />
      )}
      {payload && (
        <div class="columns">
          <section class="board-col" aria-label="the game">
            {drawing ? (
              <drawing.component payload={payload} {...(picksFor ? { onPick, picksFor } : {})} />
            ) : (
              <FactsView payload={payload} />
            )}
            {pick && pick.to === picksFor && (
              <p class="picked" data-testid="picked">
                {`Filled ${pickText(pick.pick)} into the form ${pick.to}.`}
              </p>
            )}
            {drawing && (
              <details class="as-text">
                <summary>The same, as text</summary>
                <pre class="text-view">{payload.text}</pre>
              </details>
            )}
          </section>
          <section class="act-col" aria-label="actions">
            {role === 'player' && (
              <>
                <h2>Your actions</h2>
                {token && (
                  <Commands
                    game={game}
                    token={token}
                    entries={playerCommands}
                    seq={payload.seq}
                    prepared={picksFor}
                    pick={pick}
                    onPrepare={setPrepared}
                    onDone={after}
                    empty="No action is open to you now."
                  />
                )}
                {token && (
                  <PostBox
                    game={game}
                    token={token}
                    seq={payload.seq}
                    example={payload.forumExample ?? null}
                    onDone={after}
                  />
                )}
              </>
            )}
            {role === 'admin' && token && (
              <>
                <h2>The Administrator's controls</h2>
                <Commands
                  game={game}
                  token={token}
                  entries={adminCommands}
                  seq={payload.seq}
                  prepared={picksFor}
                  pick={pick}
                  onPrepare={setPrepared}
                  rolls={view.dice === 'manual'}
                  preview
                  onDone={after}
                  empty="No command is open now."
                />
                <AdminTokens
                  game={game}
                  token={token}
                  players={playerNames(view.players)}
                  onAdminToken={(t) => {
                    setIds({ ...ids, admin: t });
                    setNotice(`The new admin token: ${t}`);
                  }}
                  onPlayerToken={(p, t) => setNotice(`${p}'s new token: ${t}`)}
                />
              </>
            )}
            {role === 'public' && (
              <>
                <JoinForm
                  games={[]}
                  fixed={game}
                  onJoined={(n) => {
                    setIdsState(loadIdentities(game));
                    // Issue 16: the token is shown once here too, with its copy button.
                    setNotice(n);
                  }}
                />
                <UseToken game={game} onIdentified={(next) => setIds(next)} ids={ids} />
              </>
            )}
          </section>
        </div>
      )}
      {payload && <WeekPanels game={game} token={token} payload={payload} lines={log} />}
      <NoticesPanel notices={notices.notices} />
      <section class="log" aria-labelledby="log-h">
        <h2 id="log-h">The log</h2>
        <Log lines={log} />
      </section>
    </div>
  );
}

/** A sample of each kind of click a drawing makes, to ask which form it would fill. */
const PICK_SAMPLE: Record<'xy' | 'square' | 'room', Pick> = {
  xy: { x: 1, y: 1 },
  square: { square: 'a1' },
  room: { room: '' },
};

const pickText = (p: Pick): string => ('x' in p ? `(${p.x},${p.y})` : 'square' in p ? p.square : p.room);
