// The drawing of a ruleset that has none of its own (issue 24: a new ruleset is playable on the page with no edit
// here): the viewer's view as it came, each fact by its name, a list of records as a table, and the ruleset's own
// text render beside it. It draws only what the view holds, which the kernel has already cut to this viewer.
import type { Json, JsonObject } from '../api';
import { text } from '../api';
import type { ViewProps } from './registry';

/** The facts the kernel puts in every game's view (src/core/kernel.ts), which the page's head and panels show. */
const KERNEL_FACTS = new Set([
  'game',
  'ruleset',
  'nweek',
  'nday',
  'ndays',
  'dice',
  'ended',
  'schedule',
  'admission',
  'awaiting',
  'diceQueue',
  'beacon',
]);

const isRecord = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list whose every item is a record: a table, one column per key in the order first met. */
function Table({ name, rows }: { name: string; rows: readonly JsonObject[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <table class="facts-table" data-kind={name}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c}>{text(r[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Fact({ value, name }: { value: Json; name: string }) {
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord))
    return <Table name={name} rows={value} />;
  if (Array.isArray(value))
    return <span data-kind={name}>{value.length === 0 ? 'none' : value.map((v) => text(v)).join(', ')}</span>;
  return <span data-kind={name}>{text(value)}</span>;
}

export function FactsView({ payload }: ViewProps) {
  const facts = Object.entries(payload.view).filter(([name]) => !KERNEL_FACTS.has(name));
  return (
    <div class="facts-view" data-testid="facts-view">
      <dl class="facts">
        {facts.flatMap(([name, value]) => [
          <dt key={`${name}:name`}>{name}</dt>,
          <dd key={name}>
            <Fact name={name} value={value} />
          </dd>,
        ])}
      </dl>
      <pre class="text-view">{payload.text}</pre>
    </div>
  );
}
