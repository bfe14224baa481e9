// Issue 15, "Answers": "Tunnelers' dialogue runs over private mail: the results of movement, 'what do you want
// to do?', a defender asked for a card, each from the recipient's view only. Private notices (Radar reveals,
// …) go by private mail; the nweek report and public events go to the list." The notices a command gives the
// outbox, from the pure kernel on the table: who gets one, what it says, and that nothing hidden reaches
// anyone else, not even through a notice's key (whose hash is the mail's Message-ID).
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { PUBLIC } from '../../src/core/index.js';
import {
  commandNotices,
  privateNotices,
  publicNotices,
  reportNotices,
} from '../../src/channels/producers.js';
import type { CommandOutcome } from '../../src/channels/producers.js';
import { forumFor } from '../support/phrases.js';
import type { Notice } from '../../src/store/store.js';
import type { Table } from '../support/table.js';
import { june, nweek, place } from '../support/harness/june.js';
import { act, started, sideBySide } from '../support/harness/tunnelers.js';

const AT = '2026-11-24T12:00:00.000Z';

/** Runs `step` on the table and answers the outcome the engine would hand SubmitOptions.notices. */
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

const recipients = (notices: readonly Notice[]): string[] => notices.map((n) => n.to);

describe('issue 15 (G.1 Radar): a Radar reveal becomes a private notice to that player alone', () => {
  it("G.1: alice's Radar shows a Bonus Box: one notice to player:alice with that line; none to bob or the public", () => {
    const t = june({ players: { alice: null, bob: [15, 15] } });
    place(t, 'bonus-box', 7, 7, '+5');
    const o = outcome(t, () => t.act('alice', 'enter', { x: 5, y: 5 }));
    const notices = commandNotices(t.kernel, o);
    expect(recipients(notices)).toEqual(['player:alice']);
    const [n] = notices;
    expect(n?.text.split('\n').slice(2)).toEqual([
      "nweek 1, nday 1: alice's Radar shows a Bonus Box at (7,7).",
    ]);
    expect(n?.subject).toBe("g: alice's Radar shows a Bonus Box at (7,7).");
    expect(n?.topic).toBe('private');
    // Where, not which Box nor what type: the notice says what alice's own log says, and no more.
    expect(JSON.stringify(n)).not.toContain('+5');
    expect(JSON.stringify(n)).not.toContain('bonus-box:');
    // Keyed by alice's own position (what she has seen), not the Administrator's seq.
    const aliceLines = t.kernel.logView(t.entries, { role: 'player', name: 'alice' }, t.game);
    const line = aliceLines.find((l) => l.type === 'radar-reveal');
    expect(n?.key).toBe(`private:alice:${line?.seq}`);
  });

  it('a command with no private line gives no private notice', () => {
    const t = june({ players: { alice: null, bob: [15, 15] } });
    const o = outcome(t, () => t.act('alice', 'enter', { x: 5, y: 5 }));
    expect(privateNotices(t.kernel, o)).toEqual([]);
  });
});

describe("issue 15 (Tunnelers 4): the Moderator's question goes to its player alone", () => {
  it('4: "the player is asked what e wants to do": a notice to player:alice with the question; none to bob', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    const o = outcome(t, () => act(t, 'alice', 'move', { path: 'c4 c5' }));
    const notices = commandNotices(t.kernel, o);
    expect(recipients(notices)).toEqual(['player:alice']);
    const text = notices[0]?.text ?? '';
    expect(text).toMatch(
      /The Moderator asks alice: .*c5 is solid rock and costs 2 movement points; your mole has 0/,
    );
    expect(text.startsWith('alice, for you alone in g:\n')).toBe(true);
    // Her own command is not echoed back to her (her receipt says what became of it).
    expect(text).not.toMatch(/alice: move/);
  });
});

