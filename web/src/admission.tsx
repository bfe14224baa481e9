// Who may join (issue 16, rulings K14 and K15), as the Pending panel shows it: whether joins need the
// Administrator's approval, who is asking (joining is public, so a request is too), who was removed. Drawn only
// from the view's `admission`, which every viewer gets alike. The Administrator answers with the orders of the
// same names among eir commands (approve-join, refuse-join, remove-player, joins).
import type { Json, JsonObject } from './api';
import { text } from './api';

interface Admission {
  approval: boolean;
  requests: string[];
  removed: string[];
}

const names = (v: Json | undefined): string[] => (Array.isArray(v) ? v.map((x) => text(x)) : []);

/** The view's admission, if it has one. */
function admissionOf(v: Json | undefined): Admission | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return { approval: v.approval === true, requests: names(v.requests), removed: names(v.removed) };
}

export function Joining({ view, you }: { view: JsonObject; you?: string | undefined }) {
  const a = admissionOf(view.admission);
  if (!a || (!a.approval && a.requests.length === 0 && a.removed.length === 0)) return null;
  const asking = you !== undefined && a.requests.includes(you);
  const removed = you !== undefined && a.removed.includes(you);
  return (
    <section class="pending" aria-labelledby="joining-h" data-testid="joining">
      <h2 id="joining-h">Joining</h2>
      <p data-testid="joining-setting">
        {a.approval ? "Joins need the Administrator's approval." : 'Anyone may join.'}
      </p>
      {a.requests.length > 0 && (
        <p data-testid="joining-requests">
          Asking to join: <strong>{a.requests.join(', ')}</strong>.
          {' The Administrator answers: approve-join or refuse-join.'}
        </p>
      )}
      {asking && <p class="pending-how">Your request waits for the Administrator's approval.</p>}
      {a.removed.length > 0 && (
        <p data-testid="joining-removed">Removed by the Administrator: {a.removed.join(', ')}.</p>
      )}
      {removed && <p class="pending-how">You were removed from this game: you can read it, not act in it.</p>}
    </section>
  );
}
