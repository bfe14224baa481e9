// Preview before doing (issue 16: "`--dry-run` on every CLI verb and a preview on the page for the
// Administrator's commands (what would happen, from the admin view, nothing written: the Diplomacy judges'
// PREVIEW)"). A Sandbox decides commands exactly as the Referee does, on the game's latest state, and keeps
// what they would append in memory: nothing is written, no dice are taken from the store's queue, no command
// id is recorded, no token granted, no notice sent. Commands given to one Sandbox follow one another, so a
// forum post's sentences are previewed in order, each on what the ones before it would have left.
//
// Fair dice (ruling K11): the preview never draws from the game's real streams. It decides with a stand-in
// secret, public and unrelated to the game's (derived from the game's name), so what it shows after a fair
// roll is one possible outcome, marked as such, and the real roll is drawn when the command is done. Drawing
// from the real stream would tell the Administrator a roll before the commands it follows, and previewing
// an nweek's end would reveal its seed, and so every roll left in the nweek, before the nweek ended. Manual
// dice are the Administrator's own queue: the preview uses it as the command would (and refuses as it would
// when a result is missing), without consuming it.
import type { Command, GameState, Json, Kernel, LogEntry, Result, RuleError, Viewer } from '../core/index.js';
import {
  ADMIN,
  chain,
  err,
  GENESIS,
  hexToBytes,
  inForce,
  ok,
  ruleError,
  sha256Hex,
  valueText,
} from '../core/index.js';
import { StoreError } from '../store/store.js';
import type { Absence } from './absent.js';
import { absences } from './absent.js';
import { commandEntries, reusedId } from './idempotency.js';
import type { Accepted } from './referee.js';
import type { Commanding } from './ports/use-cases.js';
import { insidesOf } from './insides.js';
import type { Rules } from './ports/index.js';

/** The stand-in secret a preview of `game` draws fair dice from: public, and unrelated to the game's own. */
export const standInSecret = (game: string): Uint8Array =>
  hexToBytes(sha256Hex(`nomic-referee preview stand-in|${game}`));

interface Here {
  state: GameState | undefined;
  head: string;
}

/**
 * What `postMessage` (src/forum) and the command-line verbs need of a Referee, answered from memory on top of
 * the game as the store has it now. Every method takes the game's name as the Referee's do; one Sandbox
 * serves one game.
 */
export class Sandbox {
  private here: Here | undefined;
  /** Every entry the commands given here would append, in order. */
  readonly appended: LogEntry[] = [];

  constructor(
    private readonly referee: Commanding,
    readonly game: string,
  ) {}

  /** The rules' reads, as the Referee's (Referee.rules). */
  get rules(): Rules {
    return this.kernel;
  }

  private get kernel(): Kernel {
    return insidesOf(this.referee).kernel;
  }

  /** The game as it stands now, or after the commands given here. */
  async state(game: string): Promise<GameState> {
    const { state } = await this.load(game);
    if (!state) throw new StoreError('unknown-game', `there is no game ${game}`);
    return state;
  }

  async view(game: string, viewer: Viewer) {
    return this.kernel.view(await this.state(game), viewer);
  }

  /** A command id's first command, from the store: a preview records no id. */
  recordedCommand(game: string, id: string): Promise<Command | undefined> {
    return this.referee.recordedCommand(game, id);
  }

  /**
   * Decides one command as Referee.submit would, and keeps what it would append here. A command id the store
   * has seen is answered as submit answers it (the first result, or `idempotency-key-reused`).
   */
  async submit(game: string, command: Command): Promise<Result<Accepted, RuleError>> {
    const creating = command.type === 'create';
    let here: Here;
    try {
      here = await this.load(game, creating);
    } catch (e) {
      if (e instanceof StoreError && e.code === 'unknown-game')
        return err(ruleError('unknown-game', e.message));
      throw e;
    }
    if (creating && here.state) return err(ruleError('game-exists', `the game ${game} already exists`));
    if (!creating && command.id !== undefined && this.appended.length === 0) {
      const seen = await insidesOf(this.referee).store.command(game, command.id);
      if (seen) {
        const entries = await commandEntries(insidesOf(this.referee).store, game, seen);
        const reused = reusedId(command, entries);
        if (reused) return err(reused);
        return ok({ entries, state: here.state as GameState, duplicate: true });
      }
    }
    const fair = creating ? command.args.dice !== 'manual' : here.state?.dice.source !== 'manual';
    await this.referee.prepare(command);
    const decided = this.kernel.decide(here.state, command, {
      head: here.head,
      ...(fair ? { master: standInSecret(game) } : {}),
      // Seen from the Administrator's side: a refusal names what the Administrator would be told.
      asAdministrator: true,
    });
    if (!decided.ok) return decided;
    const entries = chain(here.head, (here.state?.seq ?? 0) + 1, decided.value.events, decided.value.ats);
    const before = here.state;
    this.here = { state: decided.value.state, head: (entries[entries.length - 1] as LogEntry).hash };
    this.appended.push(...entries);
    return ok({
      entries,
      state: decided.value.state,
      duplicate: false,
      ...(before && !creating ? { before } : {}),
    });
  }

