// The Verify button (issue 16): GET …/verify replays the log, checks its hash chain and re-decides every
// command. The server answers each viewer with counts of what e may see only (src/engine/numbering.ts), so
// the page shows them as they come: for a player or the public, the entries, commands and rolls e can check.
import { useState } from 'preact/hooks';
import type { VerifyResult } from './api';
import { api, ApiError } from './api';

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

export function VerifyPanel(props: { game: string; token: string | undefined; seq: number; admin: boolean }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ at: number; report: VerifyResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const report = await api.verify(props.game, props.token);
      setResult({ at: props.seq, report });
    } catch (e) {
      setResult(null);
      setError(
        e instanceof ApiError && e.status === 503
          ? `The server is busy verifying other logs; try again in a moment (${e.message}).`
          : e instanceof ApiError
            ? `${e.message} (${e.code})`
            : String(e),
      );
    } finally {
      setBusy(false);
    }
  };
  const r = result?.report;
  const yours = props.admin ? '' : ' that you can see';
  return (
    <div class="verify-panel" data-testid="verify-panel">
      <p>
        Replays the whole log on the server: the hash chain unbroken, every roll following from its draws,
        every revealed seed matching its commitment, and every command decided again into exactly the recorded
        results.
      </p>
      <button type="button" onClick={() => void run()} disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      {error && (
        <p class="outcome error" role="alert">
          {error}
        </p>
      )}
      {r && (
        <div class={`verify-result ${r.ok ? 'ok' : 'bad'}`} data-testid="verify-result" role="status">
          <p>
            <strong>{r.ok ? '✓ The log verifies.' : '✗ The log does NOT verify.'}</strong> (as of entry{' '}
            {result?.at})
          </p>
          <ul>
            <li data-testid="verify-entries">
              {r.entries} entries{yours}
            </li>
            <li data-testid="verify-commands">
              {r.commands} commands{yours}
            </li>
            <li data-testid="verify-rolls">
              {plural(r.fairRolls, 'fair roll')} and {plural(r.manualRolls, 'manual roll')}
              {yours}
            </li>
          </ul>
          {r.problems.length > 0 && (
            <ol class="problems">
              {r.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
