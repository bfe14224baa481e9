// Issue 24 item 3: "an amendment is a public event on the game's list and chat" and "the nweek's report names the
// amendments that took effect". The notices the Administrator's amend-rules and repeal-amendment give the
// outbox (to 'public': the list and the chat), and the report of the nweek an amendment took effect in.
import { describe, expect, it } from 'vitest';
import { commandNotices, publicNotices, reportNotices } from '../../src/channels/producers.js';
import type { CommandOutcome } from '../../src/channels/producers.js';
import type { Table } from '../support/table.js';
import { grid } from '../support/harness/grid.js';

const AT = '2026-11-28T12:00:00.000Z';

function outcome(t: Table, step: () => unknown): CommandOutcome {
  const before = t.state;
  const n = t.entries.length;
  step();
  return {
    game: 'g',
    entries: t.entries.slice(n),
    before,
    after: t.game,
    at: AT,
    earlier: t.entries.slice(0, n),
  };
}

describe('issue 24: amendments on the list and the chat', () => {
  it('amend-rules at once: one public notice saying what changes, from when and by which proposal', () => {
    const t = grid({ players: { alice: [5, 5] } });
    const o = outcome(t, () =>
      t.admin('amend-rules', { set: { 'Grid size': 25, 'Shiny Thing points': 40 }, why: 'Proposal 4521' }),
    );
    const notices = commandNotices(t.kernel, o);
    expect(notices.map((n) => n.to)).toEqual(['public']);
    expect(notices[0]?.text.split('\n').slice(2)).toEqual([
      'nweek 1, nday 1: The rules are amended (amendment 1): Grid size 25; Shiny Thing points 40 at once, by Proposal 4521.',
      'nweek 1, nday 1: Amendment 1 of the rules takes effect.',
    ]);
  });

  it('repeal-amendment: a public notice naming the amendment and the proposal that repealed it', () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.admin('amend-rules', { set: { 'Shiny Thing points': 40 }, why: 'Proposal 4521' });
    const o = outcome(t, () => t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 4530' }));
    const [n] = publicNotices(t.kernel, o);
    expect(n?.to).toBe('public');
    expect(n?.text).toContain(
      'Amendment 1 of the rules is repealed, by Proposal 4530; its values return to what they were without it.',
    );
  });

  it('an amendment from the next nday takes effect at its start: the tick`s public notice says so', () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.admin('amend-rules', { set: { 'Move distance': 2 }, why: 'Proposal 4522', from: 'nday' });
    const o = outcome(t, () => t.tick());
    expect(publicNotices(t.kernel, o)[0]?.text).toContain('Amendment 1 of the rules takes effect.');
  });

  it('the nweek`s report names the amendments made and taken effect in it', () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.admin('amend-rules', { set: { 'Shiny Thing points': 40 }, why: 'Proposal 4521' });
    t.admin('amend-rules', { set: { 'Move distance': 2 }, why: 'Proposal 4522', from: 'nday' });
    t.tick();
    const o = outcome(t, () => t.tick(true));
    const [report] = reportNotices(t.kernel, o);
    expect(report?.to).toBe('public');
    expect(report?.text).toContain(
      'The rules are amended (amendment 1): Shiny Thing points 40 at once, by Proposal 4521.',
    );
    expect(report?.text).toContain(
      'The rules are amended (amendment 2): Move distance 2 from the next nday, by Proposal 4522.',
    );
    expect(report?.text).toContain('Amendment 2 of the rules takes effect.');
  });
});