describe('issue 15 (Tunnelers 3.4): a defender asked for a card', () => {
  it('3.4: the attacker is told of eir own attack, the defender asked for a card, carol told nothing', () => {
    const t = sideBySide();
    const o = outcome(t, () => act(t, 'alice', 'attack', { target: 'c5', cards: 'T O' }));
    const notices = commandNotices(t.kernel, o);
    expect(recipients(notices)).toEqual(['player:alice', 'player:bob']);
    const [toAlice, toBob] = notices;
    expect(toAlice?.text).toMatch(/You attack the mole at c5 with T O;/);
    expect(toBob?.text).toMatch(
      /The Moderator asks bob: A mole at c4 attacks your mole at c5! Choose one card to defend with/,
    );
    // The attack's cards are alice's secret until the defence is in.
    expect(toBob?.text).not.toContain('T O');
  });

  it('3.4 "The defending mole\'s player tells the Moderator what 1 card e will use": the question shows what a player writes by mail, and the command', () => {
    const t = sideBySide();
    const o = outcome(t, () => act(t, 'alice', 'attack', { target: 'c5', cards: 'T O' }));
    const toBob = commandNotices(t.kernel, o).find((n) => n.to === 'player:bob');
    const question =
      'The Moderator asks bob: A mole at c4 attacks your mole at c5! Choose one card to defend with ' +
      '(write "I defend with Q.", or the command defend CARD), or none (write "I do not defend.", or the command defend none).';
    expect(toBob?.text.split('\n').slice(2)).toEqual([`nweek 1, nday 1: ${question}`]);
    // Each sentence offered is one the forum reads as that command.
    const forum = forumFor('tunnelers');
    expect(forum.parse('I defend with Q.')).toEqual({ type: 'defend', args: { card: 'Q' } });
    expect(forum.parse('I do not defend.')).toEqual({ type: 'defend', args: { card: 'none' } });
    // The log (the page, the CLI) keeps the rules' own words: the notice alone adds the sentences.
    const bobsLog = t.kernel.logView(t.entries, { role: 'player', name: 'bob' }, t.game);
    expect(bobsLog.at(-1)?.text).toBe(
      'The Moderator asks bob: A mole at c4 attacks your mole at c5! Choose one card to defend with (defend CARD), or none (defend none).',
    );
  });
});

describe("issue 15: a private notice that only echoes its recipient's own command is not sent", () => {
  it("4: alice answers the Moderator's question by ending her turn: no notice to alice (her receipt says so); bob's news and the public's still go", () => {
    const t = started({ moles: { alice: 'c3', bob: 'c6', carol: 'h1' } });
    // alice's mole stops next to bob's: she is asked what she will do.
    act(t, 'alice', 'move', { path: 'c4 c5' });
    expect(t.kernel.logView(t.entries, { role: 'player', name: 'alice' }, t.game).at(-1)?.text).toMatch(
      /^The Moderator asks alice: .*What will you do\?$/,
    );
    const o = outcome(t, () => act(t, 'alice', 'end-turn'));
    const alicesLines = t.kernel
      .logView(o.entries, { role: 'player', name: 'alice' }, t.game)
      .filter((l) => l.event.vis !== 'public' && l.type !== 'command');
    expect(alicesLines.map((l) => l.text)).toEqual(["alice answers the Moderator's question."]);
    const notices = commandNotices(t.kernel, o);
    expect(recipients(notices)).toEqual(['player:bob', 'public']);
    expect(notices[0]?.text).toContain('The Moderator tells bob: Your turn begins.');
  });

  it('the echo stays where there is news beside it, and a player told of something by another command is told', () => {
    const t = started({ moles: { alice: 'c3', bob: 'c6', carol: 'h1' } });
    // alice is asked (a mole next to hers), then answers by moving: her notice has the echo and the news.
    const asked = outcome(t, () => act(t, 'alice', 'move', { path: 'c4 c5' }));
    expect(recipients(commandNotices(t.kernel, asked))).toEqual(['player:alice']);
    const o = outcome(t, () => act(t, 'alice', 'discard', { cards: 'O' }));
    const toAlice = commandNotices(t.kernel, o).find((n) => n.to === 'player:alice');
    expect(toAlice?.text).toContain("alice answers the Moderator's question.");
    expect(toAlice?.text.split('\n').length).toBeGreaterThan(3);
  });
});

