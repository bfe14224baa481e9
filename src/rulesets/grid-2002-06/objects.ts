// A.2 Grid Objects: "All Grid Objects must be either Mobile Objects (MOs) or Stationary Objects ... and must
// be either Impassable or Passable. ... If a MO tries to Move to a square which cannot be moved to [[like if it
// tries to move off the Grid, or into an Impassable object]], it fails to [Move]. If a Grid Object is
// Impassable, then no other Grid Object may enter the square it occupies unless a rule explicitly permits those
// two objects to [share it]. All Grid Objects are Passable MOs unless otherwise specified."
// Also B: "Players are Passable MOs, except that no two players may ever occupy the same square."
//
// Traits are asked of the rules ('traits' {id}), so a later section (F.1 Toads) or any rule that contradicts
// these (C) answers first. 'may-share' {mover, occupant} is how a rule "explicitly permits" two objects.
import { fromEdition, playerNamed } from '../../core/index.js';
import type { Folds, GameState, Json, Texts } from '../../core/index.js';
import type {
  GridObject,
  JuneState,
  Kind,
  ObjectEvent,
  ObjectMoved,
  ObjectPlaced,
  ObjectRemoved,
  Place,
  Unit,
} from './types.js';
import { HIDDEN_KINDS } from './types.js';
import { objectById, objectsAt, onGrid, unitText } from './grid.js';
import { NEW_PLAYER } from './facts.js';
import type { JuneCtx, JuneModule } from './events.js';

export interface Traits {
  readonly mobile: boolean;
  readonly passable: boolean;
  readonly carryable: boolean;
  readonly throwable: boolean;
}

const PASSABLE_MO: Traits = { mobile: true, passable: true, carryable: false, throwable: false };

/** What each section says of its objects; anything not said is a Passable MO (A.2). */
export const KIND_TRAITS: Readonly<Record<Kind, Traits>> = {
  player: PASSABLE_MO, // B
  'big-rock': { mobile: false, passable: false, carryable: false, throwable: false }, // E.1 Impassable SO
  siren: { mobile: false, passable: false, carryable: false, throwable: false }, // E.2.1 Impassable SO
  yeti: PASSABLE_MO, // E.3 says nothing: the default
  'big-stick': { ...PASSABLE_MO, carryable: true }, // F.2 Passable, Carryable MO
  shield: { ...PASSABLE_MO, carryable: true }, // F.3 Passable, Carryable MO
  'ball-of-wax': { ...PASSABLE_MO, carryable: true, throwable: true }, // F.4
  'siren-bait': PASSABLE_MO, // E.2.4 says nothing of its traits
  'radar-tower': { mobile: false, passable: true, carryable: false, throwable: false }, // G.2 immovable, passable
  gremlin: PASSABLE_MO,
  'bonus-box': PASSABLE_MO,
};

/** The traits of an object as the rules in force say. */
export function traitsOf(ctx: JuneCtx, object: GridObject): Traits {
  const answer = ctx.ask('traits', { id: object.id });
  return answer && typeof answer === 'object' ? (answer as unknown as Traits) : KIND_TRAITS[object.kind];
}

/**
 * Why `mover` may not enter square `at`, or null if it may: off the Grid, another player there (players never
 * share), or an Impassable object there, unless a rule permits the two to share.
 */
export function cannotEnter(ctx: JuneCtx, mover: GridObject, at: Unit): string | null {
  if (!onGrid(at)) return `${unitText(at)} is off the Grid`;
  for (const other of objectsAt(ctx.rules, at)) {
    if (other.id === mover.id) continue;
    const permitted = ctx.ask('may-share', { mover: mover.id, occupant: other.id }) === true;
    if (permitted) continue;
    if (mover.kind === 'player' && other.kind === 'player')
      return `${other.id.slice(7)} is on ${unitText(at)}`;
    if (!traitsOf(ctx, other).passable) return `${describeObject(other)} on ${unitText(at)} is Impassable`;
  }
  return null;
}

/** Whether a game numbers and looks up hidden objects apart from public ones (R-J30, R-J31: edition 2). */
const hidesIds = (game: GameState): boolean => fromEdition(game, 2);

/**
 * The id of a new object of a kind. R-J30 (issue 13): a public id counts only the objects everyone saw made,
 * and a hidden one (a Bonus Box) has a count of its own, so `big-rock:N` says nothing of how many Boxes exist.
 */
export function newObjectId(ctx: JuneCtx, kind: Kind): string {
  const hidden = hidesIds(ctx.state) && HIDDEN_KINDS.has(kind);
  return `${kind}:${(hidden ? (ctx.rules.hiddenMade ?? 0) : ctx.rules.made) + 1}`;
}

/**
 * The object a command's argument names, as objectById finds it, a player's body (`player:NAME`) named in any
 * case (K13: the kernel's playerNamed spells the name as the player joined).
 */
export function objectArg(ctx: JuneCtx, id: string): GridObject | undefined {
  if (id.startsWith('player:')) {
    const name = playerNamed(ctx.state, id.slice('player:'.length));
    if (name !== undefined) return objectById(ctx.rules, `player:${name}`);
  }
  return objectById(ctx.rules, id);
}

/**
 * An object as a player may name it in a command. R-J31 (issue 13): a hidden object (a Bonus Box) is answered
 * exactly as an id that names nothing, so a command cannot be used to learn which hidden ids exist.
 */
export function objectNamed(ctx: JuneCtx, id: string): GridObject | undefined {
  const o = objectArg(ctx, id);
  return o && hidesIds(ctx.state) && HIDDEN_KINDS.has(o.kind) ? undefined : o;
}

