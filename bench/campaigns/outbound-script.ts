// The script of one game of the outbound-leak campaign (outbound-leaks.ts): the non-interference campaign's
// script (its GameRun and nextStep), with mail in its place now and then (posts to the list and to the
// Moderator, a stranger's mail, a message delivered again or edited), and time that passes in simulated time
// instead of the Administrator's ticks (the game has a schedule, kept by the clock); and, after each step, the
// byte-for-byte comparison of what each recipient was sent.
import { ADMIN, PUBLIC, player } from '../../src/core/index.js';
import { withInstants } from '../../src/engine/instants.js';
import { phraseTable } from '../../src/forum/phrases/index.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { described, pick } from './non-interference-drivers.js';
import type { Driver, Random, ScriptCommand } from './non-interference-drivers.js';
import { GameRun, nextStep, rng } from './non-interference.js';
import type { ViewerSpec } from './non-interference.js';
import { BOGUS_TOKEN, GAME } from './non-interference-world.js';
import type { World } from './non-interference-world.js';
import { addressOf, inboundMail, LIST, PHRASE, PRIVATE, STRANGER } from './outbound-world.js';
import type { Outbound, ScheduleArgs, Sent } from './outbound-world.js';

const PHRASES = phraseTable(RULESETS);

/** Monday 23 March 2026, 09:00 UTC: London changes to summer time on the Sunday after. */
export const START = '2026-03-23T09:00:00.000Z';
const HOUR = 3_600_000;

const CHATTER = ['Good luck, everyone.', 'Thanks for the game so far.', 'I mvoe to (4,5).', 'Hello all!'];

/** The game's schedule: a rhythm of one nday an hour, or a calendar (London, ndays at 18:00), by game. */
export function scheduleFor(index: number): { args: ScheduleArgs; step: number } {
  if (index % 2 === 0) return { args: { every: 3600, warnings: [1800, 600] }, step: HOUR / 6 };
  // The nweek ends on the Wednesday: the first nweek is short, the next ones a week long (K5, K6).
  return {
    args: { zone: 'Europe/London', time: '18:00', weekday: 3, warnings: [7200, 1800] },
    step: 3 * HOUR,
  };
}

/** A step of the outbound script beside the non-interference script's. */
type Extra =
  | { kind: 'mail'; by: string; way: 'forum' | 'private'; text: string }
  | { kind: 'stranger'; text: string }
  | { kind: 'again'; edited: boolean }
  | { kind: 'time'; nweek: boolean };

export class OutboundRun {
  readonly run: GameRun;
  readonly driver: Driver;
  readonly phraseHolder: string | undefined;
  compared = 0;
  /** Messages compared, by the topic of their notice. */
  readonly byTopic: Record<string, number> = {};
  boundaries = 0;
  readonly mailIn: Record<string, number> = {};
  /** Messages compared so far, per world. */
  private seen: [number, number] = [0, 0];
  /** Mail sent to the referee so far (to deliver again). */
  readonly letters: { raw: [Buffer, Buffer]; id: string; text: string; from: string; to: string }[] = [];
  private letterCount = 0;
  private hides = 0;
  private readonly hiddenRandom: [Random, Random];

  constructor(
    readonly label: string,
    readonly seed: number,
    readonly worlds: [World, World],
    readonly out: [Outbound, Outbound],
    driver: Driver,
  ) {
    this.driver = driver;
    this.run = new GameRun(label, seed, worlds, driver);
    this.hiddenRandom = [rng(seed * 7 + 1), rng(seed * 7 + 2)];
    const players = this.run.players;
    this.phraseHolder = players.length >= 3 ? players[players.length - 1] : undefined;
  }

  /** The Administrator's hidden acts (after the start, and after an amendment), as in the other campaign. */
  async hide(): Promise<void> {
    const shared = this.seed * 7 + 3 + this.hides++;
    await this.both(async (w, i) => {
      for (const c of this.driver.hidden(i, this.hiddenRandom[i], rng(shared))) {
        this.run.hiddenActs[i].push(c);
        await w.command(c.by, c.type, c.args);
      }
    });
  }

  async both<T>(f: (w: World, i: 0 | 1) => Promise<T>): Promise<[T, T]> {
    return [await f(this.worlds[0], 0), await f(this.worlds[1], 1)];
  }

  /** Text to post: chatter, and one of the ruleset's example sentences. */
  postText(random: Random): string {
    const examples = (PHRASES[this.driver.ruleset] ?? []).flatMap((s) => s.examples.map((e) => e.text));
    return [pick(random, CHATTER), ...(examples.length ? [pick(random, examples)] : [])].join(' ');
  }

  /** One message to the referee, taken in both worlds (the same bytes, at the same simulated instant). */
  async letter(step: number, from: string, to: string, text: string, subject = 'My move'): Promise<string> {
    const id = `<m${++this.letterCount}.${this.seed}@${from.split('@')[1] ?? 'x'}>`;
    const raw = (o: Outbound) => inboundMail({ from, to, subject, id, date: o.time.now(), body: text });
    const raws: [Buffer, Buffer] = [raw(this.out[0]), raw(this.out[1])];
    this.letters.push({ raw: raws, id, text, from, to });
    return this.take(step, raws);
  }

