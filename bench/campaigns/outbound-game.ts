// One game of the outbound-leak campaign (outbound-leaks.ts, where the method is): both worlds set up with what
// serve --mail runs around them, the script played step by step with every recipient's messages compared, then
// the direct scan of every message for hidden facts, and the figures of the game.
import { ADMIN, canSee, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { DRIVERS } from './non-interference-drivers.js';
import type { Driver } from './non-interference-drivers.js';
import type { Finding } from './non-interference.js';
import { GAME, World } from './non-interference-world.js';
import { Outbound, readable } from './outbound-world.js';
import type { Sent } from './outbound-world.js';
import { OutboundRun, playStep, scheduleFor, START } from './outbound-script.js';

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

/**
 * The hidden texts of a world for one viewer: the text of every log line e may not see, less those e sees a
 * line with, at least 12 characters long (shorter ones, a player's name, are not facts), and the dice secret.
 */
async function hiddenFor(w: World, viewer: Viewer): Promise<string[]> {
  const entries = await w.entries();
  const state = await w.referee.state(GAME);
  const lines = w.referee.rules.logView(entries, ADMIN, state);
  const seen = new Set(lines.filter((l) => canSee(l.event.vis, viewer)).map((l) => l.text));
  const hidden = new Set(
    lines
      .filter((l) => !canSee(l.event.vis, viewer) && !seen.has(l.text) && l.text.length >= 12)
      .map((l) => l.text),
  );
  const master = await w.referee.gameLog.master(GAME);
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
    // Created at the campaign's start (K16: its schedule, from START, starts no earlier than the game).
    for (const w of worlds) w.time = Date.parse(START);
    await o.both((w) => w.create(driver.ruleset, driver.ndays, driver.config));
    for (const w of worlds) w.time = undefined;
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
      // Whatever the step wrote is delivered in both worlds before the comparison (never a race with it).
      await o.both((_, i) => out[i].settle());
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
        w.referee.rules.logView(await w.entries(), ADMIN, await w.referee.state(GAME)).map((l) => l.text),
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
        await worlds[0].referee.outbox.notices(
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
