// A deterministic player of rooms+quests for simulated games: on eir turn each player creates a Quest when the
// Roster has room and e has nothing to do, else walks (shortest path) to fetch a primary token, take it to the
// locate room and on to the goal. Dice are supplied: Random Selection draws from a fixed linear congruential
// sequence, the d20s from a fixed list. Every command goes through the table, so the game is the kernel's.
import type { Command, Json } from '../../src/core/index.js';
import { player } from '../../src/core/index.js';
import type { QuestsState } from '../../src/rulesets/quests/index.js';
import { candidates } from '../../src/rulesets/quests/creation.js';
import type { Table } from '../support/table.js';

const COLOURS = ['red', 'blue', 'green', 'yellow', 'violet', 'orange', 'indigo', 'silver', 'gold', 'teal'];

/** The first step of a shortest walk from `from` to `to` along passages. */
export function stepToward(s: QuestsState, from: string, to: string): string | undefined {
  const exits = (room: string) => s.map.rooms.find((r) => r.name === room)?.exits ?? [];
  const firstStep = new Map<string, string>();
  const queue: string[] = [];
  for (const e of exits(from)) {
    firstStep.set(e, e);
    queue.push(e);
  }
  for (let room = queue.shift(); room !== undefined; room = queue.shift()) {
    if (room === to) return firstStep.get(room);
    for (const e of exits(room)) {
      if (e === from || firstStep.has(e)) continue;
      firstStep.set(e, firstStep.get(room) ?? e);
      queue.push(e);
    }
  }
  return undefined;
}

export class Bot {
  /** Every command given, in order, with the dice it brought. */
  readonly commands: Command[] = [];
  private seed: number;
  private d20s: number[];
  private colours = 0;

  constructor(
    readonly table: Table,
    options: { seed: number; d20s: number[] },
  ) {
    this.seed = options.seed;
    this.d20s = [...options.d20s];
  }

  private get s(): QuestsState {
    return this.table.game.rules as QuestsState;
  }

  /** A supplied draw in 1..n from the fixed sequence. */
  private draw(n: number): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return 1 + (Math.floor(this.seed / 65536) % n);
  }

  private act(name: string, type: string, args: Record<string, Json> = {}, rolls?: number[]): void {
    const command: Command = { type, by: player(name), args, ...(rolls ? { rolls } : {}) };
    this.commands.push(command);
    this.table.ok(command);
  }

  /** Creates a Quest, every step, as `name`. With `abandon`, stops after the home room and ends the turn. */
  createQuest(name: string, abandon = false): void {
    const colour = this.nextColour();
    this.act(name, 'create-quest', this.colours % 2 === 0 ? {} : { name: `Quest of the ${colour} lamp` });
    this.act(name, 'quest-colour', { colour });
    const home = candidates(this.s, []).length;
    this.act(name, 'quest-home', {}, [this.draw(home)]);
    if (abandon) return;
    this.act(name, 'quest-locate', {}, [this.draw(home - 1)]);
    this.act(name, 'quest-goal', {}, [this.draw(home - 2)]);
    this.act(name, 'quest-roll', {}, [this.d20s.shift() ?? 10]);
  }

  private nextColour(): string {
    const used = new Set(this.s.quests.roster.map((q) => q.colour));
    for (;;) {
      const c = COLOURS[this.colours++ % COLOURS.length] ?? 'grey';
      if (!used.has(c)) return c;
    }
  }

  /** Where `name` is going next: a goal, a locate room or a home room, and whether to pick up here. */
  private plan(name: string): { pick?: string; to?: string } {
    const s = this.s;
    const here = s.places.find((p) => p.player === name)?.room ?? '';
    const questOf = (id: number) =>
      s.quests.roster.find((q) => q.id === s.quests.tokens.find((t) => t.token === id)?.quest);
    const mine = s.tokens.filter((t) => 'carrier' in t.at && t.at.carrier === name);
    for (const t of mine) {
      const q = questOf(t.id);
      if (q && t.name.endsWith('secondary')) return { to: q.goal };
    }
    for (const t of mine) {
      const q = questOf(t.id);
      if (q && t.name.endsWith('primary')) return { to: q.locate };
    }
    const lying = s.tokens.find((t) => 'room' in t.at && t.at.room === here && questOf(t.id) !== undefined);
    if (lying) return { pick: `#${lying.id}` };
    // The nearest home room, counting steps.
    let best: { to: string; steps: number } | undefined;
    for (const q of s.quests.roster) {
      const steps = this.distance(here, q.home);
      if (!best || steps < best.steps) best = { to: q.home, steps };
    }
    return best ? { to: best.to } : {};
  }

  private distance(from: string, to: string): number {
    let room = from;
    for (let n = 0; n < 50; n++) {
      if (room === to) return n;
      room = stepToward(this.s, room, to) ?? to;
    }
    return 50;
  }

  /**
   * Plays the active player's whole turn. With `abandon`, if the Roster has room, e commences a Quest and ends
   * the turn before finishing it; returns whether e did.
   */
  playTurn(options: { abandon?: boolean } = {}): boolean {
    const turn = this.s.turn;
    if (!turn) throw new Error('no turn in progress');
    const name = turn.player;
    const carryingQuestToken = this.s.tokens.some(
      (t) => 'carrier' in t.at && t.at.carrier === name && this.s.quests.tokens.some((q) => q.token === t.id),
    );
    if (options.abandon && this.s.quests.roster.length < 3) {
      this.createQuest(name, true);
      this.act(name, 'end-turn');
      return true;
    }
    if (this.s.quests.roster.length < 2 || (this.s.quests.roster.length < 3 && !carryingQuestToken))
      this.createQuest(name);
    while ((this.s.turn?.used ?? 0) < this.s.actionsPerTurn) {
      const plan = this.plan(name);
      if (plan.pick) this.act(name, 'pick-up', { token: plan.pick });
      else if (plan.to) {
        const here = this.s.places.find((p) => p.player === name)?.room ?? '';
        const next = stepToward(this.s, here, plan.to);
        if (!next) break;
        this.act(name, 'move', { to: next });
      } else break;
    }
    this.act(name, 'end-turn');
    return false;
  }
}