  private async load(game: string, creating = false): Promise<Here> {
    if (game !== this.game) throw new Error(`this sandbox previews ${this.game}, not ${game}`);
    if (this.here) return this.here;
    if (creating) {
      // (Entries past any real end: the answer says whether the game exists, reading nothing.)
      const exists = (await insidesOf(this.referee).store.entries(game, 1 << 30)) !== undefined;
      this.here = exists
        ? { state: await this.referee.state(game), head: '' }
        : { state: undefined, head: GENESIS };
      return this.here;
    }
    const state = await this.referee.state(game);
    // The head the command would follow: the entry the state was folded up to (another process may have
    // appended since; the state read is the one decided on).
    const last = (await insidesOf(this.referee).store.entries(game, state.seq))?.find(
      (e) => e.seq === state.seq,
    );
    if (!last) throw new StoreError('unknown-game', `there is no game ${game}`);
    this.here = { state, head: last.hash };
    return this.here;
  }
}

/** One line of a preview, as the Administrator would see it in the log. */
export interface PreviewLine {
  readonly seq: number;
  readonly nweek: number;
  readonly nday: number;
  readonly type: string;
  readonly text: string;
  /** Its text rests on a fair roll drawn from the stand-in: one possible outcome, not the real one. */
  readonly standIn?: true;
}

/** A roll the command would make: what for and with what dice; its result only for manual dice. */
export interface PreviewRoll {
  readonly purpose: string;
  readonly expr: string;
  readonly source: 'fair' | 'manual' | 'beacon';
  /** From the secret stream (placing something hidden). */
  readonly secret: boolean;
  /** Manual dice: the result the queue would give. */
  readonly result?: Json;
}

/** What a command would do, as the Administrator would see it. */
export interface PreviewAnswer {
  readonly duplicate: boolean;
  readonly lines: readonly PreviewLine[];
  readonly rolls: readonly PreviewRoll[];
  /** True when fair dice were drawn from the stand-in (ruling K11): what follows them may differ. */
  readonly standIn: boolean;
  /** The waits it would end with players still awaited (absent.ts). */
  readonly absent: readonly Absence[];
  /**
   * Issue 24: the parameters whose value in force it would change now (an amendment at once, a repeal), each
   * from the value before to the value after, in words; absent when it changes none.
   */
  readonly rules?: readonly RuleChange[];
}

/** One parameter a command would change: its name, and its value in force before and after, in words. */
export interface RuleChange {
  readonly name: string;
  readonly before: string;
  readonly after: string;
}

/** The parameters whose values in force differ between two states of a game (issue 24). */
function ruleChanges(kernel: Rules, before: GameState | undefined, after: GameState): RuleChange[] {
  if (!before || before.params === after.params || before.ruleset !== after.ruleset) return [];
  const set = kernel.registry.get(after.ruleset)?.parameters;
  if (!set) return [];
  const was = inForce(before, set);
  const is = inForce(after, set);
  return set.list.flatMap((p) => {
    const a = valueText(was[p.name] ?? p.text);
    const b = valueText(is[p.name] ?? p.text);
    return a === b ? [] : [{ name: p.name, before: a, after: b }];
  });
}

const SEED_TYPES = new Set(['seed-committed', 'seed-revealed']);

/**
 * A sandboxed command's result as the preview shows it: the Administrator's lines, where a stand-in seed is
 * never quoted (a revealed or committed seed of the stand-in means nothing, and the real one is not told
 * before its time) and every line from the first fair roll on is marked as one possible outcome.
 */
export function previewAnswer(kernel: Rules, accepted: Accepted, viewer: Viewer = ADMIN): PreviewAnswer {
  const { entries } = accepted;
  const fairGame = accepted.state.dice.source !== 'manual';
  const rolls: PreviewRoll[] = [];
  const lines: PreviewLine[] = [];
  let afterFair = false;
  const shown = kernel.logView(entries, viewer, accepted.state);
  const changed = accepted.duplicate ? [] : ruleChanges(kernel, accepted.before, accepted.state);
  for (const line of shown) {
    const event = line.event;
    for (const r of event?.rolls ?? []) {
      if (r.source !== 'manual' && !accepted.duplicate) afterFair = true;
      rolls.push({
        purpose: r.purpose,
        expr: r.expr,
        source: r.source,
        secret: r.secret === true,
        ...(r.source === 'manual' ? { result: r.result } : {}),
      });
    }
    const standIn = fairGame && !accepted.duplicate;
    const text =
      standIn && SEED_TYPES.has(line.type) ? seedLine(line.type, event as unknown as SeedEvent) : line.text;
    lines.push({
      seq: line.seq,
      nweek: line.nweek,
      nday: line.nday,
      type: line.type,
      text,
      ...(afterFair ? { standIn: true as const } : {}),
    });
  }
  return {
    duplicate: accepted.duplicate,
    lines,
    rolls,
    standIn: afterFair,
    absent: accepted.duplicate ? [] : absences(kernel, accepted.before, entries),
    ...(changed.length > 0 ? { rules: changed } : {}),
  };
}

interface SeedEvent {
  readonly stream: 'public' | 'secret';
  readonly epoch: number;
}

function seedLine(type: string, e: SeedEvent): string {
  const which =
    e.stream === 'public' ? `the dice seed of nweek ${e.epoch}` : 'the secret dice seed of the game';
  return type === 'seed-revealed'
    ? `${capital(which)} would be revealed (its value is published when this is done).`
    : `${capital(which)} would be committed (its SHA-256 is published when this is done).`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Decides one command in a fresh Sandbox: what it would do now, nothing written. */
export async function preview(
  referee: Commanding,
  game: string,
  command: Command,
): Promise<Result<PreviewAnswer, RuleError>> {
  const sandbox = new Sandbox(referee, game);
  const result = await sandbox.submit(game, command);
  return result.ok ? ok(previewAnswer(insidesOf(referee).kernel, result.value)) : result;
}
