// "Rules in force" (issue 24 item 3): each section's parameters with the text's value, the value now and the
// amendment that changed it (who, when, why), amended values set apart; then every amendment made and what
// became of it. GET …/rules, the same for every viewer (the rules are public), fetched again as the game moves.
import { useEffect, useState } from 'preact/hooks';
import type { RulesInForce } from './api';
import { api, ApiError } from './api';

type Amendment = RulesInForce['amendments'][number];

const when = (w: { nweek: number; nday: number }): string => `nday ${w.nday} of nweek ${w.nweek}`;

const STATUS: Record<Amendment['status'], string> = {
  pending: 'waiting',
  'in-force': 'in force',
  repealed: 'repealed',
  lapsed: 'lapsed',
};

export function RulesPanel({ game, seq }: { game: string; seq: number }) {
  const [rules, setRules] = useState<RulesInForce | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stale = false;
    api.rules(game).then(
      (r) => {
        if (stale) return;
        setRules(r);
        setError(null);
      },
      (e: unknown) => {
        if (!stale) setError(e instanceof ApiError ? `${e.message} (${e.code})` : String(e));
      },
    );
    return () => {
      stale = true;
    };
    // seq: an amendment, a repeal or a boundary may change them.
  }, [game, seq]);

  if (error)
    return (
      <p class="outcome error" role="alert">
        {error}
      </p>
    );
  if (!rules) return <p>Reading the rules…</p>;
  const byNumber = new Map(rules.amendments.map((a) => [a.n, a]));
  if (rules.sections.length === 0)
    return (
      <p data-testid="rules-panel">
        {rules.title} declares no parameters: its rules change only by the Administrator's orders.
      </p>
    );
  return (
    <div class="rules-panel" data-testid="rules-panel">
      {rules.sections.map((s) => (
        <div key={s.section} class="rules-section">
          <h4>{s.section}</h4>
          <div class="table-scroll">
            <table class="rules-table">
              <thead>
                <tr>
                  <th scope="col">Parameter</th>
                  <th scope="col">The text</th>
                  <th scope="col">Now</th>
                  <th scope="col">Amended by</th>
                </tr>
              </thead>
              <tbody>
                {s.parameters.map((p) => {
                  const a = p.amendment === null ? undefined : byNumber.get(p.amendment);
                  return (
                    <tr
                      key={p.name}
                      class={p.amended ? 'amended' : ''}
                      data-testid="rule-row"
                      data-name={p.name}
                      data-amended={p.amended ? 'yes' : 'no'}
                    >
                      <th scope="row" title={p.sentence}>
                        {p.name}
                      </th>
                      <td>{p.textWords}</td>
                      <td class="now">{p.amended ? <strong>{p.nowWords}</strong> : p.nowWords}</td>
                      <td>
                        {a
                          ? `amendment ${a.n}: ${a.by}, ${a.since ? when(a.since) : when(a.made)}, by ${a.why}`
                          : '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      ))}
      {rules.amendments.length > 0 && (
        <>
          <h4>Amendments</h4>
          <ol class="amendments" data-testid="amendments">
            {rules.amendments.map((a) => (
              <li key={a.n} value={a.n} class={`amendment ${a.status}`} data-testid="amendment">
                {a.changesText} {a.start}, by {a.why} ({a.by}, made {when(a.made)}):{' '}
                <strong>{STATUS[a.status]}</strong>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
