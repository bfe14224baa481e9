// The outbound-leak campaign (issue 15: "a leak scan runs over every outbound message of a long random game
// (the scan the other outputs already have)"): the non-interference campaign (non-interference.ts) turned on
// the messages the referee sends by mail and chat.
//
// Method. For each game a seed gives a ruleset driver, the players and a random script, as in the
// non-interference campaign (its GameRun, script and worlds: two servers over games that differ only in hidden
// facts, manual dice queued so that public rolls agree and secret ones differ). Around each world runs what
// `referee serve --mail` runs (outbound-world.ts): every command's notices made by the producers, the game's
// schedule kept by the real Clockwork in simulated time (ticks at boundaries with their deadline notices,
// reminders before deadlines), the real mail and chat channels delivering the outbox through Couriers, and
// mail taken in by `takeMail` (posts to the list and private mail, from registered players, a player with a
// secret phrase, a stranger, and messages delivered again or edited), which the referee answers with receipts.
// The script is the same in both worlds, and so is the simulated time.
//
// After every step, for each recipient but the Administrator (the list and the chat: the public; each player;
// the stranger: the outsider), the messages sent to em on each channel since the last step are compared
// byte for byte between the worlds: mail as its SMTP envelope and the whole message nodemailer composed
// (every header, Message-ID, In-Reply-To, References, Date, subject and body), chat as each webhook request
// (its URL, Idempotency-Key and body: a Discord message's parts, the JSON webhook's notice) — and so their
// number and their order too. A recipient's comparison stops where the rules tell em something that differs
// (as in the non-interference campaign: a telling log line, a line for em alone, eir own part of eir view);
// any other difference is a leak. Then a direct scan reads every message but the Administrator's as its
// reader would (mail decoded by a MIME parser) and looks for hidden facts in it: the text of every log line
// its recipient may not see (and sees no line with that text), and the game's dice secret.
//
// Run: `node dist/bench/campaigns/outbound-leaks.js --games N --seed S [--steps K] [--no-doc]` after
// `npm run build`; prints the figures as JSON and writes the "Outbound messages" section of
// docs/reliability.md.
import { pathToFileURL } from 'node:url';
import { ADMIN, canSee, PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { withInstants } from '../../src/engine/instants.js';
import { PHRASES } from '../../src/forum/phrases/index.js';
import { DRIVERS, described, pick } from './non-interference-drivers.js';
import type { Driver, Random, ScriptCommand } from './non-interference-drivers.js';
import { GameRun, nextStep, rng } from './non-interference.js';
import type { Finding, ViewerSpec } from './non-interference.js';
import { BOGUS_TOKEN, GAME, World } from './non-interference-world.js';
import {
  addressOf,
  inboundMail,
  LIST,
  Outbound,
  PHRASE,
  PRIVATE,
  readable,
  STRANGER,
} from './outbound-world.js';
import type { ScheduleArgs, Sent } from './outbound-world.js';
import { machine, writeSection } from './reliability-doc.js';

/** Monday 23 March 2026, 09:00 UTC: London changes to summer time on the Sunday after. */
const START = '2026-03-23T09:00:00.000Z';
const HOUR = 3_600_000;

const CHATTER = ['Good luck, everyone.', 'Thanks for the game so far.', 'I mvoe to (4,5).', 'Hello all!'];

/** A hidden fact found in a message to someone who may not know it. */
export interface DirectFinding {
  readonly game: string;
  readonly world: 0 | 1;
  readonly to: string;
  readonly channel: string;
  /** The hidden text found (cut to 200 characters) and where: what the reader reads, or the raw bytes. */
  readonly hidden: string;
  readonly where: 'read' | 'wire';
}

export interface OutboundResult {
  readonly game: string;
  readonly steps: number;
  /** Messages sent in each world, and per recipient (channel and who) in each world. */
  readonly sent: readonly [number, number];
  readonly byRecipient: Readonly<Record<string, readonly [number, number]>>;
  /** Messages compared byte for byte (in both worlds, before the recipient's comparison stopped). */
  readonly compared: number;
  /** The same, by the topic of their notice (receipt, private, report, reminder, deadline, announcement). */
  readonly comparedByTopic: Readonly<Record<string, number>>;
  /** Mail taken in, by outcome (acted, refused, dropped). */
  readonly mailIn: Readonly<Record<string, number>>;
  /** Boundaries the clock fired, and reminders it wrote (world 0). */
  readonly boundaries: number;
  readonly reminders: number;
  /** Boundaries that came due and were not fired (must be none). */
  readonly stuck: readonly string[];
  readonly stopped: Readonly<Record<string, string>>;
  readonly leaks: readonly Finding[];
  readonly known: readonly Finding[];
  readonly direct: readonly DirectFinding[];
  /** Hidden texts looked for (per recipient, summed). */
  readonly scanned: number;
  /**
   * The scan's control: private messages to the first player in which it finds what the second may not see
   * (positive wherever the first player got private news: the scan can find what is there).
   */
  readonly control: number;
  /** Recipients (channel and who) whose messages over the whole game differ: only ones who were told. */
  readonly differing: readonly string[];
  readonly adminDiffers: boolean;
}

/** The game's schedule: a rhythm of one nday an hour, or a calendar (London, ndays at 18:00), by game. */
function scheduleFor(index: number): { args: ScheduleArgs; step: number } {
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

class OutboundRun {
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
async function playStep(o: OutboundRun, index: number, step: number): Promise<string> {
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

/**
 * The hidden texts of a world for one viewer: the text of every log line e may not see, less those e sees a
 * line with, at least 12 characters long (shorter ones, a player's name, are not facts), and the dice secret.
 */
async function hiddenFor(w: World, viewer: Viewer): Promise<string[]> {
  const entries = await w.entries();
  const state = await w.referee.state(GAME);
  const lines = w.referee.kernel.logView(entries, ADMIN, state);
  const seen = new Set(lines.filter((l) => canSee(l.event.vis, viewer)).map((l) => l.text));
  const hidden = new Set(
    lines
      .filter((l) => !canSee(l.event.vis, viewer) && !seen.has(l.text) && l.text.length >= 12)
      .map((l) => l.text),
  );
  const master = await w.referee.store.master(GAME);
  if (master) {
    const bytes = Buffer.from(master);
    for (const s of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')])
      hidden.add(s);
  }
  return [...hidden];
}

/** Plays one game in both worlds, comparing every message as it goes, then scans every message. */
export async function playOutbound(
  index: number,
  seed: number,
  steps: number,
  /** Shown every message of both worlds, and the worlds, at the end (for looking into a finding). */
  dump?: (
    sent: readonly [readonly Sent[], readonly Sent[]],
    worlds: readonly [World, World],
  ) => Promise<void>,
): Promise<OutboundResult> {
  const driver = DRIVERS[index % DRIVERS.length] as Driver;
  const label = `${driver.name} #${seed}`;
  const vary = driver.vary(Math.floor(index / DRIVERS.length));
  const worlds: [World, World] = [await World.open(0, seed, vary), await World.open(1, seed, vary)];
  const out: [Outbound, Outbound] = [
    await Outbound.open(worlds[0], START),
    await Outbound.open(worlds[1], START),
  ];
  const o = new OutboundRun(label, seed, worlds, out, driver);
  const { run } = o;
  try {
    await o.both((w) => w.create(driver.ruleset, driver.ndays, driver.config));
    for (const p of run.players) await o.both((w) => w.join(p));
    await o.both((_, i) => out[i].register(run.players, o.phraseHolder));
    const schedule = scheduleFor(index);
    await o.both((w) => w.command(null, 'schedule', { ...schedule.args, since: START }));
    for (const c of driver.start(run.players)) await o.both((w) => w.command(c.by, c.type, c.args));
    await o.hide();
    await worlds[1].hiddenNoise(0);
    await o.both((_, i) => out[i].settle());
    await run.checkLines(0, 'setup');
    await o.ownParts(0, 'setup');
    o.compareSent(0, 'setup');
    for (let step = 1; step <= steps; step++) {
      const said = await playStep(o, index, step);
      if (!/^time passes/.test(said)) await o.pass(index, 'step');
      await run.checkLines(step, said);
      await o.ownParts(step, said);
      o.compareSent(step, said);
    }
    // The end: time passes to the next boundary, which every viewer sees.
    await o.pass(index, 'boundary');
    await run.checkLines(steps + 1, 'the last boundary');
    o.compareSent(steps + 1, 'the last boundary');
    // The direct scan: every message but the Administrator's, as its reader reads it and as sent.
    const direct: DirectFinding[] = [];
    let scanned = 0;
    for (const i of [0, 1] as const) {
      const hidden = new Map<string, string[]>();
      for (const s of out[i].sent) {
        if (s.to === 'admin') continue;
        const v = o.viewerOf(s.to);
        let facts = hidden.get(v.name);
        if (!facts) {
          facts = await hiddenFor(worlds[i], v.viewer);
          hidden.set(v.name, facts);
          scanned += facts.length;
        }
        const read = await readable(s);
        for (const fact of facts)
          for (const [where, text] of [
            ['read', read],
            ['wire', s.wire],
          ] as const)
            if (text.includes(fact))
              direct.push({
                game: label,
                world: i,
                to: s.to,
                channel: s.channel,
                hidden: fact.slice(0, 200),
                where,
              });
      }
    }
    // The scan is able to find: a player's private news, scanned for what another player may not see, holds
    // some of it (eir cards, where eir mole is, what eir Radar showed).
    let control = 0;
    const [first, second] = run.players;
    if (first !== undefined && second !== undefined) {
      const facts = await hiddenFor(worlds[0], player(second));
      for (const s of out[0].sent)
        if (s.topic === 'private' && s.to === first) {
          const read = await readable(s);
          if (facts.some((f) => read.includes(f))) control += 1;
        }
    }
    const byRecipient: Record<string, [number, number]> = {};
    for (const i of [0, 1] as const)
      for (const s of out[i].sent) {
        const key = `${s.channel} to ${s.to}`;
        const counts = byRecipient[key] ?? [0, 0];
        counts[i] += 1;
        byRecipient[key] = counts;
      }
    // The whole game's messages per recipient and channel: those of a recipient never told anything that
    // differs are the same in number, order and bytes (what the steps compared, checked again as a whole);
    // those of a recipient who was told differ, which shows the comparison sees a difference where one is.
    const stream = (i: 0 | 1, key: string) =>
      JSON.stringify(out[i].sent.filter((s) => `${s.channel} to ${s.to}` === key).map((s) => s.wire));
    const differing: string[] = [];
    for (const key of Object.keys(byRecipient)) {
      const to = key.replace(/^\w+ to /, '');
      if (to === 'admin' || stream(0, key) === stream(1, key)) continue;
      differing.push(key);
      const v = o.viewerOf(to);
      if (!run.stopped.has(v.name))
        run.check(steps + 1, 'the whole game', v, `${key} (whole game)`, stream(0, key), stream(1, key));
    }
    await dump?.([out[0].sent, out[1].sent], worlds);
    const adminLog = async (w: World) =>
      JSON.stringify(
        w.referee.kernel.logView(await w.entries(), ADMIN, await w.referee.state(GAME)).map((l) => l.text),
      );
    const [la, lb] = await o.both(adminLog);
    return {
      game: label,
      steps,
      sent: [out[0].sent.length, out[1].sent.length],
      byRecipient,
      compared: o.compared,
      comparedByTopic: o.byTopic,
      mailIn: o.mailIn,
      boundaries: o.boundaries,
      reminders: (
        await worlds[0].referee.store.notices(
          GAME,
          ['admin', ...run.players.map((p) => `player:${p}`)],
          0,
          100_000,
        )
      ).filter((n) => n.topic === 'reminder').length,
      stuck: [...out[0].stuck, ...out[1].stuck],
      stopped: Object.fromEntries(run.stopped),
      leaks: [...run.leaks.values()],
      known: [...run.known.values()],
      direct,
      scanned,
      control,
      differing,
      adminDiffers: la !== lb,
    };
  } finally {
    for (const x of out) await x.close();
    for (const w of worlds) await w.close();
  }
}

export interface OutboundCampaignResult {
  readonly games: number;
  readonly seed: number;
  readonly steps: number;
  readonly byRuleset: Readonly<Record<string, number>>;
  readonly sent: number;
  readonly compared: number;
  readonly mailIn: Readonly<Record<string, number>>;
  readonly boundaries: number;
  readonly reminders: number;
  readonly scanned: number;
  /** Messages sent, by channel and kind of recipient. */
  readonly byWay: Readonly<Record<string, number>>;
  readonly comparedByTopic: Readonly<Record<string, number>>;
  readonly stops: Readonly<Record<string, number>>;
  readonly leaks: readonly Finding[];
  readonly known: readonly Finding[];
  readonly direct: readonly DirectFinding[];
  readonly stuck: readonly string[];
  readonly sameForAdmin: readonly string[];
}

/** Plays `games` games (rulesets in turn), game i with seed `seed + i`. */
export async function outboundCampaign(options: {
  games: number;
  seed: number;
  steps: number;
  onGame?: (r: OutboundResult) => void;
}): Promise<OutboundCampaignResult> {
  const byRuleset: Record<string, number> = {};
  const mailIn: Record<string, number> = {};
  const byWay: Record<string, number> = {};
  const comparedByTopic: Record<string, number> = {};
  const stops: Record<string, number> = {
    told: 0,
    'acted privately': 0,
    "the Administrator's act": 0,
    'a leak': 0,
  };
  const leaks: Finding[] = [];
  const known: Finding[] = [];
  const direct: DirectFinding[] = [];
  const stuck: string[] = [];
  const sameForAdmin: string[] = [];
  let sent = 0;
  let compared = 0;
  let boundaries = 0;
  let reminders = 0;
  let scanned = 0;
  for (let i = 0; i < options.games; i++) {
    const r = await playOutbound(i, options.seed + i, options.steps);
    options.onGame?.(r);
    const name = DRIVERS[i % DRIVERS.length]?.name ?? '?';
    byRuleset[name] = (byRuleset[name] ?? 0) + 1;
    sent += r.sent[0] + r.sent[1];
    compared += r.compared;
    boundaries += r.boundaries;
    reminders += r.reminders;
    scanned += r.scanned;
    for (const [k, n] of Object.entries(r.comparedByTopic))
      comparedByTopic[k] = (comparedByTopic[k] ?? 0) + n;
    for (const [k, n] of Object.entries(r.mailIn)) mailIn[k] = (mailIn[k] ?? 0) + n;
    for (const [k, [a, b]] of Object.entries(r.byRecipient)) {
      const kind =
        k.replace(/ to .*/, '') +
        (k.endsWith(' to public')
          ? ' to the public'
          : k.endsWith(' to admin')
            ? ' to the Administrator'
            : ' to one person');
      byWay[kind] = (byWay[kind] ?? 0) + a + b;
    }
    for (const why of Object.values(r.stopped)) {
      const kind = why.startsWith('told')
        ? 'told'
        : why.startsWith('acted')
          ? 'acted privately'
          : why.startsWith("the Administrator's")
            ? "the Administrator's act"
            : 'a leak';
      stops[kind] = (stops[kind] ?? 0) + 1;
    }
    leaks.push(...r.leaks);
    known.push(...r.known);
    direct.push(...r.direct);
    stuck.push(...r.stuck.map((s) => `${r.game}: ${s}`));
    if (!r.adminDiffers) sameForAdmin.push(r.game);
  }
  return {
    games: options.games,
    seed: options.seed,
    steps: options.steps,
    byRuleset,
    sent,
    compared,
    mailIn,
    boundaries,
    reminders,
    scanned,
    byWay,
    comparedByTopic,
    stops,
    leaks,
    known,
    direct,
    stuck,
    sameForAdmin,
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ⏎ ').replace(/`/g, "'");

function section(r: OutboundCampaignResult, seconds: number, note: string): string {
  const findings = [...r.leaks, ...r.known];
  return [
    '## Outbound messages',
    '',
    "Issue 15's leak scan over every message the referee sends. Two games that differ only in hidden facts",
    '(as in the non-interference campaign) are played with the same random script, in the same simulated time,',
    "each with what `referee serve --mail` runs around it: every command's notices from the producers, the",
    "game's schedule kept by the real clock (ticks with their deadline notices, reminders), the real mail and",
    'chat channels delivering the outbox (mail composed by nodemailer and kept as bytes instead of going to an',
    'SMTP server; chat posted to Discord and JSON webhooks on loopback), and mail taken in as the IMAP watcher',
    "takes it (posts to the list and to the Moderator, a player's secret phrase, a stranger, messages delivered",
    'again or edited), answered with receipts. After every step the messages each recipient but the',
    'Administrator got on each channel are compared byte for byte (envelope, every header, body; each webhook',
    'request), which compares their number and order too, until the rules tell that recipient something that',
    'differs; then every such message is read (mail decoded) and scanned for the text of every log line its',
    'recipient may not see and for the dice secret. The method is in `bench/campaigns/outbound-leaks.ts`;',
    '`test/campaigns/outbound-leaks.test.ts` runs it small.',
    '',
    `Run: \`node dist/bench/campaigns/outbound-leaks.js --games ${r.games} --seed ${r.seed} --steps ${r.steps}\` (${seconds.toFixed(1)} s on ${machine()}${note}, ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| what | figure |',
    '| --- | ---: |',
    `| games (${Object.entries(r.byRuleset)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}) | ${fmt(r.games)} |`,
    `| script steps per game | ${r.steps} |`,
    `| messages sent, both worlds (${Object.entries(r.byWay)
      .map(([k, n]) => `${k}: ${fmt(n)}`)
      .join(', ')}) | ${fmt(r.sent)} |`,
    `| messages compared byte for byte (${Object.entries(r.comparedByTopic)
      .sort(([, a], [, b]) => b - a)
      .map(([k, n]) => `${k}: ${fmt(n)}`)
      .join(', ')}) | ${fmt(r.compared)} |`,
    `| mail taken in (${Object.entries(r.mailIn)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}) | ${fmt(Object.values(r.mailIn).reduce((a, b) => a + b, 0))} |`,
    `| boundaries fired by the clock / reminders written (world 0) | ${fmt(r.boundaries / 2)} / ${fmt(r.reminders)} |`,
    `| hidden texts looked for, per recipient | ${fmt(r.scanned)} |`,
    `| recipients' comparisons stopped: told by the rules / acted privately in world 1 / the Administrator's public act accepted in one world only / at a leak | ${r.stops.told ?? 0} / ${r.stops['acted privately'] ?? 0} / ${r.stops["the Administrator's act"] ?? 0} / ${r.stops['a leak'] ?? 0} |`,
    `| boundaries due and not fired (must be 0) | ${r.stuck.length} |`,
    `| games the Administrator saw as the same (must be 0) | ${r.sameForAdmin.length} |`,
    `| **messages that differed without a reason (game, channel and recipient)** | **${findings.length}** |`,
    `| **hidden facts found in a message** | **${r.direct.length}** |`,
    '',
    findings.length === 0
      ? 'Differences: 0.'
      : `Differences:\n\n${findings
          .slice(0, 30)
          .map(
            (f) =>
              `- ${f.game}, step ${f.step} (${cell(f.command)}): ${f.route} (${f.leak}): \`${cell(f.a)}\` / \`${cell(f.b)}\``,
          )
          .join('\n')}`,
    '',
    r.direct.length === 0
      ? 'Hidden facts found: 0.'
      : `Hidden facts found:\n\n${r.direct
          .slice(0, 30)
          .map(
            (d) =>
              `- ${d.game}, world ${d.world}, ${d.channel} to ${d.to} (${d.where}): \`${cell(d.hidden)}\``,
          )
          .join('\n')}`,
  ].join('\n');
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const started = performance.now();
  const result = await outboundCampaign({
    games: Number(arg('--games') ?? 12),
    seed: Number(arg('--seed') ?? 15_2002),
    steps: Number(arg('--steps') ?? 150),
    onGame: (g) =>
      console.error(
        `${g.game}: ${g.sent[0] + g.sent[1]} sent, ${g.compared} compared, ${g.leaks.length + g.known.length} differences, ${g.direct.length} hidden facts found`,
      ),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result, null, 2));
  const note = arg('--note') ?? '';
  if (!process.argv.includes('--no-doc'))
    await writeSection('outbound-leaks', section(result, seconds, note ? `, ${note}` : ''));
  const bad =
    result.leaks.length +
    result.known.length +
    result.direct.length +
    result.stuck.length +
    result.sameForAdmin.length;
  if (bad > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
