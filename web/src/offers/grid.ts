// The Grid's actions as the player's own view allows them (the January and June texts). Every test here reads
// a public fact or the player's own: where e is (on the Grid or in Limbo), what e holds, whether e has moved
// this nweek, the objects every player sees, eir points. Hidden objects (Bonus Boxes) are not in a player's
// view, so they can neither add a choice nor take one away.
import type { GamePayload, JsonObject } from '../api';
import type { Choice, CommandOffer, Offers, XY } from './types';
import { choice, doneAwaited, isObject, isXY, names, num, objects, str } from './types';

const SIZE = 20;
const onGrid = ([x, y]: XY) => x >= 1 && x <= SIZE && y >= 1 && y <= SIZE;

/** The squares surrounding one (A.2 "consecutive"; the January "surrounding unit"), on the Grid. */
export function surrounding([x, y]: XY): [number, number][] {
  const out: [number, number][] = [];
  for (let dy = 1; dy >= -1; dy--)
    for (let dx = -1; dx <= 1; dx++) {
      const at: [number, number] = [x + dx, y + dy];
      if ((dx !== 0 || dy !== 0) && onGrid(at)) out.push(at);
    }
  return out;
}

const same = (a: XY, b: XY) => a[0] === b[0] && a[1] === b[1];
const steps = (a: XY, b: XY) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

interface Me {
  name: string;
  at: [number, number] | null;
  points: number;
  holding: string[];
  female: boolean;
  cheerleader: boolean;
}

function meOf(payload: GamePayload): Me | undefined {
  if (payload.viewer.role !== 'player') return undefined;
  const name = payload.viewer.name;
  const row = objects(payload.view.players).find((p) => p.name === name);
  if (!row) return undefined;
  return {
    name,
    at: isXY(row.location) ? row.location : null,
    points: num(row.points) ?? 0,
    holding: names(row.holding),
    female: row.female === true,
    cheerleader: row.cheerleader === true,
  };
}

/** January 2002: enter from Limbo, leave, and one announced move an nweek to a surrounding unit. */
export function januaryOffers(payload: GamePayload): Offers {
  const me = meOf(payload);
  if (!me) return {};
  const v = payload.view;
  // R1: one announcement an nweek ("already-announced"); the view lists the announcements not withdrawn, and
  // `awaiting` counts a withdrawn one too.
  const announced = objects(v.announced).some((a) => a.player === me.name) || doneAwaited(v, me.name);
  return {
    enter: me.at ? false : {},
    leave: me.at ? {} : false,
    move: me.at && !announced ? { squares: surrounding(me.at) } : false,
  };
}

// ---- June 2002 ----

const LABEL: Record<string, string> = {
  'big-rock': 'Big Rock',
  siren: 'Siren',
  yeti: 'Yeti',
  'big-stick': 'Big Stick',
  shield: 'Shield',
  'ball-of-wax': 'Ball of Wax',
  'siren-bait': 'Siren Bait',
  'radar-tower': 'Radar Tower',
  gremlin: 'Gremlin',
};

interface Obj {
  id: string;
  kind: string;
  name?: string;
  on?: [number, number];
  heldBy?: string;
  airborne?: [number, number];
}

function objectsOf(v: JsonObject): Obj[] {
  return objects(v.objects).map((o) => {
    const p = o.place;
    const name = str(o.name);
    return {
      id: str(o.id) ?? '',
      kind: str(o.kind) ?? '',
      ...(name ? { name } : {}),
      ...(isObject(p) && isXY(p.on) ? { on: p.on } : {}),
      ...(isObject(p) && typeof p.heldBy === 'string' ? { heldBy: p.heldBy } : {}),
      ...(isObject(p) && isXY(p.airborne) ? { airborne: p.airborne } : {}),
    };
  });
}

const objectChoice = (o: Obj): Choice =>
  choice(o.id, `${LABEL[o.kind] ?? o.kind}${o.name ? ` ${o.name}` : ''} (${o.id})`);

/** A Toad is carryable and throwable (F.1), and is held or lies as the player object `player:NAME`. */
const toadId = (name: string) => `player:${name}`;

/** Only what may be: an offer with choices for each field, or false when a field has none. */
const withChoices = (fields: Record<string, Choice[]>, rest: CommandOffer = {}): CommandOffer | false =>
  Object.values(fields).some((c) => c.length === 0)
    ? false
    : { ...rest, fields: Object.fromEntries(Object.entries(fields).map(([k, c]) => [k, { choices: c }])) };

// The prices the texts set (de-bait.ts, fg-radar-towers.ts, fg-pinball.ts, de-big-rocks.ts).
const BAIT_PRICE = 10;
const TOWER_PRICE = 8;
const GUN_PRICE = 2;
/** The cheapest a Big Rock can cost: 5+5d3 with no square chosen. */
const ROCK_LEAST = 10;

/** The kinds of Grid Object the Administrator may place by hand (every kind but a player: controls.ts). */
const PLACEABLE = Object.keys(LABEL).concat('bonus-box');
/** The substances the text names (A.3); another may be typed. */
const SUBSTANCES = ['Turf', 'Earth', 'Mud', 'Fire', 'Water', 'Rock', 'Sand'];

/** The June Administrator's controls, with the names the Administrator's view holds as choices. */
function juneAdminOffers(payload: GamePayload): Offers {
  const v = payload.view;
  const players = names(v.players).map((p) => choice(p));
  const gremlins = objectsOf(v)
    .filter((o) => o.kind === 'gremlin')
    .map(objectChoice);
  return {
    place: {
      fields: {
        kind: { choices: PLACEABLE.map((k) => choice(k, k === 'bonus-box' ? 'Bonus Box' : (LABEL[k] ?? k))) },
      },
    },
    square: { fields: { substance: { choices: SUBSTANCES.map((x) => choice(x)), open: true } } },
    radar: { fields: { player: { choices: players } } },
    'player-facts': { fields: { player: { choices: players } } },
    'gremlin-active': gremlins.length > 0 ? { fields: { gremlin: { choices: gremlins } } } : false,
  };
}

