// The "Notices" panel (issue 14): the reminders, deadlines and other notices written for the viewer (and
// the public ones), read once (GET …/notices) and then pushed by the live stream. Each is numbered among the
// viewer's own, so merging the two by number shows each once.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ShownNotice } from './api';
import { api } from './api';

/** The viewer's notices, kept current: `add` for one pushed by the stream, `reload` after a reconnection. */
export function useNotices(game: string, token: string | undefined) {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const who = useRef(token);

  const add = useCallback((fresh: readonly ShownNotice[]) => {
    if (fresh.length === 0) return;
    setNotices((old) => {
      const byN = new Map(old.map((n) => [n.n, n]));
      for (const n of fresh) byN.set(n.n, n);
      return [...byN.values()].sort((a, b) => a.n - b.n);
    });
  }, []);

  const reload = useCallback(async () => {
    try {
      const res = await api.notices(game, token);
      if (who.current === token) add(res.notices);
    } catch {
      // The panel is secondary: the game's own error line tells of an unreachable server.
    }
  }, [game, token, add]);

  useEffect(() => {
    who.current = token;
    setNotices([]);
    void reload();
  }, [game, token, reload]);

  return { notices, add, reload };
}

export function NoticesPanel({ notices }: { notices: readonly ShownNotice[] }) {
  if (notices.length === 0) return null;
  // Newest first: a reminder that just came is what the reader wants to see.
  const shown = [...notices].reverse().slice(0, 50);
  return (
    <section class="notices" aria-labelledby="notices-h" data-testid="notices">
      <h2 id="notices-h">Notices</h2>
      <ul class="notice-list">
        {shown.map((n) => (
          <li key={n.n} class={`notice to-${n.to === 'public' ? 'public' : 'me'}`}>
            <strong>{n.subject}</strong> <span class="when">{n.at.slice(0, 16).replace('T', ' ')}</span>
            <p>{n.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
