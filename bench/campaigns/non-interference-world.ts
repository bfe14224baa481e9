// One of the two worlds of the non-interference campaign (non-interference.ts): a real server (`buildApp` over
// an in-memory SQLite store) listening on loopback for the event streams and answering every other request
// in process (`inject`), plus the Administrator's hand on the manual dice.
//
// Dice. Both worlds roll manual dice, and this file is the Administrator who queues them: before each command
// it decides the command on a copy of the state (`Kernel.decide` is pure) to learn which rolls it makes, then
// queues exactly those results with an Administrator-only `dice` command and sends the command. A result is a
// function of the roll's purpose, how many times that purpose was rolled before, and the draw's index: the
// same in both worlds for a public roll, so public rolls agree, and for a secret roll the same or not as the
// campaign's variation says, so the worlds differ only in what the secret stream placed. Nothing here changes
// what the program does: it is what an Administrator keeping manual dice would type.
import type { FastifyInstance } from 'fastify';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, GameEvent, GameState, Json, JsonObject, LogEntry } from '../../src/core/index.js';
import { withInstants } from '../../src/engine/instants.js';
import { Referee } from '../../src/engine/referee.js';
import { insidesOf } from '../../src/engine/insides.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { buildApp } from '../../src/server/app.js';
import { SqliteStore } from '../../src/store/sqlite.js';

export const GAME = 'g';

/** A token no game issued: the outsider's. */
export const BOGUS_TOKEN = `nr_${'Q'.repeat(43)}`;

/** What a request answered, as its caller saw it (a join's token taken out). */
export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Whether a secret roll's results differ between the worlds (the same call in both worlds). */
export type Vary = (purpose: string, occurrence: number) => boolean;

/** A string's 32-bit FNV-1a hash, mixed: the dice results' source. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

interface PlannedRoll {
  readonly purpose: string;
  readonly sides: readonly number[];
  readonly secret: boolean;
}

/** An open event stream: everything it received, as text. */
interface Stream {
  text: string;
  done: Promise<void>;
  readonly abort: AbortController;
  readonly status: number;
}

export class World {
  readonly tokens = new Map<string, string>();
  adminToken = '';
  /** Rolls of each purpose made so far in this world. */
  private readonly rolled = new Map<string, number>();
  /** Purposes seen rolled on the secret stream. */
  private readonly secretPurposes = new Set<string>();
  private readonly streams = new Map<string, Stream>();
  /** How many dice results this world queued for its commands and threw away (forum posts). */
  queuedValues = 0;
  /**
   * The campaign's own time (ms since the epoch): the instant a command needs and lacks (a schedule's
   * `since`, `pause-clock`'s `at`) is filled from it, as the HTTP edge would fill it from the wall clock when
   * the request arrives, which differs between the two worlds (withInstants: to the second) and made them
   * differ. Undefined: the edge fills it.
   */
  time: number | undefined = undefined;

  private constructor(
    readonly index: 0 | 1,
    readonly seed: number,
    private readonly vary: Vary,
    readonly app: FastifyInstance,
    readonly referee: Referee,
    private readonly store: SqliteStore,
    readonly base: string,
  ) {}