/** June 2002, with the sections D to G: what the player may do now, from eir own view. */
export function juneOffers(payload: GamePayload): Offers {
  if (payload.viewer.role === 'admin') return juneAdminOffers(payload);
  const me = meOf(payload);
  if (!me) return {};
  const v = payload.view;
  const all = objectsOf(v);
  const toads = new Set(names(v.toads));
  const toad = toads.has(me.name);
  const deaf = names(v.deaf).includes(me.name);
  const hasGun = names(v.pinballGuns).includes(me.name);
  const at = me.at;
  const held = all.filter((o) => o.heldBy === me.name);
  // A Toad the player holds is listed in eir holding, though player objects are not among the view's objects.
  const heldToads = me.holding.filter((id) => id.startsWith('player:'));
  const stick = held.some((o) => o.kind === 'big-stick');
  const players = objects(v.players);
  const playerAt = (name: string): [number, number] | null => {
    const row = players.find((p) => p.name === name);
    return row && isXY(row.location) ? row.location : null;
  };

  // B.3: carryable objects on my square (the Big Stick, a Shield, a Ball of Wax, and a Toad: F.1).
  const here = at ? all.filter((o) => o.on && same(o.on, at)) : [];
  const carryable = [
    ...here.filter((o) => ['big-stick', 'shield', 'ball-of-wax'].includes(o.kind)).map(objectChoice),
    ...[...toads]
      .filter((t) => t !== me.name && at && same(playerAt(t) ?? [0, 0], at))
      .map((t) => choice(toadId(t), `${t}, a Toad`)),
  ];
  const throwable = [
    ...held.filter((o) => o.kind === 'ball-of-wax').map(objectChoice),
    ...heldToads.map((id) => choice(id, `${id.slice('player:'.length)}, a Toad`)),
  ];
  const flying = (kind?: string) =>
    at ? all.filter((o) => o.airborne && same(o.airborne, at) && (!kind || o.kind === kind)) : [];
  const airways = (xy: XY) => xy[0] % 6 === 0 && xy[1] % 6 === 0;
  const fare = 2 + 2 * (num(v.n) ?? 0);
  const rocks = all.filter((o) => o.kind === 'big-rock' && o.on);
  const sirenOn = (xy: XY) => all.some((o) => o.kind === 'siren' && o.on && same(o.on, xy));
  const baitOnRocks = all.filter((o) => o.kind === 'siren-bait' && o.on);
  const whackable = at
    ? [
        ...players
          .filter((p) => p.name !== me.name && isXY(p.location) && steps(p.location, at) === 1)
          .map((p) => choice(str(p.name) ?? '')),
        ...all.filter((o) => o.kind === 'gremlin' && o.on && steps(o.on, at) === 1).map(objectChoice),
      ]
    : [];

  return {
    enter: !at && !toad ? {} : false,
    leave: at && !toad ? {} : false,
    // B.2: one Move an nweek (the public `awaiting` says who has moved), to a surrounding square; not a Toad.
    move: at && !toad && !doneAwaited(v, me.name) ? { squares: surrounding(at) } : false,
    pickup: at && !toad ? withChoices({ object: carryable }) : false,
    drop: at
      ? withChoices({ object: [...held.map(objectChoice), ...heldToads.map((id) => choice(id))] })
      : false,
    throw: toad ? false : withChoices({ object: throwable }),
    catch: toad ? false : withChoices({ object: flying().map(objectChoice) }),
    // D: from an Elbonian Airways square (x and y multiples of 6) to another, paying 2+2n.
    fly:
      at && airways(at) && !toad && me.points >= fare
        ? {
            squares: [6, 12, 18]
              .flatMap((x) => [6, 12, 18].map((y): [number, number] => [x, y]))
              .filter((s) => !same(s, at)),
          }
        : false,
    'buy-rock': me.points >= ROCK_LEAST ? {} : false,
    // E.2.3: the streak in a Siren's ZOE is not in the view, so any Siren on the Grid is offered.
    'make-love': at
      ? withChoices({ siren: all.filter((o) => o.kind === 'siren' && o.on).map(objectChoice) })
      : false,
    'buy-bait': me.points >= BAIT_PRICE ? {} : false,
    'place-bait': at
      ? withChoices({
          bait: held.filter((o) => o.kind === 'siren-bait').map(objectChoice),
          rock: rocks.filter((r) => r.on && steps(r.on, at) === 1 && !sirenOn(r.on)).map(objectChoice),
        })
      : false,
    'take-bait':
      at && me.female && me.cheerleader
        ? withChoices({ bait: baitOnRocks.filter((b) => b.on && steps(b.on, at) === 1).map(objectChoice) })
        : false,
    'stuff-ears': deaf
      ? false
      : withChoices({ object: held.filter((o) => o.kind === 'ball-of-wax').map(objectChoice) }),
    'whack-ball': stick ? withChoices({ object: flying('ball-of-wax').map(objectChoice) }) : false,
    whack: stick && at ? withChoices({ target: whackable }) : false,
    'build-tower': at && me.points >= TOWER_PRICE && !here.some((o) => o.kind === 'radar-tower') ? {} : false,
    'buy-gun': !hasGun && me.points >= GUN_PRICE ? {} : false,
    fire: hasGun && at ? { squares: surrounding(at) } : false,
  };
}
