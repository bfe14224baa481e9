// Issue 15, "Real parts in tests": "a whole Grid nweek … played by mail end to end, with the report arriving
// on the list and nothing hidden in any message that goes to someone who may not see it".
//
// The built program, `referee serve --mail mail.json`, referees a June Grid (1 nday to the nweek, manual
// dice) whose players do everything by mail after the Administrator's setup (the game, the players and their
// addresses, two hidden Bonus Boxes: the command line, before serve starts). The list is a real list: the
// loopback SMTP server distributes each post to list@example.test to every member's real IMAP mailbox with
// the headers a list adds (test/support/mail-servers.ts), the referee among them. alice, bob and dave post
// their announcements to the list; carol, who registered a secret phrase, writes to the game's private
// address, and the referee announces her announcement on the list (ruling M1). Each gets eir receipt
// privately, threaded. The Administrator then gives the game a rhythm through the API, and serve's own clock
// ends the nweek; the report comes to the list and so to every member. Then every message in every
// mailbox but the Administrator's and the referee's is searched for what the Administrator's view shows and
// its reader may not see.
//
// Nothing is timed: each step waits for what a mailbox holds or what serve prints, with generous limits.
// The clock cannot end more than one nweek: each nweek's start places a Ball of Wax by a die, and with
// manual dice only one result is queued, so the next boundary is refused (dice-needed) whatever the speed.
import type { ChildProcess } from 'node:child_process';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { addressOf, DOMAIN, passwordOf, startMailServers } from '../support/mail-servers.js';
import { newKey, settingsDns } from '../support/dkim.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';
import { assertNothingHidden, hiddenFrom, mailTo as waitForMail, serveMail } from './e2e-support.js';
import type { ShownNotice as Notice } from './e2e-support.js';

const PLAYERS = ['alice', 'bob', 'carol', 'dave'] as const;
type Player = (typeof PLAYERS)[number];
const LIST = addressOf('list');
/** The list signs what it relays (issue 23): the referee's proof that a post came through it (ruling M8). */
const LIST_KEY = newKey(DOMAIN, 'list');
const REFEREE = addressOf('referee');
const PHRASE = 'purple elephants dance at dawn';

let servers: MailServers;
let smtp: Transporter;
beforeAll(async () => {
  servers = await startMailServers({
    lists: { list: ['referee', ...PLAYERS] },
    listKeys: { list: LIST_KEY },
  });
  smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
});
/** Every serve started, stopped at the end even if a test failed halfway (its SMTP connections held). */
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  smtp?.close();
  await servers?.stop();
  removeTempDirs();
});

/** Waits until a user's mailbox holds a message for which `match` holds. */
const mailTo = (
  user: string,
  match: (m: ReadMessage, mailbox: readonly ReadMessage[]) => boolean,
  what: string,
) => waitForMail(servers, user, match, what);

const receiptOf = (user: string, messageId: string) =>
  mailTo(user, (m) => m.inReplyTo === messageId, `the receipt for ${messageId}`);

/** A player's mail, sent by SMTP as a mail client sends it. */
async function send(
  from: Player,
  to: string,
  messageId: string,
  subject: string,
  text: string,
  inReplyTo?: string,
): Promise<void> {
  await smtp.sendMail({
    from: `${from} <${addressOf(from)}>`,
    to,
    subject,
    messageId,
    text,
    ...(inReplyTo ? { inReplyTo, references: inReplyTo } : {}),
  });
}

interface LogLine {
  readonly text: string;
}
interface GridView {
  readonly nweek: number;
  readonly players: readonly { name: string; location: [number, number] | null }[];
  readonly objects: readonly { id: string; kind: string; name?: string; place: { on?: [number, number] } }[];
  readonly radarReveals: unknown;
}

type Reader = Player | 'list';

/**
 * What the June Grid's view hides from a reader: where each Bonus Box is, unless eir own Radar showed it
 * (G.1: "the admin shall reveal where the Bonus Box is, but not what type of Box it is"), and what each is.
 */