describe("issue 15: the nweek report goes to the public at the nweek's end", () => {
  it("F.4 nweek's end: the tick that ends nweek 1 gives the report of nweek 1 to 'public', keyed by the nweek", () => {
    const t = june({ players: { alice: [5, 5], bob: [15, 15] } });
    const o = outcome(t, () => nweek(t));
    const reports = reportNotices(t.kernel, o);
    expect(reports.map((n) => [n.to, n.key, n.topic, n.subject])).toEqual([
      ['public', 'report:1', 'report', 'g: the report for nweek 1'],
    ]);
    expect(reports[0]?.text).toMatch(/^# g \(grid-2002-06\): report for nweek 1\n/);
    expect(reports[0]?.text).toContain('## Standings at the end of nweek 1');
    // Without the log before the command, no report (rather than a report of part of the nweek).
    expect(reportNotices(t.kernel, { ...o, earlier: undefined })).toEqual([]);
    // Any other command: none.
    expect(
      reportNotices(
        t.kernel,
        outcome(t, () => t.act('alice', 'move', { x: 6, y: 5 })),
      ),
    ).toEqual([]);
  });
});

describe('issue 15: nothing hidden in any notice to anyone but the Administrator', () => {
  /**
   * Two June games with the same public commands; in the first the Administrator also hides a Bonus Box
   * far from every player's Radar (and so writes entries only e sees). Every notice of every command is
   * collected.
   */
  function world(hidden: boolean): { t: Table; notices: Notice[] } {
    const t = june({ players: { alice: null, bob: [15, 15], carol: [3, 18] } });
    const notices: Notice[] = [];
    const step = (f: () => unknown): void => {
      notices.push(...commandNotices(t.kernel, outcome(t, f)));
    };
    step(() => place(t, 'bonus-box', 7, 7, '+5'));
    if (hidden) step(() => place(t, 'bonus-box', 19, 2, '+1'));
    step(() => t.act('alice', 'enter', { x: 5, y: 5 }));
    step(() => t.act('bob', 'move', { x: 14, y: 14 }));
    step(() => nweek(t));
    step(() => t.act('alice', 'move', { x: 6, y: 6 }));
    step(() => place(t, 'bonus-box', 4, 17, '-2')); // within carol's Radar: revealed to her
    step(() => nweek(t));
    return { t, notices };
  }

  it('G.1, R-J30: two games differing only in a hidden Box give identical notices, keys and all', () => {
    const [a, b] = [world(true), world(false)];
    // The worlds differ, and the Administrator's numbering with them: the comparison is able to fail.
    expect(a.t.entries.length).toBeGreaterThan(b.t.entries.length);
    expect(a.notices).toEqual(b.notices);
    expect(recipients(a.notices)).toEqual(['player:alice', 'public', 'player:carol', 'public']);
    // So the mail's Message-ID (a hash of the key) is the same in both worlds too.
    const hash = (n: Notice): string => createHash('sha256').update(n.key).digest('hex');
    expect(a.notices.map(hash)).toEqual(b.notices.map(hash));
    for (const n of a.notices) expect(JSON.stringify(n)).not.toMatch(/\(19,2\)|19, 2|\+1/);
  });
});

describe('issue 15: public events the list has not seen go to the public (ruling M6)', () => {
  /** Each public line's number in the public's own numbering, by its text. */
  const publicSeq = (t: Table, text: string): number | undefined =>
    t.kernel.logView(t.entries, PUBLIC, t.game).find((l) => l.text === text)?.seq;

  it('4 "At the end of a player\'s turn, the Moderator tells all players of generally-known events": a private end-turn gives one notice to the public', () => {
    const t = started({
      moles: { alice: 'c3', bob: 'c5', carol: 'h8' },
      hands: ['TOQSX', 'QQSSX', 'OTQSX'],
    });
    act(t, 'alice', 'move', { path: 'c4' });
    // The move, the attack and the defence are private: nothing of them goes to the public.
    const attack = outcome(t, () => act(t, 'alice', 'attack', { target: 'c5', cards: 'T' }));
    expect(recipients(commandNotices(t.kernel, attack))).toEqual(['player:alice', 'player:bob']);
    act(t, 'bob', 'defend', { card: 'Q' });
    const o = outcome(t, () => act(t, 'alice', 'end-turn'));
    const notices = commandNotices(t.kernel, o);
    // bob is told privately that it is his turn; everyone, what is generally known.
    expect(recipients(notices)).toEqual(['player:bob', 'public']);
    const [, toAll] = notices;
    expect(toAll).toEqual({
      game: 'g',
      key: `public:${publicSeq(t, 'The Moderator announces: Sounds of fighting can be heard.')}`,
      to: 'public',
      topic: 'public',
      subject: 'g: The Moderator announces: Sounds of fighting can be heard. (and 2 more)',
      text: [
        'g, for everyone:',
        '',
        'nweek 1, nday 1: The Moderator announces: Sounds of fighting can be heard.',
        "nweek 1, nday 1: alice's turn is over.",
        "nweek 1, nday 1: It is bob's turn.",
      ].join('\n'),
      at: AT,
    });
    // No square, no card, no reason (T-19, T-26).
    expect(toAll?.text).not.toMatch(/\b[a-h][1-8]\b|\bQ\b|\bT\b|hand|movement/);
  });

  it("a player's own public announcement gives none (its words are on the list); the Administrator's public command does", () => {
    const t = june({ players: { alice: null, bob: [15, 15] } });
    const enter = outcome(t, () => t.act('alice', 'enter', { x: 5, y: 5 }));
    expect(publicNotices(t.kernel, enter)).toEqual([]);
    const given = outcome(t, () => t.admin('points', { to: 'alice', amount: 3, reason: 'a prize' }));
    expect(publicNotices(t.kernel, given).map((n) => [n.to, n.text.split('\n').slice(2)])).toEqual([
      ['public', ['nweek 1, nday 1: 3 points from The Bank to alice: a prize.']],
    ]);
  });

  it("T-12: a turn its player let pass is told to the public at the tick that ends it; a tick with nothing to tell gives none, an nweek's end its report", () => {
    const t = started({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' } });
    // The turn began on nday 1; with the default deadline it is forfeited at the end of nday 2.
    expect(
      publicNotices(
        t.kernel,
        outcome(t, () => t.tick()),
      ),
    ).toEqual([]);
    const forfeited = publicNotices(
      t.kernel,
      outcome(t, () => t.tick()),
    );
    expect(forfeited.map((n) => n.text.split('\n').slice(2))).toEqual([
      [
        'nweek 1, nday 2: alice did not act in time: play proceeds as if e had chosen to do nothing more.',
        "nweek 1, nday 2: alice's turn is over.",
        "nweek 1, nday 2: It is bob's turn.",
      ],
    ]);
    const nweekEnds = commandNotices(
      t.kernel,
      outcome(t, () => t.tick(true)),
    );
    expect(nweekEnds.filter((n) => n.to === 'public').map((n) => n.key)).toEqual(['report:1']);
  });

  it('T-26, T-27: two turns differing only in what alice did privately give the public identical notices, keys and all', () => {
    function world(busy: boolean): { t: Table; notices: Notice[] } {
      const t = started({
        moles: { alice: 'c3', bob: 'c6', carol: 'h8' },
        hands: ['TOQSX', 'QQSSX', 'OTQSX'],
      });
      const notices: Notice[] = [];
      const step = (f: () => unknown): void => {
        notices.push(...publicNotices(t.kernel, outcome(t, f)));
      };
      if (busy) {
        step(() => act(t, 'alice', 'move', { path: 'c4' }));
        step(() => act(t, 'alice', 'discard', { cards: 'X' }));
      }
      step(() => act(t, 'alice', 'end-turn'));
      step(() => act(t, 'bob', 'end-turn'));
      return { t, notices };
    }
    const [a, b] = [world(true), world(false)];
    expect(a.t.entries.length).toBeGreaterThan(b.t.entries.length);
    expect(a.notices.length).toBe(2);
    expect(a.notices).toEqual(b.notices);
  });
});
