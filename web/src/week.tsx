// The Administrator's week on the page (issue 16), for everyone who may look: the nweek's report for the forum,
// the dice checked in the browser, the rules in force (issue 24), and the log verified on the server. Each is a section that opens on
// demand, so nothing is fetched or computed for a reader who does not open it.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { GamePayload, LogLine } from './api';
import { DicePanel } from './dice-panel';
import { ReportPanel } from './report-panel';
import { RulesPanel } from './rules-panel';
import { VerifyPanel } from './verify-panel';
import './week.css';

function Opening(props: { id: string; title: string; children: () => ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="week-part" data-testid={props.id} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h3>{props.title}</h3>
      </summary>
      {open && props.children()}
    </details>
  );
}

export function WeekPanels(props: {
  game: string;
  token: string | undefined;
  payload: GamePayload;
  lines: readonly LogLine[];
}) {
  const { view, seq } = props.payload;
  const nweek = typeof view.nweek === 'number' ? view.nweek : 1;
  return (
    <section class="week" aria-labelledby="week-h">
      <h2 id="week-h">The nweek's report, the dice, the rules, the log</h2>
      <Opening id="week-report" title="Report for the forum">
        {() => <ReportPanel game={props.game} nweek={nweek} seq={seq} />}
      </Opening>
      <Opening id="week-dice" title="Check the dice">
        {() => <DicePanel game={props.game} lines={props.lines} />}
      </Opening>
      <Opening id="week-rules" title="Rules in force">
        {() => <RulesPanel game={props.game} seq={seq} />}
      </Opening>
      <Opening id="week-verify" title="Verify the log">
        {() => (
          <VerifyPanel
            game={props.game}
            token={props.token}
            seq={seq}
            admin={props.payload.viewer.role === 'admin'}
          />
        )}
      </Opening>
    </section>
  );
}