function boxesHidden(boxes: GridView['objects'], view: GridView): string[] {
  const revealed = Array.isArray(view.radarReveals)
    ? (view.radarReveals as { at: [number, number] }[]).map((r) => `(${r.at[0]},${r.at[1]})`)
    : [];
  return boxes.flatMap((b) => {
    const [x, y] = b.place.on ?? [0, 0];
    const where = revealed.includes(`(${x},${y})`) ? [] : [`(${x},${y})`, `(${x}, ${y})`];
    return [...where, `Bonus Box ${b.name ?? ''}`, b.id];
  });
}

describe('issue 15: a whole June Grid nweek played by mail on a real list', () => {
  it('announcements on the list and by private mail, receipts, the clock ends the nweek, the report on the list, and nothing hidden leaks', async () => {
    const cli = new Cli();
    // The Administrator's setup. Manual dice: the Big Stick at (1,1), the Shield at (1,2), nweek 1's Ball of
    // Wax at (20,20). Two Bonus Boxes only the Administrator sees: +5 at (7,7), -3 at (14,4).
    // K16: the operator allows this game a demonstration's rhythm (an nday every 2 s, below).
    cli.ok(
      'new',
      'grid-2002-06',
      '--game',
      'g1',
      '--dice',
      'manual',
      '--ndays',
      '1',
      '--rolls',
      '1,2,400',
      '--rhythm-floor',
      '1',
    );
    // The Administrator vouches for the players' addresses (ruling M10: `--unconfirmed`, eir explicit word).
    for (const p of ['alice', 'bob', 'dave']) {
      cli.ok('join', 'g1', p);
      cli.ok('address', 'g1', p, addressOf(p), '--unconfirmed');
    }
    cli.write('phrase.txt', PHRASE);
    cli.ok('join', 'g1', 'carol');
    cli.ok('address', 'g1', 'carol', addressOf('carol'), '--phrase-file', 'phrase.txt', '--unconfirmed');
    cli.ok('admin', 'g1', 'place', 'kind=bonus-box', 'x=7', 'y=7', 'name=+5');
    cli.ok('admin', 'g1', 'place', 'kind=bonus-box', 'x=14', 'y=4', 'name=-3');
    const settings = cli.write(
      'mail.json',
      JSON.stringify({
        from: REFEREE,
        smtp: servers.smtp,
        imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
        dns: settingsDns(LIST_KEY),
        games: {
          g1: {
            forums: [LIST],
            proofs: { [LIST]: { proof: 'dkim', domains: [DOMAIN] } },
            private: REFEREE,
            list: LIST,
            admin: addressOf('admin'),
          },
        },
      }),
    );
    const s = await serveMail(cli, settings, started);
    const token = (who: string): string => cli.tokens.get(who) ?? '';
    const get = async <T>(path: string, who?: string): Promise<T> => {
      const r = await fetch(`${s.url}/api/games/g1${path}`, {
        headers: who ? { authorization: `Bearer ${token(who)}` } : {},
      });
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as T;
    };
    const admin = async (body: Record<string, unknown>): Promise<void> => {
      const r = await fetch(`${s.url}/api/games/g1/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token('admin')}` },
        body: JSON.stringify(body),
      });
      expect(r.status, await r.clone().text()).toBe(200);
    };
    const located = async (): Promise<Record<string, [number, number] | null>> =>
      Object.fromEntries((await get<{ view: GridView }>('')).view.players.map((p) => [p.name, p.location]));

    // alice posts to the list; the list hands the referee its copy. Her receipt comes to her alone, threaded,
    // and her Radar's reveal of the Box at (7,7) by private mail.
    await send(
      'alice',
      LIST,
      '<alice-1@example.test>',
      'entering',
      'Hi all! I enter the Grid at (5,5).\n\n-- \nalice',
    );
    const alice1 = (await receiptOf('alice', '<alice-1@example.test>')).message;
    expect(alice1.subject).toBe('Receipt from the referee of g1');
    expect(alice1.references).toBe('<alice-1@example.test>');
    expect(alice1.to).toEqual([addressOf('alice')]);
    expect(alice1.text).toContain('Your message <alice-1@example.test> to the Public Forum of g1');
    expect(alice1.text).toContain('ignored: Hi all!');
    expect(alice1.text).toContain('accepted: I enter the Grid at (5,5). → enter 5 5');
    expect(alice1.text).toContain('1 accepted, 0 rejected, 0 not understood, 1 ignored.');
    const radar = (await mailTo('alice', (m) => m.subject.includes('Radar'), "alice's Radar reveal")).message;
    expect(radar.subject).toBe("g1: alice's Radar shows a Bonus Box at (7,7).");
    expect(radar.text).toContain("nweek 1, nday 1: alice's Radar shows a Bonus Box at (7,7).");

    // bob, then dave: one sentence refused by the rules, one accepted, one not understood.
    await send('bob', LIST, '<bob-1@example.test>', 'me too', 'I enter the Grid at (15,15).');
    const bob1 = (await receiptOf('bob', '<bob-1@example.test>')).message;
    expect(bob1.text).toContain('accepted: I enter the Grid at (15,15). → enter 15 15');
    await send(
      'dave',
      LIST,
      '<dave-1@example.test>',
      'dave enters',
      'I enter the Grid at (21,4). Then I will enter the Grid at (10,18). I mvoe to (10,17) please.',
    );
    const dave1 = (await receiptOf('dave', '<dave-1@example.test>')).message;
    // The rules' own words (code and message), as `referee act g1 dave enter 21 4` would be refused.
    expect(dave1.text).toContain(
      'rejected: I enter the Grid at (21,4). → enter 21 4 (off-grid) (21,4) is not on the Grid',
    );
    expect(dave1.text).toContain('accepted: Then I will enter the Grid at (10,18). → enter 10 18');
    expect(dave1.text).toContain(
      'not understood: I mvoe to (10,17) please. — did you mean: I move to (10, 17)?',
    );

    // carol registered a phrase: she writes privately, with it; the referee acts, answers her, tells her
    // privately what her Radar shows, and announces her announcement on the list in her words (M1).
    await send(
      'carol',
      REFEREE,
      '<carol-1@example.test>',
      'my entry',
      `phrase: ${PHRASE}\nI enter the Grid at (12,3).`,
    );
    const carol1 = (await receiptOf('carol', '<carol-1@example.test>')).message;
    expect(carol1.text).toContain('Your message <carol-1@example.test> to the Administrator of g1 (private)');
    expect(carol1.text).toContain('accepted: I enter the Grid at (12,3). → enter 12 3');
    expect(carol1.text).toContain('The referee announces your announcement on the Public Forum for you.');
    const carolsRadar = (await mailTo('carol', (m) => m.subject.includes('Radar'), "carol's Radar reveal"))
      .message;
    expect(carolsRadar.text).toContain("nweek 1, nday 1: carol's Radar shows a Bonus Box at (14,4).");
    for (const member of ['list', ...PLAYERS]) {
      const relayed = (await mailTo(member, (m) => m.subject === 'carol announces', 'the relay of carol'))
        .message;
      expect(relayed.from).toBe(REFEREE);
      expect(relayed.headers['list-id']).toBe('<list.example.test>');
      expect(relayed.text).toBe(
        'carol announces, by private mail to the referee:\n\nI enter the Grid at (12,3).\n',
      );
    }

    // alice answers her own post, quoting it: only her new sentence is read.
    await send(
      'alice',
      LIST,
      '<alice-2@example.test>',
      'Re: entering',
      'On Tue, alice wrote:\n> Hi all! I enter the Grid at (5,5).\n\nI move to (4,4).',
      '<alice-1@example.test>',
    );
    const alice2 = (await receiptOf('alice', '<alice-2@example.test>')).message;
    expect(alice2.text).toContain('accepted: I move to (4,4). → move 4 4');
    expect(alice2.text).not.toContain('(5,5)');

    // Every accepted sentence took effect, in the public view; the refused and not-understood ones did not.
    expect(await located()).toEqual({ alice: [4, 4], bob: [15, 15], carol: [12, 3], dave: [10, 18] });
    const before = await get<{ lines: LogLine[] }>('/log', 'admin');

    // The list delivers alice's first post again (same Message-ID, same text): the referee drops it.
    const alicesNotices = (await get<{ count: number }>('/notices', 'alice')).count;
    await send(
      'alice',
      LIST,
      '<alice-1@example.test>',
      'entering',
      'Hi all! I enter the Grid at (5,5).\n\n-- \nalice',
    );
    expect(
      await s.line(/dropped \(duplicate\) g1: <alice-1@example\.test> was answered before/),
    ).toBeTruthy();
    expect((await get<{ lines: LogLine[] }>('/log', 'admin')).lines).toEqual(before.lines);
    // No second receipt: none was written to the outbox, from which alone mail is sent …
    expect((await get<{ count: number }>('/notices', 'alice')).count).toBe(alicesNotices);

    // The Administrator gives the game a rhythm (through the API, with the one die nweek 2's Ball of Wax
    // needs): serve's clock ends nday 1, the nweek's last, and so nweek 1.
    await admin({ type: 'schedule', args: { every: 2 }, rolls: [1] });
    const report = (
      await mailTo('list', (m) => m.subject === 'g1: the report for nweek 1', 'the report for nweek 1')
    ).message;
    // The clock has done its part; clearing the schedule keeps it from trying the next boundary.
    await admin({ type: 'schedule', args: { clear: true } });
    expect(report.from).toBe(REFEREE);
    expect(report.headers['list-id']).toBe('<list.example.test>');
    expect(report.text).toContain('# g1 (grid-2002-06): report for nweek 1');
    for (const event of [
      'alice is at (5,5) (alice enters the Grid).',
      'alice is at (4,4) (alice moves).',
      'bob is at (15,15) (bob enters the Grid).',
      'carol is at (12,3) (carol enters the Grid).',
      'dave is at (10,18) (dave enters the Grid).',
      'Nweek 1 ends.',
    ])
      expect(report.text).toContain(event);
    // … and in every member's mailbox, the same message.
    for (const member of PLAYERS) {
      const copy = (await mailTo(member, (m) => m.messageId === report.messageId, 'the report')).message;
      expect(copy.text).toBe(report.text);
      expect(copy.headers.precedence).toBe('bulk');
    }
    // The nweek ended by the clock, once: the log has the boundary's tick, and nweek 2 is under way.
    const after = await get<{ view: GridView }>('');
    expect(after.view.nweek).toBe(2);
    const adminLog = (await get<{ lines: LogLine[] }>('/log', 'admin')).lines.map((l) => l.text);
    expect(adminLog.filter((t) => t === 'Nweek 1 ends.')).toHaveLength(1);
    expect(adminLog.filter((t) => t.startsWith('The Administrator: tick scheduled='))).toHaveLength(1);
    expect(adminLog.filter((t) => /^The scheduled end of the nday, .*, has come\.$/.test(t))).toHaveLength(1);
    expect(await located()).toEqual({ alice: [4, 4], bob: [15, 15], carol: [12, 3], dave: [10, 18] });

    // Those who had not moved in nweek 1 are told so, each privately; alice, who moved, is not.
    for (const p of ['bob', 'carol', 'dave']) {
      const late = (
        await mailTo(p, (m) => m.subject === 'g1: the time for moves for nweek 1 is up', 'the deadline')
      ).message;
      expect(late.text).toContain(`${p}, the time for moves for nweek 1 in g1 is up`);
    }
    expect((await servers.readMailbox('alice')).some((m) => m.subject.includes('is up'))).toBe(false);
    // … and the re-delivered post was never answered a second time.
    expect(
      (await servers.readMailbox('alice')).filter(
        (m) => m.from === REFEREE && m.inReplyTo === '<alice-1@example.test>',
      ),
    ).toHaveLength(1);

    // What each was sent is what the outbox holds for em, each once: the public had the relay and the
    // report (no receipt, no private news); each player eir own receipts and news.
    const noticesOf = async (who: Reader): Promise<Notice[]> =>
      (await get<{ notices: Notice[] }>('/notices', who === 'list' ? undefined : who)).notices;
    const subjects = async (who: Reader) =>
      (await noticesOf(who))
        .filter((n) => n.to !== 'public')
        .map((n) => n.subject)
        .sort();
    // The Administrator's schedule, set and cleared through the API, was public news the list had not seen
    // (ruling M6): each told to the list at once.
    expect((await noticesOf('list')).map((n) => [n.topic, n.subject.slice(0, 60)])).toEqual([
      ['announcement', 'carol announces'],
      ['public', 'g1: The Administrator set the rhythm: an nday ends every 2 s'],
      ['report', 'g1: the report for nweek 1'],
      ['public', 'g1: The Administrator cleared the schedule: ndays end only w'],
    ]);
    expect(await subjects('alice')).toEqual([
      'Receipt from the referee of g1',
      'Receipt from the referee of g1',
      "g1: alice's Radar shows a Bonus Box at (7,7).",
    ]);
    expect(await subjects('bob')).toEqual([
      'Receipt from the referee of g1',
      'g1: the time for moves for nweek 1 is up',
    ]);
    expect(await subjects('carol')).toEqual([
      'Receipt from the referee of g1',
      "g1: carol's Radar shows a Bonus Box at (14,4).",
      'g1: the time for moves for nweek 1 is up',
    ]);
    expect(await subjects('dave')).toEqual([
      'Receipt from the referee of g1',
      'g1: the time for moves for nweek 1 is up',
    ]);

    // The leak check, over every message in every mailbox but the Administrator's and the referee's own,
    // against what the Administrator's view and log hold.
    const adminView = (await get<{ view: GridView }>('/me', 'admin')).view;
    const boxes = adminView.objects.filter((o) => o.kind === 'bonus-box');
    expect(boxes.map((b) => [b.name, b.place.on])).toEqual([
      ['+5', [7, 7]],
      ['-3', [14, 4]],
    ]);
    const privateOf = async (p: Player) => (await noticesOf(p)).filter((n) => n.to === `player:${p}`);
    let searched = 0;
    for (const reader of ['list', ...PLAYERS] as const) {
      const viewer = reader === 'list' ? undefined : reader;
      const own = await noticesOf(reader);
      const view = (await get<{ view: GridView }>(viewer ? '/me' : '', viewer)).view;
      const hidden = hiddenFrom(
        {
          log: adminLog,
          othersPrivate: (await Promise.all(PLAYERS.filter((p) => p !== reader).map(privateOf))).flat(),
        },
        { log: (await get<{ lines: LogLine[] }>('/log', viewer)).lines.map((l) => l.text), notices: own },
        [...boxesHidden(boxes, view), PHRASE],
      );
      // The check can fail: what it looks for is there to be found.
      expect(hidden).toContainEqual(
        expect.stringMatching(/^The Bonus Box \+5 \(bonus-box:\d+\) appears: it is at \(7,7\)\.$/),
      );
      if (reader !== 'alice') expect(hidden).toContain("alice's Radar shows a Bonus Box at (7,7).");
      if (reader !== 'carol') expect(hidden).toContain("carol's Radar shows a Bonus Box at (14,4).");
      // Once all of them came (a delivery deferred by a passing SMTP failure comes later, not never).
      const all = (box: readonly ReadMessage[]) => box.filter((x) => x.from === REFEREE).length >= own.length;
      const mailbox = (await mailTo(reader, (_m, box) => all(box), `all ${own.length} notices`)).mailbox;
      for (const m of mailbox) {
        assertNothingHidden(reader, m, hidden, {
          players: PLAYERS.map(addressOf),
          ...(viewer ? { reader: addressOf(viewer) } : {}),
          referee: REFEREE,
        });
        searched++;
      }
      // The referee's mail to the reader is exactly eir notices (eir own and the public's), each once.
      const fromReferee = mailbox.filter((m) => m.from === REFEREE);
      expect(fromReferee.map((m) => [m.subject, m.text.replace(/\r\n/g, '\n').trim()]).sort()).toEqual(
        own.map((n) => [n.subject, n.text.trim()]).sort(),
      );
    }
    expect(searched).toBeGreaterThan(40);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
});
