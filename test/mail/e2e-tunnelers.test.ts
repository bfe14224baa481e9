// Issue 15: "Tunnelers' dialogue runs over private mail: the results of movement, 'what do you want to do?', a
// defender asked for a card, each from the recipient's view only", and "a whole Tunnelers turn played by mail
// end to end … nothing hidden in any message that goes to someone who may not see it".
//
// The built program (`referee serve --mail mail.json`) against a real Dovecot and a real SMTP server on
// loopback (test/support/mail-servers.ts). The Administrator sets the game up from the command line (members
// with their addresses and secret phrases) and starts it over the API; from then on the players play by
// private mail to the game's private address, each message with its sender's phrase line (ruling M1), and
// what the referee sends is read back from each one's IMAP mailbox. Charter 4: "A player takes eir turn by
// privately telling the Moderator … The Moderator privately responds with the results of movement. If the mole
// encountered anything unexpected, its movement stops at that point and the player is asked what e wants to
// do. … At the end of a player's turn, the Moderator tells all players of generally-known events".
//
// Manual dice make it one script: the list stays alice, bob, carol; alice holds O T Q S X, bob O O S S X, carol
// O O T T S, and T X Q are the deck's next cards; alice's mole is at c3, bob's at c5, carol's at h8.
//
// Every message of every mailbox is checked twice: it is exactly the message expected at that step (so
// nothing more came, to anyone), and it passes scans that do not depend on those texts: each line it dates is
// a line of its recipient's own view of the log, it names no square its recipient was not told, no other
// player's name or address, and neither carol nor the list hears anything of the combat but the public
// "Sounds of fighting". Nothing is timed: each step waits for the message it causes.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { addressOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';
import { commandTo as command, serveMail, writeMailSettings } from '../support/serve-mail.js';
import { deckDraws, keep, sq } from '../support/harness/tunnelers.js';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers.stop();
  removeTempDirs();
});

const PLAYERS = ['alice', 'bob', 'carol'] as const;
type Player = (typeof PLAYERS)[number];
/** Every mailbox the referee might write to: the players, a stranger, the list and the Administrator. */
const BOXES = [...PLAYERS, 'dave', 'list', 'admin'] as const;
type Box = (typeof BOXES)[number];

const PHRASE: Record<Player, string> = {
  alice: 'alice digs deep tunnels',
  bob: 'bob keeps his cards close',
  carol: 'carol waits in the dark',
};

let sent = 0;

/**
 * A private message to the referee, as a mail client writes it: the sender's words, eir phrase line (unless
 * `phrase: false`: a forger does not know it), a signature, and for a reply the Moderator's message quoted
 * below an attribution line, threaded on it.
 */
async function mail(
  from: Box,
  words: string,
  options: { readonly phrase?: boolean; readonly replyTo?: ReadMessage } = {},
): Promise<string> {
  const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
  const messageId = `<${from}-${++sent}@example.test>`;
  const r = options.replyTo;
  const phrase = options.phrase === false || !(from in PHRASE) ? '' : `\n\nphrase: ${PHRASE[from as Player]}`;
  const quote = r
    ? `\n\nOn Tue, 24 Nov 2026, the referee wrote:\n${r.text
        .trimEnd()
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}\n`
    : '';
  try {
    await smtp.sendMail({
      from: addressOf(from),
      to: addressOf('referee'),
      subject: r ? `Re: ${r.subject}` : 'my turn',
      messageId,
      ...(r?.messageId ? { inReplyTo: r.messageId, references: r.messageId } : {}),
      text: `${words}${phrase}\n\n-- \n${from}${quote}`,
    });
  } finally {
    smtp.close();
  }
  return messageId;
}

/** A message as expected: its subject and its text. */
type Expected = readonly [subject: string, text: string];

/** The Moderator's private news to a player: eir lines of one command, in eir own view. */
const news = (name: Player, ...lines: string[]): string =>
  [`${name}, for you alone in t1:`, '', ...lines.map((l) => `nweek 1, nday 1: ${l}`)].join('\n');

/** Public events the list had not seen (ruling M6). */
const toAll = (...lines: string[]): string =>
  ['t1, for everyone:', '', ...lines.map((l) => `nweek 1, nday 1: ${l}`)].join('\n');

/** A receipt (its fingerprint, a hash of the text read, written as …). */
const receipt = (id: string, ...lines: string[]): string =>
  [`Your message ${id} to the Administrator of t1 (private) (text sha256:…):`, '', ...lines].join('\n');

const summary = (accepted: number, ignored: number): string =>
  `${accepted} accepted, 0 rejected, 0 not understood, ${ignored} ignored.`;

