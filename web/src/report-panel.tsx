// The nweek's report for the forum (issue 16): any nweek's public report as the server writes it (GET
// …/report: the same for every viewer, made from public outputs only), with a button that copies it whole and
// the same text cut into parts under Discord's 2,000 characters, each with its own button. The cut is the chat
// channel's own (src/engine/report-split.ts), so a part pasted by hand is what the channel would post.
import { useEffect, useState } from 'preact/hooks';
import { DISCORD_LIMIT, splitMessage } from '../../src/engine/report-split.js';
import { api, ApiError } from './api';
import { CopyButton } from './copy';

/** The nweek a report is about unless chosen: the last that ended, or the first while none has (report.ts). */
const defaultNweek = (current: number): number => (current > 1 ? current - 1 : 1);

export function ReportPanel({ game, nweek, seq }: { game: string; nweek: number; seq: number }) {
  const [week, setWeek] = useState(() => defaultNweek(nweek));
  const [format, setFormat] = useState<'markdown' | 'text'>('markdown');
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stale = false;
    setError(null);
    api.report(game, week, format).then(
      (t) => {
        if (!stale) setText(t);
      },
      (e: unknown) => {
        if (stale) return;
        setText(null);
        setError(e instanceof ApiError ? `${e.message} (${e.code})` : String(e));
      },
    );
    return () => {
      stale = true;
    };
    // seq: the current nweek's report grows as the game goes on.
  }, [game, week, format, seq]);

  const parts = text === null ? [] : splitMessage(text);
  return (
    <div class="report-panel" data-testid="report-panel">
      <div class="report-choice">
        <label for="report-nweek">
          <span>nweek</span>
          <select
            id="report-nweek"
            value={String(week)}
            onChange={(e) => setWeek(Number(e.currentTarget.value))}
          >
            {Array.from({ length: nweek }, (_, i) => i + 1).map((w) => (
              <option key={w} value={String(w)}>
                {w}
                {w === nweek ? ' (now)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label for="report-format">
          <span>format</span>
          <select
            id="report-format"
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value === 'text' ? 'text' : 'markdown')}
          >
            <option value="markdown">Markdown</option>
            <option value="text">plain text</option>
          </select>
        </label>
      </div>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
      {text !== null && (
        <>
          <CopyButton text={text} label="Copy for the forum" testid="copy-report" />
          <pre class="report-text" data-testid="report-text">
            {text}
          </pre>
          <h4>
            For Discord: {parts.length} part{parts.length === 1 ? '' : 's'} of at most{' '}
            {DISCORD_LIMIT.toLocaleString('en')} characters
          </h4>
          <ol class="report-parts" data-testid="report-parts">
            {parts.map((p, i) => (
              <li key={i} data-testid="report-part" data-length={p.length}>
                <CopyButton
                  text={p}
                  label={`Copy part ${i + 1} of ${parts.length}`}
                  testid={`copy-part-${i + 1}`}
                />{' '}
                <span class="part-length">{p.length.toLocaleString('en')} characters</span>
                <pre class="report-text">{p}</pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