  async take(step: number, raws: [Buffer, Buffer]): Promise<string> {
    const [a] = await this.both((_, i) => this.out[i].take(raws[i], step));
    const kind =
      a.kind === 'dropped'
        ? `dropped (${a.reason})`
        : a.kind === 'refused'
          ? `refused (${a.reason})`
          : 'acted';
    this.mailIn[kind] = (this.mailIn[kind] ?? 0) + 1;
    return kind;
  }

  /**
   * Lets time pass in both worlds: by one step's worth, to the next boundary, or to the end of the nweek
   * (boundaries the clock fires on the way). After an nweek's end, the Administrator's commands of each nweek.
   */
  async pass(index: number, until: 'step' | 'boundary' | 'nweek'): Promise<void> {
    const { step } = scheduleFor(index);
    const nweek = async () => (await this.worlds[0].referee.state(GAME)).clock.nweek;
    const before = await nweek();
    for (let i = 0; i < (until === 'nweek' ? this.driver.ndays + 1 : 1); i++) {
      const next = await this.out[0].nextBoundary();
      const ms = until === 'step' || !next ? step : Math.max(0, next.at - this.out[0].time.now());
      const [fired] = await this.both((_, w) => this.out[w].pass(ms));
      this.boundaries += fired;
      if (until === 'nweek' && (!next || next.nweek)) break;
    }
    if ((await nweek()) > before)
      for (const c of this.driver.eachNweek ?? []) await this.both((w) => w.command(c.by, c.type, c.args));
    // What those commands made is delivered before anyone's messages are compared: a public notice (ruling
    // M6: the list is told what the Administrator's commands made public) would otherwise race the
    // comparison, reaching the recorder in one world before it and in the other after it.
    await this.both((_, i) => this.out[i].settle());
  }

  /** The viewer a recipient is: the list and chat the public, a player emself, the stranger the outsider. */
  viewerOf(to: string): ViewerSpec {
    const name = to === 'public' ? 'public' : to === STRANGER ? 'outsider' : to;
    return (
      this.run.viewers.find((v) => v.name === name) ?? {
        name: to,
        viewer: PUBLIC,
        token: () => undefined,
      }
    );
  }

  /** Compares the messages each recipient got since the last step, per channel, byte for byte. */
  compareSent(step: number, said: string): void {
    const fresh = this.out.map((o, i) => {
      const s = o.sent.slice(this.seen[i]);
      this.seen[i as 0 | 1] = o.sent.length;
      return s;
    }) as [Sent[], Sent[]];
    const groups = new Map<string, [Sent[], Sent[]]>();
    fresh.forEach((list, i) => {
      for (const s of list) {
        const key = `${s.channel} to ${s.to}`;
        const g = groups.get(key) ?? [[], []];
        g[i as 0 | 1].push(s);
        groups.set(key, g);
      }
    });
    for (const [route, [a, b]] of groups) {
      const to = (a[0] ?? b[0])?.to ?? '';
      if (to === 'admin') continue;
      const v = this.viewerOf(to);
      if (this.run.stopped.has(v.name)) continue;
      const text = (list: Sent[]) => JSON.stringify(list.map((s) => s.wire.split('\n')));
      this.compared += Math.min(a.length, b.length);
      for (const m of a.slice(0, b.length)) this.byTopic[m.topic] = (this.byTopic[m.topic] ?? 0) + 1;
      this.run.check(step, said, v, route, text(a), text(b));
    }
  }

  /** A player's own part of eir view (eir mole, eir hand) told em something: eir comparison stops. */
  async ownParts(step: number, said: string): Promise<void> {
    if (this.driver.own.size === 0) return;
    for (const v of this.run.viewers) {
      if (v.viewer.role !== 'player' || v.name === 'outsider' || this.run.stopped.has(v.name)) continue;
      const [a, b] = await this.both(async (w) => {
        const r = await w.request('GET', `/api/games/${GAME}/me`, w.tokens.get(v.name));
        return r.body;
      });
      this.run.check(step, said, v, `/api/games/${GAME}/me`, a, b);
    }
  }
}

/**
 * Whether a command of the Administrator's puts something on a square e hid a Box on in either world: a fair
 * Administrator would not (the rules refuse it where the Box is, and the public would see a Rock appear in one
 * game only), so the campaign lets time pass instead and keeps comparing.
 */
function onHiddenSquare(o: OutboundRun, c: ScriptCommand): boolean {
  if (c.type !== 'place') return false;
  return [...o.run.hiddenActs[0], ...o.run.hiddenActs[1]].some(
    (h) => h.type === 'place' && h.args.x === c.args.x && h.args.y === c.args.y,
  );
}

