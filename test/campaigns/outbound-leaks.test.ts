// Issue 15, "Done means": "a leak scan runs over every outbound message of a long random game (the scan the other
// outputs already have)". bench/campaigns/outbound-leaks.ts runs it with many games and writes its figures into
// docs/reliability.md; here a small, seeded, deterministic version runs in the suite.
//
// Method (in full in the campaign's header): the non-interference campaign's two worlds (games that differ only
// in hidden facts, the same random script, manual dice), each with what `referee serve --mail` runs around it —
// every command's notices from the producers, the game's schedule kept by the real Clockwork in simulated time
// (ticks with their deadline notices, reminders before deadlines), the real mail and chat channels delivering the
// outbox through Couriers (mail composed by nodemailer and kept as bytes; chat posted to a Discord and a JSON
// webhook on loopback), and mail taken in as the IMAP watcher takes it (posts to the list and to the Moderator,
// a player with a secret phrase, a stranger, messages delivered again or edited), answered with receipts.
// - After every step, each recipient but the Administrator (the list and chat: the public; each player; the
//   stranger) is compared: the messages e got on each channel since the last step, byte for byte (the SMTP
//   envelope and the whole message: every header, Message-ID, In-Reply-To, References, Date, subject, body; each
//   webhook request), so their number and order too, until the rules tell em something that differs; and at the
//   end the whole game's messages per recipient again.
// - Then every such message is read as its reader reads it (mail decoded) and scanned for the text of every log
//   line its recipient may not see, and for the game's dice secret.
// - The comparison and the scan are able to fail: the Administrator's log differs between the worlds, some
//   told recipient's messages differ, and a player's private news holds what another player may not see.
//
// Found by the campaign and fixed (rulings T-29 and T-30, Tunnelers edition 3; seeds 7009 and 152011 below): a
// Tunnelers turn ended at once when its player ran out of cards and movement points, so the same private commands
// ended it in one game and not in the other; and Standing Orders given during a turn were carried out at the end
// of the nday unless a question was pending (a mole next door), which moved the turn's end by an nday.
import { describe, expect, it } from 'vitest';
import { playOutbound } from '../../bench/campaigns/outbound-game.js';
import type { OutboundResult } from '../../bench/campaigns/outbound-game.js';
import { DRIVERS } from '../../bench/campaigns/non-interference-drivers.js';

/** The games: [driver index (DRIVERS; index / 6 picks the variant), seed, script steps]. */
const GAMES: readonly (readonly [number, number, number])[] = [
  [0, 1506, 60], // grid-2002-01: no one is told anything; reminders and deadlines every nday
  [1, 1501, 80], // grid-2002-06: Boxes hidden elsewhere in each world; Radar reveals tell one player
  [2, 1514, 60], // grid-2002-06 amended from grid-2002-01: announcements relayed from private mail
  [9, 7009, 120], // tunnelers (the deck and every mole differ), a regression seed: T-29 at step 118
  [9, 152011, 125], // tunnelers, a regression seed: T-30 at step 120
  [15, 1527, 100], // tunnelers (only where alice's mole is placed differs): the Moderator's private dialogue
  [4, 1504, 50], // rooms+quests
  [5, 1505, 60], // life
];

const sum = (rs: readonly OutboundResult[], f: (r: OutboundResult) => Readonly<Record<string, number>>) => {
  const out: Record<string, number> = {};
  for (const r of rs) for (const [k, n] of Object.entries(f(r))) out[k] = (out[k] ?? 0) + n;
  return out;
};

describe('issue 15: the leak scan over every outbound message of long random games', () => {
  const results: OutboundResult[] = [];
  for (const [index, seed, steps] of GAMES) {
    const driver = DRIVERS[index % DRIVERS.length];
    it(`${driver?.name ?? '?'}, seed ${seed}: every message to the public, a player or a stranger is the same in both games until e is told, and holds nothing hidden`, async () => {
      const r = await playOutbound(index, seed, steps);
      results.push(r);
      const detail = JSON.stringify({ ...r, byRecipient: undefined }, null, 1);
      expect(r.leaks, detail).toEqual([]);
      expect(r.known, detail).toEqual([]);
      expect(r.direct, detail).toEqual([]);
      expect(r.stuck, detail).toEqual([]);
      // The worlds differed, and the Administrator sees it: the comparison is able to fail.
      expect(r.adminDiffers, detail).toBe(true);
      expect(r.compared, detail).toBeGreaterThan(20);
      // The clock kept the game's schedule.
      expect(r.boundaries, detail).toBeGreaterThan(0);
    });
  }

  it('the games covered every kind of message, every way of mail in, both channels, and the checks can fail', () => {
    expect(results).toHaveLength(GAMES.length);
    expect(GAMES.reduce((n, [, , steps]) => n + steps, 0)).toBeGreaterThanOrEqual(300);
    const compared = sum(results, (r) => r.comparedByTopic);
    for (const topic of ['receipt', 'private', 'report', 'reminder', 'deadline', 'announcement'])
      expect(compared[topic] ?? 0, JSON.stringify(compared)).toBeGreaterThan(0);
    const mailIn = sum(results, (r) => r.mailIn);
    for (const outcome of [
      'acted',
      'refused (unknown-sender)',
      'refused (edited-repost)',
      'refused (phrase-holder-on-forum)',
      'dropped (duplicate)',
    ])
      expect(mailIn[outcome] ?? 0, JSON.stringify(mailIn)).toBeGreaterThan(0);
    const ways = new Set(results.flatMap((r) => Object.keys(r.byRecipient)));
    for (const way of ['mail to public', 'chat to public', 'mail to alice', 'mail to zed@outside.test'])
      expect([...ways]).toContain(way);
    // Where a recipient was told something that differs, eir messages do differ: the byte comparison sees it.
    expect(results.some((r) => r.differing.some((k) => !k.endsWith(' to public')))).toBe(true);
    // A player's private news, scanned for what another player may not see, holds some: the scan finds it.
    expect(results.reduce((n, r) => n + r.control, 0)).toBeGreaterThan(0);
  });
});