/** An object as it is stored: without any extra fields an event carried. */
const plain = (o: GridObject): GridObject => ({
  id: o.id,
  kind: o.kind,
  place: o.place,
  ...(o.name ? { name: o.name } : {}),
  ...(o.tags ? { tags: o.tags } : {}),
});

export function placeText(p: Place): string {
  if ('on' in p) return `is at ${unitText(p.on)}`;
  if ('heldBy' in p) return `is held by ${p.heldBy}`;
  if ('airborne' in p) return `is Airborne, thrown at ${unitText(p.airborne.target)}`;
  return 'is in Limbo';
}

/**
 * An object as rule code has always named it in what it records (roll purposes, reasons of transfers): "Ball Of
 * Wax". Those words are part of the log, which `verify` decides again and compares, so they stay as they were;
 * what is read (log lines, boards, reports) uses objectName, the text's own words.
 */
export function describeObject(o: GridObject): string {
  if (o.kind === 'player') return o.id.slice('player:'.length);
  const name = o.kind.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return o.name ? `${name} ${o.name}` : name;
}

/** Each kind of Grid Object as the text names it (A-G: "Ball of Wax", "Siren Bait"). */
export const KIND_NAMES: Readonly<Record<Kind, string>> = {
  player: 'player',
  'big-rock': 'Big Rock',
  siren: 'Siren',
  yeti: 'Yeti',
  'big-stick': 'Big Stick',
  shield: 'Shield',
  'ball-of-wax': 'Ball of Wax',
  'siren-bait': 'Siren Bait',
  'radar-tower': 'Radar Tower',
  gremlin: 'Gremlin',
  'bonus-box': 'Bonus Box',
};

/** The kind an object's id names: ids are the kind ("big-stick") or the kind and a number ("big-rock:3"). */
export function kindOfId(id: string): Kind | undefined {
  const kind = id.split(':')[0] ?? '';
  return Object.hasOwn(KIND_NAMES, kind) ? (kind as Kind) : undefined;
}

/**
 * An object in the text's words, for people to read: a player by eir name; "the Big Stick" for the one object
 * of its kind; "the Big Rock (big-rock:3)" where there are several, the id being how a command names it.
 */
export function objectName(id: string, name?: string): string {
  if (id.startsWith('player:')) return id.slice('player:'.length);
  const kind = kindOfId(id);
  if (kind === undefined) return id;
  // F.4: the wax out of a player's ears is "a Ball of Earwax".
  const called =
    kind === 'ball-of-wax' && name === 'Earwax'
      ? 'Ball of Earwax'
      : name
        ? `${KIND_NAMES[kind]} ${name}`
        : KIND_NAMES[kind];
  return id === kind ? `the ${called}` : `the ${called} (${id})`;
}

/** A sentence that begins with an object's name: "The Big Stick is ...", "alice is ...". */
const opening = (text: string): string => text.replace(/^the /, 'The ');

export const objectsModule: JuneModule = {
  id: 'objects',
  section: 'A.2 Grid Objects',
  text: 'All Grid Objects must be either Mobile Objects (MOs) or Stationary Objects ... and must be either Impassable or Passable. ... If a Grid Object is Impassable, then no other Grid Object may enter the square it occupies unless a rule explicitly permits those two objects to ... All Grid Objects are Passable MOs unless otherwise specified.',
  evolve: {
    'object-placed'(s: JuneState, e: ObjectPlaced, game: GameState): JuneState {
      const objects = [...s.objects, plain(e.object)];
      // A player's body appears when e joins; eir facts start with it (B: all Players start in Limbo).
      const players =
        e.object.kind === 'player'
          ? { ...s.players, [e.object.id.slice('player:'.length)]: NEW_PLAYER }
          : s.players;
      if (hidesIds(game) && HIDDEN_KINDS.has(e.object.kind))
        return { ...s, objects, players, hiddenMade: (s.hiddenMade ?? 0) + 1 };
      return { ...s, objects, players, made: s.made + 1 };
    },
    'object-moved': (s: JuneState, e: ObjectMoved): JuneState => ({
      ...s,
      objects: s.objects.map((o) => (o.id === e.id ? { ...o, place: e.to } : o)),
      // B.4: a declaration to catch is for one flight; once the object is anywhere but in the air, it is spent.
      catching: 'airborne' in e.to ? s.catching : s.catching.filter((c) => c.object !== e.id),
    }),
    // An object that leaves the game leaves every list that names it.
    'object-removed'(s: JuneState, e: ObjectRemoved): JuneState {
      const bait = { ...s.de.bait };
      delete bait[e.id];
      return {
        ...s,
        objects: s.objects.filter((o) => o.id !== e.id),
        catching: s.catching.filter((c) => c.object !== e.id),
        de: { ...s.de, bait },
      };
    },
  } satisfies Folds<JuneState, ObjectEvent>,
  describe: {
    'object-placed': (e: ObjectPlaced) =>
      e.object.kind === 'player'
        ? `${describeObject(e.object)} is in Limbo.`
        : `${opening(objectName(e.object.id, e.object.name))} appears: it ${placeText(e.object.place)}.`,
    'object-moved': (e: ObjectMoved) => `${opening(objectName(e.id))} ${placeText(e.to)} (${e.why}).`,
    'object-removed': (e: ObjectRemoved) => `${opening(objectName(e.id))} is gone (${e.why}).`,
  } satisfies Texts<ObjectEvent>,
  answers: {
    traits(ctx, q: Json): Json | undefined {
      const o = objectById(ctx.rules, (q as { id: string }).id);
      return o ? { ...KIND_TRAITS[o.kind] } : undefined;
    },
  },
};
