// What an order would do (issue 16, "Preview before doing"), as POST …/commands/preview answers it: the
// Administrator's lines, the dice it would roll, and what the rules would do for absent players. Lines that
// rest on fair dice are marked: the preview drew them from a stand-in (ruling K11), not the game's dice.
// Also the list of absences a done command reports, set apart so that no one misses it.
import type { Absence, PreviewResult } from './api';

export function AbsentList({ absent }: { absent: readonly Absence[] }) {
  if (absent.length === 0) return null;
  return (
    <div class="absent" role="alert" data-testid="absent">
      <strong>The rules acted for players who had not acted in time:</strong>
      <ul>
        {absent.map((a, i) => (
          <li key={i} data-testid="absent-item">
            {a.what}, ended at the end of nday {a.until.nday} of nweek {a.until.nweek}:{' '}
            <strong>{a.players.join(', ')}</strong> had not acted
            {a.late ? ` — “${a.late}”` : ''}.
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PreviewView({ result }: { result: PreviewResult }) {
  const lines = result.lines.filter((l) => l.type !== 'command');
  return (
    <div class="preview" data-testid="preview">
      <p class="preview-head">
        <strong>Preview</strong> — nothing has been done yet. Done now, this would:
      </p>
      {result.duplicate && <p>This was already done; doing it again would change nothing.</p>}
      <AbsentList absent={result.absent} />
      {lines.length === 0 ? (
        <p>Change nothing anyone can see.</p>
      ) : (
        <ol class="preview-lines">
          {lines.map((l) => (
            <li key={l.seq} value={l.seq} class={l.standIn ? 'stand-in' : ''}>
              {l.standIn ? '~ ' : ''}
              {l.text}
            </li>
          ))}
        </ol>
      )}
      {result.rules && result.rules.length > 0 && (
        <ul class="preview-rules" data-testid="preview-rules">
          {result.rules.map((r) => (
            <li key={r.name}>
              {r.name}: <del>{r.before}</del> → <strong>{r.after}</strong>
            </li>
          ))}
        </ul>
      )}
      {result.rolls.length > 0 && (
        <ul class="preview-rolls">
          {result.rolls.map((r, i) => (
            <li key={i}>
              dice: {r.purpose}: {r.expr}
              {r.source === 'manual'
                ? ` = ${JSON.stringify(r.result)} (from the queue of manual results)`
                : `, from the ${r.secret ? 'secret' : 'public'} stream, drawn when it is done`}
            </li>
          ))}
        </ul>
      )}
      {result.standIn && (
        <p class="preview-note">
          ~ rests on fair dice: the preview drew them from a stand-in, so the real outcome may differ. No real
          roll is known before it is made.
        </p>
      )}
    </div>
  );
}
