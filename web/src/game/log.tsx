// The game's log as the viewer may read it, newest at the bottom: the last 200 lines, or all on asking.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LogLine } from '../api';

/** The log's lines, kept in sight as they arrive unless the reader scrolled up. */
export function Log({ lines }: { lines: LogLine[] }) {
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
