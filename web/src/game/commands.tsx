// The forms of the commands a viewer may give now (a player's actions, or the Administrator's controls), and
// what each submission came to. Apart from the game page so that the outcomes' bookkeeping (which is current,
// which earlier) is read in one place.
import { useRef, useState } from 'preact/hooks';
import type { CommandInfo } from '../api';
import type { Outcome } from '../forms';
import { CommandForm, OutcomeLine } from '../forms';
import type { CommandOffer } from '../offers';
import type { Pick } from '../views/registry';

/**
 * The forms of the commands offered now. What each submission came to is kept here, numbered, so that it
 * outlives its form (an `enter` is no longer offered once it is done) and is marked as earlier once anything
 * happens after it: another submission, or an update of the view.
 */
export function Commands(props: {
  game: string;
  token: string;
  entries: { command: CommandInfo; offer: CommandOffer }[];
  /** The viewer's position now: an outcome given at an earlier one is no longer current. */
  seq: number;
  /** The form a click on the drawing fills, and the last click. */
  prepared: string | undefined;
  pick: { n: number; to: string; pick: Pick } | null;
  onPrepare: (command: string) => void;
  rolls?: boolean;
  preview?: boolean;
  onDone: () => void;
  empty: string;
}) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [attempts, setAttempts] = useState(0);
  const counted = useRef(0);
  const stale = (o: Outcome) => o.attempt < attempts || o.seq < props.seq;
  const shown = new Set(props.entries.map((e) => e.command.name));
  const orphans = Object.entries(outcomes).filter(([name]) => !shown.has(name));
  return (
    <div class="actions-list" data-attempts={attempts}>
      {orphans.length > 0 && (
        <div class="results" aria-label="results of your last actions">
          {orphans
            .sort(([, a], [, b]) => b.attempt - a.attempt)
            .map(([name, o]) => (
              <OutcomeLine key={name} command={name} outcome={o} stale={stale(o)} named />
            ))}
        </div>
      )}
      {props.entries.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <div class="commands">
          {props.entries.map(({ command, offer }) => {
            const o = outcomes[command.name];
            return (
              <CommandForm
                key={command.name}
                game={props.game}
                token={props.token}
                command={command}
                offer={offer}
                rolls={props.rolls ?? false}
                preview={props.preview ?? false}
                outcome={o}
                stale={o ? stale(o) : false}
                onOutcome={(r) => {
                  const attempt = ++counted.current;
                  setAttempts(attempt);
                  setOutcomes((old) => ({
                    ...old,
                    [command.name]: {
                      ok: r.ok,
                      text: r.text,
                      seq: r.seq ?? props.seq,
                      attempt,
                      ...(r.absent ? { absent: r.absent } : {}),
                    },
                  }));
                }}
                prepared={props.prepared === command.name}
                pick={props.pick?.to === command.name ? props.pick : undefined}
                onPrepare={() => props.onPrepare(command.name)}
                onDone={props.onDone}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