const normal = (m: ReadMessage): Expected => [
  m.subject,
  m.text.replace(/text sha256:[0-9a-f]{16}/, 'text sha256:…').trimEnd(),
];

/** Every mailbox now. */
async function mailboxes(): Promise<Record<Box, ReadMessage[]>> {
  const all = await Promise.all(BOXES.map((b) => servers.readMailbox(b)));
  return Object.fromEntries(BOXES.map((b, i) => [b, all[i] ?? []])) as Record<Box, ReadMessage[]>;
}

const SQUARE = /\b[a-h][1-8]\b/g;

/** The squares a message names, in its subject and text. */
const squaresIn = (m: ReadMessage): string[] =>
  [...`${m.subject}\n${m.text}`.matchAll(SQUARE)].map((x) => x[0]);

/** The lines a message dates ("nweek 1, nday 1: …", or a report's "- nday 1: …"), as `referee log` prints them. */
function datedLines(m: ReadMessage): string[] {
  const lines: string[] = [];
  for (const l of m.text.split('\n')) {
    const dated = /^nweek (\d+), nday (\d+): (.*)$/.exec(l);
    if (dated) lines.push(`[nweek ${dated[1]}, nday ${dated[2]}] ${dated[3]}`);
    const reported = /^- nday (\d+): (.*)$/.exec(l);
    if (reported) lines.push(`[nweek 1, nday ${reported[1]}] ${reported[2]}`);
  }
  return lines;
}

