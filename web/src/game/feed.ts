// One game as one identity sees it, kept current: the view and the log, fetched once and then again on every
// update the live stream brings (and after a reconnection, whatever was missed). Apart from the page so that
// what is shown and how it is kept current are read separately.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { GamePayload, LiveState, LogLine, ShownNotice } from '../api';
import { api, follow } from '../api';
import { message } from '../message';

export interface GameFeed {
  /** The view (null while the identity's first one loads). */
  readonly payload: GamePayload | null;
  readonly error: string | null;
  /** The log's lines this identity may read, in order. */
  readonly log: LogLine[];
  readonly live: LiveState;
  /** Fetches the view and the new log lines now (after the viewer acted). */
  readonly after: () => void;
}

/**
 * Follows `game` as the holder of `token` (`current` names the identity: a rotated token is the same one).
 * Notices the stream pushes go to `addNotices`; after a reconnection `reloadNotices` catches up on them.
 */
export function useGameFeed(
  game: string,
  token: string | undefined,
  current: string,
  addNotices: (fresh: readonly ShownNotice[]) => void,
  reloadNotices: () => Promise<void>,
): GameFeed {
  const [payload, setPayload] = useState<GamePayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [live, setLive] = useState<LiveState>('connecting');
  const latest = useRef({ seq: -1, token });
  const lastLogSeq = useRef(0);
  const shownAs = useRef(current);

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

  return { payload, error, log, live, after };
}