/** What one step of the script does, in both worlds; answers what it did, in words. */
export async function playStep(o: OutboundRun, index: number, step: number): Promise<string> {
  const { run, driver } = o;
  const random = run.random;
  const r = random();
  const extra: Extra | undefined =
    r < 0.08
      ? (() => {
          const by = pick(random, run.players);
          const holder = by === o.phraseHolder;
          const way = holder ? (random() < 0.9 ? 'private' : 'forum') : random() < 0.3 ? 'private' : 'forum';
          return { kind: 'mail', by, way, text: o.postText(random) } as const;
        })()
      : r < 0.1
        ? { kind: 'stranger', text: o.postText(random) }
        : r < 0.12 && o.letters.length > 0
          ? { kind: 'again', edited: random() < 0.5 }
          : r < 0.15
            ? { kind: 'time', nweek: false }
            : undefined;
  if (extra) {
    switch (extra.kind) {
      case 'mail': {
        const phrase = extra.by === o.phraseHolder && extra.way === 'private' ? `\nphrase: ${PHRASE}` : '';
        const to = extra.way === 'forum' ? LIST : PRIVATE;
        const what = await o.letter(
          step,
          addressOf(extra.by),
          to,
          `${extra.text}${phrase}\n\n-- \n${extra.by}`,
        );
        return `${extra.by} mails ${extra.way === 'forum' ? 'the list' : 'the Moderator'}: "${extra.text}" (${what})`;
      }
      case 'stranger':
        return `a stranger mails the list (${await o.letter(step, STRANGER, LIST, extra.text)})`;
      case 'again': {
        const l = pick(random, o.letters);
        const raws = l.raw.map((raw) =>
          extra.edited
            ? Buffer.from(raw.toString('utf8').replace(/\r\n\r\n/, '\r\n\r\nP.S. edited.\r\n'))
            : raw,
        ) as [Buffer, Buffer];
        return `${l.id} delivered again${extra.edited ? ', edited' : ''} (${await o.take(step, raws)})`;
      }
      case 'time':
        await o.pass(index, 'boundary');
        return 'time passes to the next boundary';
    }
  }
  const s = await nextStep(run, step);
  switch (s.kind) {
    case 'amend':
      await o.both((w) => w.command(null, 'amend', { ruleset: driver.amendAt?.to ?? '' }));
      await o.hide();
      return `Administrator: amend to ${driver.amendAt?.to}`;
    case 'post': {
      const by = s.by ?? '';
      // Half the posts come by mail to the list instead (the phrase holder's are refused there).
      if (random() < 0.5)
        return `${by} mails the list: "${s.text}" (${await o.letter(step, addressOf(by), LIST, s.text ?? '')})`;
      await o.both((w) => w.post(by, s.text ?? '', step));
      return `${by}: post "${s.text}"`;
    }
    case 'join':
      await o.both((w) => w.join(s.by ?? ''));
      return `join ${s.by}`;
    case 'outsider':
      await o.both((w) =>
        w.request('POST', `/api/games/${GAME}/commands`, BOGUS_TOKEN, { type: 'move', args: { x: 1, y: 1 } }),
      );
      return 'a command with a token no game issued';
    case 'nweek':
      await o.pass(index, 'nweek');
      return 'time passes to the end of the nweek';
    case 'private': {
      const c = s.command as ScriptCommand;
      run.stopped.set(c.by ?? '', `acted privately in world 1 only at step ${step}`);
      await o.worlds[1].command(c.by, c.type, c.args);
      return `in world 1 only, ${described(c)}`;
    }
    case 'noise':
      await o.worlds[1].hiddenNoise(step);
      return 'Administrator-only entries in world 1';
    default: {
      const c = s.command as ScriptCommand;
      // The clock ends ndays here: a tick the script asks for is time passing to the next boundary, and the
      // Administrator's schedule is the campaign's (a random one could end an nday every second).
      if (c.by === null && (c.type === 'tick' || c.type === 'schedule' || onHiddenSquare(o, c))) {
        await o.pass(index, 'boundary');
        return 'time passes to the next boundary';
      }
      // The instant a clock command takes effect is filled in as the server does, from the simulated clock.
      const now = o.out[0].time.now();
      const command = withInstants(
        { type: c.type, by: c.by === null ? ADMIN : player(c.by), args: c.args },
        now,
      );
      const [answer, other] = await o.both((w) => w.command(c.by, c.type, command.args));
      // The Administrator knows what is hidden, and may act on it: a public act of eirs (a Big Rock placed on a
      // square a Box holds in one world) that the rules accept in one world only makes the two games' public
      // scripts differ from here on, for everyone.
      if (c.by === null && answer.status !== other.status)
        for (const v of run.viewers)
          if (!run.stopped.has(v.name))
            run.stopped.set(
              v.name,
              `the Administrator's ${c.type} at step ${step} was accepted in one world only (e knows what is hidden)`,
            );
      if (c.by !== null) {
        if (answer.status === 200) run.accepted += 1;
        else run.refused += 1;
      }
      return described({ ...c, args: command.args });
    }
  }
}