describe('issue 15: a whole Tunnelers turn played by private mail, end to end', () => {
  it('the turn, the question, the attack and the defence by private mail; each message holds only what its recipient may know', async () => {
    // The Administrator sets the game up: each player asks to join the society with eir address and phrase
    // (T-22), is approved, has four points of eir Main Game score recorded (T-25) and pays to play (5).
    const cli = new Cli();
    cli.ok('new', 'tunnelers', '--game', 't1', '--dice', 'manual', '--ndays', '1');
    for (const p of PLAYERS) {
      // The Administrator vouches for the addresses (ruling M10: `--unconfirmed`, eir explicit word).
      cli.ok('join', 't1', p);
      expect(cli.ok('address', 't1', p, addressOf(p), '--phrase', PHRASE[p], '--unconfirmed')).toContain(
        `${p}'s mail address in t1 is registered, with a secret phrase, without confirmation`,
      );
      cli.ok('admin', 't1', 'approve', p);
      cli.ok('points', 't1', p, '4', `${p}'s points in the Main Game`);
      cli.ok('act', 't1', p, 'pay-to-play');
    }
    const settings = writeMailSettings(cli, servers, {
      t1: {
        forums: [addressOf('list')],
        // The list reaches the referee at an address it alone writes to (ruling M8); this turn is played
        // by private mail only.
        proofs: { [addressOf('list')]: { proof: 'delivery', address: 'referee+list@example.test' } },
        private: addressOf('referee'),
        list: addressOf('list'),
        admin: addressOf('admin'),
      },
    });
    const s = await serveMail(cli, settings);
    const admin = cli.tokens.get('admin');

    /** What every mailbox must hold after each step, appended to as the game goes. */
    const expected: Record<Box, Expected[]> = {
      alice: [],
      bob: [],
      carol: [],
      dave: [],
      list: [],
      admin: [],
    };
    const expectMailboxes = async (): Promise<Record<Box, ReadMessage[]>> => {
      const now = await mailboxes();
      for (const b of BOXES) expect(now[b].map(normal), `${b}'s mailbox`).toEqual(expected[b]);
      return now;
    };
    /**
     * Waits for the last message a step sends (to `box`, the `count`th): notices go out one at a time in
     * the order they were written, and a step's receipt is written after the notices its commands made, so
     * with it in, everything the step caused has been delivered.
     */
    const after = async (box: Box): Promise<Record<Box, ReadMessage[]>> => {
      await servers.waitForMail(box, expected[box].length);
      return expectMailboxes();
    };

    // 7: the Administrator starts the game. "the player list is randomized and each player receives five
    // cards. Moles are placed randomly": each player is told privately where eir mole is and what e holds;
    // the list, whose turn it is.
    await command(s, 't1', admin, {
      type: 'start',
      args: {},
      rolls: [...keep(3), ...deckDraws('OTQSX OOSSX OOTTS TXQ'), sq('c3'), sq('c5'), sq('h8')],
    });
    expected.alice.push([
      't1: alice draws O T Q S X. (and 3 more)',
      news(
        'alice',
        'alice draws O T Q S X.',
        'The Moderator tells alice: Your mole is placed at c3.',
        'The Moderator tells alice: The game begins. Your hand: O T Q S X.',
        'The Moderator tells alice: Your turn begins. Your mole is at c3: health 5 (maximum 5), attack 1, defence 0, movement 2. Movement points: 2. Your hand: O T Q S X.',
      ),
    ]);
    expected.bob.push([
      't1: bob draws O O S S X. (and 2 more)',
      news(
        'bob',
        'bob draws O O S S X.',
        'The Moderator tells bob: Your mole is placed at c5.',
        'The Moderator tells bob: The game begins. Your hand: O O S S X.',
      ),
    ]);
    expected.carol.push([
      't1: carol draws O O T T S. (and 2 more)',
      news(
        'carol',
        'carol draws O O T T S.',
        'The Moderator tells carol: Your mole is placed at h8.',
        'The Moderator tells carol: The game begins. Your hand: O O T T S.',
      ),
    ]);
    expected.list.push([
      't1: The player list is randomized: alice, bob, carol. (and 2 more)',
      toAll(
        'The player list is randomized: alice, bob, carol.',
        'The game of Tunnelers begins: five cards each, and the moles are placed.',
        "It is alice's turn.",
      ),
    ]);
    await after('list');

    // 4: alice takes her turn by privately telling the Moderator what squares her mole should attempt to
    // enter. It digs into c4 and senses a mole at c5: "its movement stops at that point and the player is
    // asked what e wants to do" (T-6) — where the other mole is, not whose (T-20).
    const move = await mail('alice', 'Hello Moderator,\n\nI move to c4 then c5.');
    expected.alice.push(
      [
        "t1: alice's mole moves from c3 to c4 (digging through rock, 2 movement points). (and 1 more)",
        news(
          'alice',
          "alice's mole moves from c3 to c4 (digging through rock, 2 movement points).",
          'The Moderator asks alice: Your mole enters c4 and senses a mole next to it at c5; it stops there. What will you do?',
        ),
      ],
      [
        'Receipt from the referee of t1',
        receipt(
          move,
          'ignored: Hello Moderator,',
          'accepted: I move to c4 then c5. → move "c4 c5"',
          '',
          summary(1, 1),
        ),
      ],
    );
    let box = await after('alice');
    const question = box.alice[1] as ReadMessage;
    expect(box.alice[2]?.inReplyTo).toBe(move);
    // A reply to the Moderator goes to the private address, never to the list.
    expect(question.headers['reply-to']).toContain(addressOf('referee'));

    // M1: mail in alice's name without her phrase (anyone can write a From line) is refused, to alice
    // herself, and changes nothing; a stranger's mail is answered to the stranger alone, and changes nothing.
    const before = cli.exported('t1');
    const forged = await mail('alice', 'I attack the mole on c5 with T.', { phrase: false });
    expected.alice.push([
      'Receipt from the referee of t1',
      [
        `Your message ${forged} to the Administrator of t1 (private) (text sha256:…):`,
        '',
        'Nothing in it was acted on: your secret phrase is missing: put it on a line of its own ("phrase: …").',
      ].join('\n'),
    ]);
    await after('alice');
    const stranger = await mail('dave', 'I attack the mole on c5 with T.');
    expected.dave.push([
      'Receipt from the referee of t1',
      [
        `Your message ${stranger} to the Administrator of t1 (private) (text sha256:…):`,
        '',
        `Nothing in it was acted on: ${addressOf('dave')} is not the registered address of any player of t1. A player claims an address when joining (\`referee join t1 NAME --email ADDRESS\`) or asks the Administrator to, and it is eirs once e answers the code the referee mails to it (ruling M10).`,
      ].join('\n'),
    ]);
    await after('dave');
    expect(cli.exported('t1')).toBe(before);

    // 3.4: alice answers the question by replying to it (the quoted question is not read): she attacks with
    // T and O. Her cards are hers until the defence is in; bob, the defender, is asked for a card privately
    // and told only the attacker's square.
    const attack = await mail('alice', 'I attack the mole on c5 with T and O.', { replyTo: question });
    expected.bob.push([
      't1: The Moderator asks bob: A mole at c4 attacks your mole at c5! Choose one card to defend with (write…',
      // By mail, the sentences a player writes (issue 15), and the commands.
      news(
        'bob',
        'The Moderator asks bob: A mole at c4 attacks your mole at c5! Choose one card to defend with (write "I defend with Q.", or the command defend CARD), or none (write "I do not defend.", or the command defend none).',
      ),
    ]);
    expected.alice.push(
      [
        "t1: alice answers the Moderator's question. (and 2 more)",
        news(
          'alice',
          "alice answers the Moderator's question.",
          "alice's mole at c4 attacks the mole at c5 with T O (secret until the defence is in).",
          'The Moderator tells alice: You attack the mole at c5 with T O; the Moderator waits for its defence.',
        ),
      ],
      [
        'Receipt from the referee of t1',
        receipt(
          attack,
          'accepted: I attack the mole on c5 with T and O. → attack c5 "T O"',
          '',
          summary(1, 0),
        ),
      ],
    );
    box = await after('alice');
    const ask = box.bob[1] as ReadMessage;
    expect(ask.text).not.toMatch(/\bT\b|\bO\b/);

    // "The defending mole's player tells the Moderator what 1 card e will use", by replying privately. The
    // cards are revealed to the two of them alone; O matches alice's O, so the attack succeeds: her attack 1
    // less his defence 0, one health point, which bob alone is told he lost.
    const defence = await mail('bob', 'I defend with an O.', { replyTo: ask });
    expected.bob.push([
      "t1: bob answers the Moderator's question. (and 4 more)",
      news(
        'bob',
        "bob answers the Moderator's question.",
        'bob defends with O (secret until revealed).',
        'Combat revealed: the mole at c4 played T O against the mole at c5, which played O: the attack succeeds, 1 damage.',
        'The Moderator tells bob: Revealed: the attacker played T O, you O. The attack succeeds: 1 damage.',
        "bob's mole loses 1 health (wounded in combat).",
      ),
    ]);
    expected.alice.push([
      't1: Combat revealed: the mole at c4 played T O against the mole at c5, which played O: the attack succe… (and 1 more)',
      news(
        'alice',
        'Combat revealed: the mole at c4 played T O against the mole at c5, which played O: the attack succeeds, 1 damage.',
        'The Moderator tells alice: Revealed: you played T O, the defender O. The attack succeeds: 1 damage.',
      ),
    ]);
    expected.bob.push([
      'Receipt from the referee of t1',
      receipt(defence, 'accepted: I defend with an O. → defend O', '', summary(1, 0)),
    ]);
    await after('bob');

    // alice "does not wish to take any more actions": her turn is over. "At the end of a player's turn, the
    // Moderator tells all players of generally-known events" — on the list, without a square or a card
    // (T-19) or why the turn ended (T-26); bob is told privately that his turn begins, with his draw (the
    // deck's next card, T), and asked, since a mole is next to his.
    const ends = await mail('alice', 'Thanks. I end my turn.');
    expected.bob.push([
      't1: bob draws T. (and 2 more)',
      news(
        'bob',
        'bob draws T.',
        'The Moderator tells bob: Your turn begins. Your mole is at c5: health 4 (maximum 5), attack 1, defence 0, movement 2. Movement points: 2. Your hand: O S S X T.',
        'The Moderator asks bob: There is a mole next to you at c4. What will you do?',
      ),
    ]);
    expected.list.push([
      't1: The Moderator announces: Sounds of fighting can be heard. (and 2 more)',
      toAll(
        'The Moderator announces: Sounds of fighting can be heard.',
        "alice's turn is over.",
        "It is bob's turn.",
      ),
    ]);
    expected.alice.push([
      'Receipt from the referee of t1',
      receipt(ends, 'ignored: Thanks.', 'accepted: I end my turn. → end-turn', '', summary(1, 1)),
    ]);
    await after('alice');

    // bob passes; carol is told privately that it is her turn, the list that it is.
    const passes = await mail('bob', 'I pass.');
    // His answer to the Moderator's question is no news to him (his receipt says it): no private notice.
    expected.bob.push([
      'Receipt from the referee of t1',
      receipt(passes, 'accepted: I pass. → end-turn', '', summary(1, 0)),
    ]);
    expected.carol.push([
      't1: The Moderator tells carol: Your turn begins. Your mole is at h8: health 5 (maximum 5), attack 1, de…',
      news(
        'carol',
        'The Moderator tells carol: Your turn begins. Your mole is at h8: health 5 (maximum 5), attack 1, defence 0, movement 2. Movement points: 2. Your hand: O O T T S.',
      ),
    ]);
    expected.list.push([
      "t1: bob's turn is over. (and 1 more)",
      toAll("bob's turn is over.", "It is carol's turn."),
    ]);
    await after('bob');

    // carol moves: the results of movement, to her alone.
    const digs = await mail('carol', 'I move to h7.');
    expected.carol.push(
      [
        "t1: carol's mole moves from h8 to h7 (digging through rock, 2 movement points). (and 1 more)",
        news(
          'carol',
          "carol's mole moves from h8 to h7 (digging through rock, 2 movement points).",
          'The Moderator tells carol: Your mole is at h7 with 0 movement points left.',
        ),
      ],
      [
        'Receipt from the referee of t1',
        receipt(digs, 'accepted: I move to h7. → move h7', '', summary(1, 0)),
      ],
    );
    await after('carol');

    // The nweek ends: its report goes to the list (and nothing else to anyone).
    await command(s, 't1', admin, { type: 'tick', args: { nweek: true } });
    await servers.waitForMail('list', expected.list.length + 1);
    box = await mailboxes();
    const report = box.list.at(-1) as ReadMessage;
    expect(report.subject).toBe('t1: the report for nweek 1');
    expect(report.text).toContain('- nday 1: The Moderator announces: Sounds of fighting can be heard.');
    expect(report.text).toContain("- nday 1: It is carol's turn.");
    expected.list.push(normal(report));
    box = await expectMailboxes();

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);

    // The scans, over every message to anyone but the Administrator (who got none).
    expect(box.admin).toEqual([]);
    const told: Record<Box, ReadonlySet<string>> = {
      // Her own mole's squares, and the square of the mole she sensed (T-6, T-20).
      alice: new Set(['c3', 'c4', 'c5']),
      // His own, and the attacker's square (T-20).
      bob: new Set(['c5', 'c4']),
      carol: new Set(['h8', 'h7']),
      dave: new Set(),
      list: new Set(),
      admin: new Set(),
    };
    const viewOf = (b: Box): ReadonlySet<string> =>
      new Set(cli.ok('log', 't1', ...(b === 'list' ? [] : ['--as', b])).split('\n'));
    let dated = 0;
    let named = 0;
    for (const b of BOXES) {
      const view = b === 'dave' || b === 'admin' ? new Set<string>() : viewOf(b);
      for (const m of box[b]) {
        const what = `${b}: ${m.subject}`;
        // Delivered to its recipient alone, by the referee, with nothing of the dialogue's threading that
        // could reach the list.
        expect(m.to, what).toEqual([addressOf(b)]);
        expect(m.from, what).toBe(addressOf('referee'));
        expect(m.source, what).not.toMatch(/^(cc|bcc):/im);
        // Every line it dates is one of its recipient's own view of the log (where a notice adds the
        // sentence a player writes for a command the rules name, the log has the command alone).
        for (const line of datedLines(m)) {
          const logged = line.replace(/\(write "[^"]*", or the command ([^()]*)\)/g, '($1)');
          expect(view.has(logged), `${what}: ${line}`).toBe(true);
          dated++;
        }
        // It names no square its recipient was not told.
        for (const square of squaresIn(m)) {
          expect(told[b].has(square), `${what}: ${square}`).toBe(true);
          named++;
        }
        // Nothing of the deck, or of the Administrator's own lines.
        expect(m.text, what).not.toMatch(/deck is shuffled|Deck \(top|To be announced/i);
        if (b === 'list') {
          expect(m.headers['precedence'], what).toBe('bulk');
          continue;
        }
        // A player's mail never names another player, nor gives another's address (the message as
        // stored, headers and all); a receipt answers the sender's own message.
        for (const other of PLAYERS.filter((p) => p !== b)) {
          expect(m.source, what).not.toMatch(new RegExp(`\\b${other}\\b`, 'i'));
        }
        if (m.subject.startsWith('Receipt from the referee'))
          expect(m.inReplyTo, what).toMatch(new RegExp(`^<${b}-\\d+@example\\.test>$`));
        else expect(m.headers['reply-to'], what).toContain(addressOf('referee'));
      }
    }
    // The scans had something to scan: every dated line of the mail above, and every square it names.
    expect(dated).toBe(BOXES.flatMap((b) => box[b]).reduce((n, m) => n + datedLines(m).length, 0));
    expect(dated).toBeGreaterThan(50);
    expect(named).toBeGreaterThan(20);
    // carol and the list hear nothing of the combat but the generally-known "Sounds of fighting".
    for (const m of [...box.carol, ...box.list])
      expect(
        m.text
          .replace(/Sounds of fighting can be heard\./g, '')
          .replace(/attack \d+, defence \d+, movement \d+/g, ''), // carol's own mole's stats
        `${m.subject}`,
      ).not.toMatch(/attack|defen[cd]|combat|damage|wounded/i);
    // The log the mail made verifies.
    expect(cli.ok('verify', 't1')).toContain('t1 verifies');
  });
});
