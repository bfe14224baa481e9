// One game as one viewer may see it: the drawing for its ruleset (or the text render), the viewer's legal
// commands as forms, the forum-post box, the Administrator's controls, and the log - kept current by the
// live-update stream, which refetches the view on every update.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { CommandInfo, GamePayload, Identities, Json, LiveState, LogLine, SentenceResult } from './api';
import { api, ApiError, follow, loadIdentities, newKey, saveIdentities, text, tokenOf } from './api';
import type { Outcome } from './forms';
import { CommandForm, OutcomeLine, pickFields } from './forms';
import type { CommandOffer } from './offers';
import { offered, offersFor } from './offers';
import type { Pick } from './views/registry';
import { JoinForm } from './games';
import { NoticesPanel, useNotices } from './notices';
import { drawingFor } from './views/registry';
import { Pending } from './pending';
import { WeekPanels } from './week';
import { CopyButton } from './copy';

const message = (e: unknown): string =>
  e instanceof ApiError ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);

/** The players a view lists, by name. */
const playerNames = (players: Json | undefined): string[] =>
  Array.isArray(players)
    ? players.map((p) => (p !== null && typeof p === 'object' && !Array.isArray(p) ? text(p.name) : text(p)))
    : [];

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

export function GamePage({ game }: { game: string }) {
  const [ids, setIdsState] = useState<Identities>(() => loadIdentities(game));
  const setIds = (next: Identities) => {
    saveIdentities(game, next);
    setIdsState(next);
  };
  const token = tokenOf(ids);
  const [payload, setPayload] = useState<GamePayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [live, setLive] = useState<LiveState>('connecting');
  const [notice, setNotice] = useState<string | null>(() => {
    const k = `nomic-referee:new-token:${game}`;
    const n = sessionStorage.getItem(k);
    sessionStorage.removeItem(k);
    return n;
  });
  const latest = useRef({ seq: -1, token });
  // The form a click on the drawing fills (the one last focused), and the last click.
  const [prepared, setPrepared] = useState<string | null>(null);
  const [pick, setPick] = useState<{ n: number; to: string; pick: Pick } | null>(null);
  const lastLogSeq = useRef(0);
  const current = ids.current;
  const shownAs = useRef(current);
  const notices = useNotices(game, token);
  const { add: addNotices, reload: reloadNotices } = notices;

  const refresh = useCallback(async () => {
    try {
      const p = await api.view(game, token);
      // Answers that arrive late (for an identity no longer shown, or older than one shown) are dropped.
      if (latest.current.token !== token || p.seq < latest.current.seq) return;
      latest.current.seq = p.seq;
      setPayload(p);
      setError(null);
    } catch (e) {
      if (latest.current.token === token) setError(message(e));
    }
  }, [game, token]);

  const addLines = useCallback((lines: readonly LogLine[]) => {
    if (lines.length === 0) return;
    setLog((old) => {
      const seen = new Set(old.map((l) => `${l.seq}:${l.text}`));
      const fresh = lines.filter((l) => !seen.has(`${l.seq}:${l.text}`));
      if (fresh.length === 0) return old;
      const next = [...old, ...fresh].sort((a, b) => a.seq - b.seq);
      lastLogSeq.current = next[next.length - 1]?.seq ?? lastLogSeq.current;
      return next;
    });
  }, []);

  const fetchLog = useCallback(async () => {
    try {
      const res = await api.log(game, token, lastLogSeq.current + 1);
      if (latest.current.token === token) addLines(res.lines);
    } catch (e) {
      setError(message(e));
    }
  }, [game, token, addLines]);

  // A new identity sees a different game: start again, and follow the game as that identity.
  useEffect(() => {
    latest.current = { seq: -1, token };
    lastLogSeq.current = 0;
    // Another identity's view must not stay up while this one's loads (a rotated token is the same one).
    if (shownAs.current !== current) setPayload(null);
    shownAs.current = current;
    setLog([]);
    void refresh();
    void fetchLog();
    const stop = new AbortController();
    void follow(
      game,
      token,
      {
        onUpdate: (u) => {
          addLines(u.lines);
          void refresh();
        },
        onNotice: (n) => addNotices([n]),
        onState: (s) => {
          setLive(s);
          // After a reconnection, catch up on whatever was missed.
          if (s === 'live') {
            void refresh();
            void fetchLog();
            void reloadNotices();
          }
        },
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [game, token, current, refresh, fetchLog, addLines, addNotices, reloadNotices]);

  const after = () => {
    void refresh();
    void fetchLog();
  };

  const identities = [
    'public',
    ...(ids.admin ? ['admin'] : []),
    ...Object.keys(ids.players).map((p) => `player:${p}`),
  ];
  const drawing = payload ? drawingFor(payload) : undefined;
  const view = payload?.view ?? {};
  const clock =
    typeof view.nweek === 'number'
      ? `nweek ${view.nweek}, nday ${text(view.nday)} of ${text(view.ndays)}`
      : '';
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
                if (ids.current.startsWith('player:'))
                  delete next.players[ids.current.slice('player:'.length)];
                setIds(next);
              }}
            >
              Forget this token
            </button>
          )}
        </div>
      </div>
      {notice && (
        <div class="notice" role="status">
          <p>
            <strong>Keep this token:</strong> <code data-testid="new-token">{notice}</code>{' '}
            {/* Issue 16: a copy button where a token is shown; it copies the token alone, not its label. */}
            <CopyButton text={tokenIn(notice)} label="Copy the token" testid="copy-token" />
          </p>
          <p>It is shown this once and kept in this browser. Anyone who has it can act as its holder.</p>
          <button type="button" class="quiet" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
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
              <pre class="text-view">{payload.text}</pre>
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

/**
 * The forms of the commands offered now. What each submission came to is kept here, numbered, so that it
 * outlives its form (an `enter` is no longer offered once it is done) and is marked as earlier once anything
 * happens after it: another submission, or an update of the view.
 */
function Commands(props: {
  game: string;
  token: string;
  entries: { command: CommandInfo; offer: CommandOffer }[];
  /** The viewer's position now: an outcome given at an earlier one is no longer current. */
  seq: number;
  /** The form a click on the drawing fills, and the last click. */
  prepared: string | undefined;
  pick: { n: number; to: string; pick: Pick } | null;
  onPrepare: (command: string) => void;
  rolls?: boolean;
  preview?: boolean;
  onDone: () => void;
  empty: string;
}) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [attempts, setAttempts] = useState(0);
  const counted = useRef(0);
  const stale = (o: Outcome) => o.attempt < attempts || o.seq < props.seq;
  const shown = new Set(props.entries.map((e) => e.command.name));
  const orphans = Object.entries(outcomes).filter(([name]) => !shown.has(name));
  return (
    <div class="actions-list" data-attempts={attempts}>
      {orphans.length > 0 && (
        <div class="results" aria-label="results of your last actions">
          {orphans
            .sort(([, a], [, b]) => b.attempt - a.attempt)
            .map(([name, o]) => (
              <OutcomeLine key={name} command={name} outcome={o} stale={stale(o)} named />
            ))}
        </div>
      )}
      {props.entries.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <div class="commands">
          {props.entries.map(({ command, offer }) => {
            const o = outcomes[command.name];
            return (
              <CommandForm
                key={command.name}
                game={props.game}
                token={props.token}
                command={command}
                offer={offer}
                rolls={props.rolls ?? false}
                preview={props.preview ?? false}
                outcome={o}
                stale={o ? stale(o) : false}
                onOutcome={(r) => {
                  const attempt = ++counted.current;
                  setAttempts(attempt);
                  setOutcomes((old) => ({
                    ...old,
                    [command.name]: {
                      ok: r.ok,
                      text: r.text,
                      seq: r.seq ?? props.seq,
                      attempt,
                      ...(r.absent ? { absent: r.absent } : {}),
                    },
                  }));
                }}
                prepared={props.prepared === command.name}
                pick={props.pick?.to === command.name ? props.pick : undefined}
                onPrepare={() => props.onPrepare(command.name)}
                onDone={props.onDone}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

function Log({ lines }: { lines: LogLine[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(-200);
  // The newest lines are at the bottom: keep them in sight as they arrive, unless the reader scrolled up.
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [shown.length, lines]);
  return (
    <>
      {lines.length > shown.length && (
        <button type="button" class="quiet" onClick={() => setAll(true)}>
          Show all {lines.length} lines
        </button>
      )}
      <ol
        class="log-lines"
        aria-live="polite"
        data-testid="log"
        ref={box}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {shown.map((l) => (
          <li key={`${l.seq}:${l.text}`} value={l.seq}>
            <span class="when">
              {l.nweek}.{l.nday}
            </span>{' '}
            {l.text || <em>{l.type}</em>}
          </li>
        ))}
      </ol>
    </>
  );
}

const STATUS: Record<SentenceResult['status'], string> = {
  accepted: 'accepted',
  rejected: 'rejected',
  'not-understood': 'not understood',
  ignored: 'no action',
};

function PostBox(props: {
  game: string;
  token: string;
  seq: number;
  example: string | null;
  onDone: () => void;
}) {
  const { game, token, onDone } = props;
  const [text, setText] = useState('');
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<SentenceResult[] | null>(null);
  // The viewer's position once the post was acted on: anything later makes its results earlier ones.
  const [resultSeq, setResultSeq] = useState(Infinity);
  const [error, setError] = useState<string | null>(null);
  const stale = results !== null && props.seq > resultSeq;

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api.post(game, token, text, key);
      setResults(res.sentences);
      setResultSeq(Infinity);
      setKey(newKey());
      onDone();
      void api.view(game, token).then(
        (v) => setResultSeq(v.seq),
        () => undefined,
      );
    } catch (err) {
      setError(message(err));
      if (!(err instanceof ApiError) || err.status !== 0) setKey(newKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="post" aria-label="forum post" onSubmit={(e) => void submit(e)}>
      <h3>Post in forum English</h3>
      <label for="post-text">
        <span>{props.example ? `your post (e.g. “${props.example}”)` : 'your post'}</span>
        <textarea
          id="post-text"
          rows={3}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          required
        />
      </label>
      <button type="submit" disabled={busy || text.trim() === ''}>
        Post
      </button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
      {results && (
        <ol class={`sentences${stale ? ' stale' : ''}`} data-testid="sentences">
          {stale && (
            <li class="earlier">
              <span class="badge">earlier</span> what became of your last post, before the latest update:
            </li>
          )}
          {results.map((r, i) => (
            <li key={i} class={`sentence ${r.status}`}>
              <span class="badge">{STATUS[r.status] ?? r.status}</span> “{r.sentence}”
              {r.duplicate ? ' (already done)' : ''}
              {r.error && (
                <span class="why">
                  {' '}
                  — {r.error.message} ({r.error.code})
                </span>
              )}
              {r.nearest && <span class="why"> — did you mean: “{r.nearest}”?</span>}
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}

function AdminTokens(props: {
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

function UseToken({
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

/** The token in a "…'s token: nr_…" notice (the whole notice if it names none). */
export function tokenIn(notice: string): string {
  return /nr_[A-Za-z0-9_-]+/.exec(notice)?.[0] ?? notice;
}
