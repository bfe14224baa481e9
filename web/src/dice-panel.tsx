// "Check the dice" (issue 16): the seeds of the game, committed when and revealed when, and each roll the
// viewer may see with its check, made here in the browser (dice-check.ts, with `verify`'s own functions) from
// the viewer's own log. Nothing in it is more than that log: a player sees eir rolls and the public ones.
// Beacon dice (issue 26 item 3): each seed's timelock whose round is recorded is opened here (openTimelocks,
// tlock's code loaded then), and the seed that comes out checked against the commitment.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { LogLine } from './api';
import type { At, RollRow, SeedRow, TimelockOpened } from './dice-check';
import { checkDice, openTimelocks } from './dice-check';

const when = (at: At): string => `nweek ${at.nweek}, nday ${at.nday} (entry ${at.seq})`;

const SEED_STATUS: Record<SeedRow['status'], string> = {
  matches: '✓ matches its commitment',
  sealed: 'not revealed yet',
  wrong: '✗ does not match',
};

const ROLL_STATUS: Record<RollRow['status'], string> = {
  verified: '✓ checked against its seed',
  sealed: '… seed not revealed yet (result follows from the draws)',
  manual: 'manual dice (result follows from the draws the Administrator gave)',
  wrong: '✗ wrong',
};

function seedName(s: SeedRow): string {
  return s.stream === 'public' ? `nweek ${s.epoch}` : 'secret (whole game)';
}

/** Shows the first and last characters of a long hex string; the whole is in its title, and copyable. */
const short = (hex: string): string => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex);

/** What the page says of a seed's timelock, and its state (data-timelock: sealed, opening, matches, wrong). */
function timelockText(s: SeedRow): { state: string; text: string } {
  const opens = s.timelock?.opens;
  if (!s.timelock?.roundRecorded)
    return {
      state: 'sealed',
      text: ` · timelocked to beacon round ${opens}: it opens by itself once that round is out`,
    };
  if (!s.opened)
    return { state: 'opening', text: ` · timelock: its round ${opens} is recorded; opening it here…` };
  if (s.opened.status === 'matches')
    return {
      state: 'matches',
      text: ` · ✓ the seed opened from its timelock (round ${opens}) matches the commitment${s.revealed ? ' and the seed revealed' : ''}`,
    };
  return { state: 'wrong', text: ` · ✗ timelock (round ${opens}): ${s.opened.problem ?? 'does not open'}` };
}

export function DicePanel({ game, lines }: { game: string; lines: readonly LogLine[] }) {
  const first = useMemo(() => checkDice(game, lines), [game, lines]);
  const [opened, setOpened] = useState<{ of: typeof first; by: ReadonlyMap<number, TimelockOpened> }>();
  useEffect(() => {
    let live = true;
    openTimelocks(first).then(
      (by) => {
        if (live) setOpened({ of: first, by });
      },
      (e: unknown) => {
        // The timelock code could not be loaded (or threw): each timelock due says so, none is passed.
        const problem = `could not be opened here (${e instanceof Error ? e.message : String(e)})`;
        const by = new Map(first.locks.map((l) => [l.epoch, { status: 'wrong' as const, problem }]));
        if (live) setOpened({ of: first, by });
      },
    );
    return () => {
      live = false;
    };
  }, [first]);
  const check = useMemo(
    () => (opened?.of === first && opened.by.size > 0 ? checkDice(game, lines, opened.by) : first),
    [first, opened, game, lines],
  );
  const [all, setAll] = useState(false);
  const { counts } = check;
  const shown = all ? check.rolls : check.rolls.slice(-100);
  return (
    <div class="dice-panel" data-testid="dice-panel">
      <p class="dice-summary" data-testid="dice-summary">
        {check.rolls.length === 0
          ? 'No roll you can see yet.'
          : `${check.rolls.length} roll${check.rolls.length === 1 ? '' : 's'} you can see: ${counts.verified} checked here against revealed seeds, ${counts.sealed} waiting for their seed, ${counts.manual} manual, ${counts.wrong} wrong.`}{' '}
        Checked in this browser with the same code as <code>referee verify</code> (beacon rolls: each round's
        signature verified here against the chain the log names; each seed's timelock opened here once its
        round is recorded).
      </p>
      {check.seeds.length > 0 && (
        <div class="table-scroll">
          <table class="seeds" data-testid="dice-seeds">
            <thead>
              <tr>
                <th scope="col">seed</th>
                <th scope="col">committed</th>
                <th scope="col">revealed</th>
                <th scope="col">check</th>
              </tr>
            </thead>
            <tbody>
              {check.seeds.map((s) => (
                <tr
                  key={`${s.stream}|${s.epoch}`}
                  data-testid="dice-seed"
                  data-seed={`${s.stream}-${s.epoch}`}
                  data-status={s.status}
                >
                  <th scope="row">{seedName(s)}</th>
                  <td>
                    {s.committed ? (
                      <>
                        {when(s.committed)}:{' '}
                        <code title={s.committed.commitment}>{short(s.committed.commitment)}</code>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {s.revealed ? (
                      <>
                        {when(s.revealed)}: <code title={s.revealed.seed}>{short(s.revealed.seed)}</code>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {s.problem ?? SEED_STATUS[s.status]}
                    {s.timelock && (
                      <span
                        class={`timelock ${timelockText(s).state}`}
                        data-testid="dice-timelock"
                        data-opens={s.timelock.opens}
                        data-timelock={timelockText(s).state}
                      >
                        {timelockText(s).text}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {check.rolls.length > shown.length && (
        <button type="button" class="quiet" onClick={() => setAll(true)}>
          Show all {check.rolls.length} rolls
        </button>
      )}
      {shown.length > 0 && (
        <ol class="dice-rolls" data-testid="dice-rolls">
          {shown.map((r, i) => (
            <li
              key={`${r.at.seq}:${i}`}
              class={`roll ${r.status}`}
              data-testid="dice-roll"
              data-status={r.status}
            >
              <span class="when">
                {r.at.nweek}.{r.at.nday}
              </span>{' '}
              <strong>{r.purpose}</strong>: {r.expr} = {r.result}{' '}
              <span class="draws">
                (draws {r.draws.join(', ')}
                {r.stream ? `; ${r.stream === 'public' ? `nweek ${r.epoch}'s` : 'the secret'} stream` : ''})
              </span>{' '}
              <span class="status">— {r.problem ? `✗ ${r.problem}` : ROLL_STATUS[r.status]}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