  static async open(index: 0 | 1, seed: number, vary: Vary): Promise<World> {
    const store = new SqliteStore(':memory:');
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    // The server's clock is the campaign's when it has one (K16: a creation is dated by it too, the same in
    // both worlds, and the schedules given on the campaign's time start after it).
    const made: { world?: World } = {};
    const app = await buildApp({
      referee,
      webRoot: false,
      authLimit: { max: 1_000_000 },
      now: () => made.world?.time ?? Date.now(),
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    made.world = new World(index, seed, vary, app, referee, store, base);
    return made.world;
  }

  async close(): Promise<void> {
    for (const s of this.streams.values()) s.abort.abort();
    await this.app.close();
    await Promise.all([...this.streams.values()].map((s) => s.done));
    await this.store.close();
  }

  /** One request in process; the answer's body as text, a join's token replaced by a mark. */
  async request(method: 'GET' | 'POST', url: string, token?: string, body?: Json): Promise<Answer> {
    const r = await this.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, body: r.body.replace(/nr_[A-Za-z0-9_-]{43}/g, '<token>') };
  }

  private async rawPost(
    url: string,
    token: string | undefined,
    body: Json,
  ): Promise<{ status: number; json: JsonObject; body: string }> {
    const r = await this.app.inject({
      method: 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
    let json: JsonObject = {};
    try {
      json = r.json<JsonObject>();
    } catch {
      // not JSON: the status says enough
    }
    return { status: r.statusCode, json, body: r.body };
  }

  /** The result of one draw: the same in both worlds unless it is a secret draw the variation varies. */
  private value(roll: PlannedRoll, occurrence: number, draw: number): number {
    const sides = roll.sides[draw] ?? 1;
    const of = (key: string) =>
      1 + (hash32(`${this.seed}|${key}|${roll.purpose}|${occurrence}|${draw}`) % sides);
    const both = of('both');
    if (!roll.secret || !this.vary(roll.purpose, occurrence) || this.index === 0) return both;
    // World 1's varied draw: never by chance the same as world 0's.
    const mine = of('world 1');
    return mine === both ? (both % sides) + 1 : mine;
  }

  private values(rolls: readonly PlannedRoll[]): number[] {
    const seen = new Map<string, number>();
    const out: number[] = [];
    for (const r of rolls) {
      const n = (this.rolled.get(r.purpose) ?? 0) + (seen.get(r.purpose) ?? 0);
      seen.set(r.purpose, (seen.get(r.purpose) ?? 0) + 1);
      r.sides.forEach((_, i) => out.push(this.value(r, n, i)));
    }
    return out;
  }

  /** The dice results `command` will consume, found by deciding it on a copy of the state. */
  private async plan(command: Command): Promise<number[]> {
    const state: GameState | undefined =
      command.type === 'create' ? undefined : await this.referee.state(GAME);
    const entries = command.type === 'create' ? [] : await this.referee.entries(GAME);
    const head = entries[entries.length - 1]?.hash ?? '';
    const master = command.type === 'create' ? undefined : ((await this.store.master(GAME)) ?? undefined);
    let rolls: PlannedRoll[] = [];
    for (let attempt = 0; attempt < 200; attempt++) {
      const values = this.values(rolls);
      const copy = state ? { ...state, dice: { ...state.dice, queue: values } } : undefined;
      const decided = insidesOf(this.referee).kernel.decide(
        copy,
        command.type === 'create' ? { ...command, rolls: values } : command,
        // Told as the Administrator is: a player's refusal for missing dice names the roll (rulings R10).
        { head, ...(master ? { master } : {}), asAdministrator: true },
      );
      if (!decided.ok) {
        const e = decided.error;
        const m = /^no queued dice result for "(.*)": queue (.*) with the dice command$/s.exec(e.message);
        if (e.code !== 'dice-needed' || !m) return [];
        const purpose = m[1] ?? '';
        const sides = [...(m[2] ?? '').matchAll(/d(\d+)/g)].map((x) => Number(x[1]));
        rolls.push({ purpose, sides, secret: this.secretPurposes.has(purpose) });
        continue;
      }
      const made: PlannedRoll[] = decided.value.events.flatMap((ev: GameEvent) =>
        (ev.rolls ?? []).map((r) => ({ purpose: r.purpose, sides: r.sides, secret: r.secret })),
      );
      for (const r of made) if (r.secret) this.secretPurposes.add(r.purpose);
      if (JSON.stringify(made) === JSON.stringify(rolls)) return values;
      rolls = made;
    }
    throw new Error(`the dice for ${command.type} could not be planned`);
  }

  /** Counts the rolls of entries just written, so the next results follow on. */
  private count(entries: readonly LogEntry[]): void {
    for (const e of entries)
      for (const r of e.event.rolls ?? []) {
        this.rolled.set(r.purpose, (this.rolled.get(r.purpose) ?? 0) + 1);
        if (r.secret) this.secretPurposes.add(r.purpose);
      }
  }

  private async since<T>(work: () => Promise<T>): Promise<T> {
    const before = (await this.referee.entries(GAME).catch(() => [])).length;
    const out = await work();
    this.count((await this.referee.entries(GAME)).slice(before));
    return out;
  }

  private async over(): Promise<boolean> {
    return (await this.referee.state(GAME)).ended !== null;
  }

  private async queueDice(values: readonly number[]): Promise<void> {
    if (values.length === 0 || (await this.over())) return;
    this.queuedValues += values.length;
    const r = await this.rawPost(`/api/games/${GAME}/commands`, this.adminToken, {
      type: 'dice',
      args: { values: [...values] },
    });
    if (r.status !== 200) throw new Error(`queueing dice answered ${r.status}: ${r.body}`);
  }

  /** Creates the game (its setup rolls brought along). */
  async create(ruleset: string, ndays: number, config?: JsonObject): Promise<void> {
    const command: Command = {
      type: 'create',
      by: ADMIN,
      args: { game: GAME, ruleset, dice: 'manual', ndays, ...(config ? { config } : {}) },
    };
    const rolls = await this.plan(command);
    const r = await this.rawPost('/api/games', undefined, {
      ruleset,
      game: GAME,
      dice: 'manual',
      ndays,
      ...(config ? { config } : {}),
      ...(rolls.length ? { rolls } : {}),
    });
    if (r.status !== 201) throw new Error(`creating ${ruleset} answered ${r.status}: ${r.body}`);
    const token = r.json.adminToken;
    if (typeof token !== 'string') throw new Error(`creating ${ruleset} gave no admin token`);
    this.adminToken = token;
    this.count(await this.referee.entries(GAME));
  }

  /** A join over HTTP with no token; the token issued is kept. */
  async join(name: string): Promise<Answer> {
    return this.since(async () => {
      await this.queueDice(await this.plan({ type: 'join', by: player(name), args: {} }));
      const r = await this.rawPost(`/api/games/${GAME}/join`, undefined, { player: name });
      if (r.status === 201 && typeof r.json.token === 'string') this.tokens.set(name, r.json.token);
      return { status: r.status, body: r.body.replace(/nr_[A-Za-z0-9_-]{43}/g, '<token>') };
    });
  }

  /** A command by a player (with eir token) or the Administrator, its dice queued first. */
  async command(by: string | null, type: string, given: JsonObject): Promise<Answer> {
    return this.since(async () => {
      const actor = by === null ? ADMIN : player(by);
      const { args } =
        this.time === undefined ? { args: given } : withInstants({ type, by: actor, args: given }, this.time);
      await this.queueDice(await this.plan({ type, by: actor, args }));
      const token = by === null ? this.adminToken : (this.tokens.get(by) ?? BOGUS_TOKEN);
      return this.request('POST', `/api/games/${GAME}/commands`, token, { type, args });
    });
  }

  /**
   * A forum post. Its sentences become commands only as it is read, so their rolls cannot be planned one by
   * one: the same results are queued in both worlds before it (and what is left is cleared after).
   */
  async post(by: string, text: string, step: number): Promise<Answer> {
    const token = this.tokens.get(by) ?? BOGUS_TOKEN;
    return this.asPost(step, () => this.request('POST', `/api/games/${GAME}/posts`, token, { text }));
  }

  /**
   * Work that submits commands the campaign cannot plan one by one (a forum post, a post by mail): the same
   * dice results are queued in both worlds before it, and what is left is cleared after.
   */
  async asPost<T>(step: number, work: () => Promise<T>): Promise<T> {
    return this.since(async () => {
      const values = Array.from({ length: 24 }, (_, i) => 1 + (hash32(`${this.seed}|post ${step}|${i}`) % 6));
      await this.queueDice(values);
      const out = await work();
      await this.clearDice();
      return out;
    });
  }

  /**
   * A command someone else gives (the clock's tick at a boundary, issue 14): its dice are planned and queued
   * as for the campaign's own commands, then `give` makes something submit it; results it left are cleared.
   */
  async givenBy<T>(command: Command, give: () => Promise<T>): Promise<T> {
    return this.since(async () => {
      await this.queueDice(await this.plan(command));
      const out = await give();
      await this.clearDice();
      return out;
    });
  }

  /** Clears dice results queued and not consumed (an Administrator-only entry, only if there are some). */
  private async clearDice(): Promise<void> {
    const left = (await this.over()) ? 0 : (await this.referee.state(GAME)).dice.queue.length;
    if (left > 0)
      await this.rawPost(`/api/games/${GAME}/commands`, this.adminToken, {
        type: 'dice',
        args: { clear: true },
      });
  }

  /** Entries only the Administrator sees: results queued and cleared again, changing nothing else. */
  async hiddenNoise(step: number): Promise<void> {
    if (await this.over()) return;
    await this.queueDice([1 + (step % 6), 2, 3]);
    await this.rawPost(`/api/games/${GAME}/commands`, this.adminToken, {
      type: 'dice',
      args: { clear: true },
    });
  }

  /** Opens the event stream of one viewer (a token, or none for the public). */
  async listen(viewer: string, token: string | undefined): Promise<void> {
    const abort = new AbortController();
    const opened = await fetch(`${this.base}/api/games/${GAME}/events`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: abort.signal,
    });
    const stream: Stream = { text: '', abort, status: opened.status, done: Promise.resolve() };
    const body = opened.body;
    stream.done = (async () => {
      if (!body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>)
          stream.text += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted at the end
      }
    })();
    this.streams.set(viewer, stream);
  }

  /** The messages a viewer's stream received so far: event name and data, pings left out. */
  messages(viewer: string): { event: string; data: string }[] {
    const s = this.streams.get(viewer);
    if (!s) return [];
    const out: { event: string; data: string }[] = [];
    const blocks = s.text.split('\n\n');
    blocks.pop(); // an unfinished message, or the empty text after the last one
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) out.push({ event, data: data.join('\n') });
    }
    return out;
  }

  streamStatus(viewer: string): number {
    return this.streams.get(viewer)?.status ?? 0;
  }

  /** The whole log, as the store holds it (for the Administrator and for counting). */
  entries(): Promise<LogEntry[]> {
    return this.referee.entries(GAME);
  }
}
