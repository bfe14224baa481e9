// The June Grid's further actions (seeds/000, B.3 to G.3): carrying, throwing and catching, Elbonian
// Airways, Big Rocks, Sirens and their Bait, Balls of Wax, the Big Stick, Radar Towers and Pinball Guns.
// Objects are named as players name them ("the Ball of Wax", "the Big Stick", "the Big Rock at (5,5)") and
// settled against the player's own view into the ids the commands take; an id typed as such
// ("ball-of-wax:nweek-1", "gremlin:4") is taken as it is.
import { words } from '../../core/index.js';
import type { JsonObject, PhraseSet, Ref, Settled } from '../../core/index.js';

/** A rule matching an object reference looked for `where`; `kinds` limits which kind names are accepted. */
const objectRule = (name: string, where: string, kinds = 'june_kind', ids = 'june_id'): string => String.raw`
${name}
  = (Article _)? id:${ids} { return id; }
  / "it"i W { return { $it: true }; }
  / (Article _)? k:${kinds} { return { $ref: { kind: k, where: ${where} } }; }
`;

const grammar = String.raw`
june_pickup
  = ${words('pick', 'picking', 'picks')} _ "up"i W _ o:june_here { return { type: 'pickup', args: { object: o } }; }
  / ${words('pick', 'picking', 'picks')} _ o:june_here _ "up"i W { return { type: 'pickup', args: { object: o } }; }
  / ${words('take', 'taking', 'grab', 'grabbing', 'get', 'getting')} _ o:june_here { return { type: 'pickup', args: { object: o } }; }

june_drop
  = ${words('drop', 'dropping', 'drops', 'put down', 'putting down')} _ o:june_held (_ ("here"i / "on my square"i) W)?
    { return { type: 'drop', args: { object: o } }; }

june_throw
  = ${words('throw', 'throwing', 'throws', 'toss', 'tossing', 'lob', 'lobbing')} _ o:june_held _ ("at"i / "to"i / "towards"i / "toward"i / "onto"i / "on"i) W _ c:Place
    { return { type: 'throw', args: { object: o, x: c[0], y: c[1] } }; }

june_catch
  = ${words('catch', 'catching', 'catches')} _ o:june_aimed
    { return { type: 'catch', args: { object: o } }; }

june_fly
  = ${words('fly', 'flying', 'flies')} _ (("with"i / "by"i / "on"i / "via"i) W _)? (june_airways _)? ("to"i / "at"i) W _ (Article _)? (june_airways _)? c:Place
    { return { type: 'fly', args: { x: c[0], y: c[1] } }; }
  / ${words('take', 'taking', 'use', 'using')} _ june_airways _ ("to"i / "at"i) W _ c:Place
    { return { type: 'fly', args: { x: c[0], y: c[1] } }; }
  / ${words('pay', 'paying')} _ ("to"i W _ "be"i W _) "thrown"i W _ "elbonia"i ("-" / " ") "style"i W _ ("at"i / "to"i) W _ c:Place
    { return { type: 'fly', args: { x: c[0], y: c[1] } }; }

june_airways
  = ("elbonian"i _)? "airways"i W

june_buy_rock
  = ${words('buy', 'buying', 'purchase', 'purchasing')} _ (("a"i / "one"i) W _)? "big"i _ "rock"i W _ (("to be placed"i / "placed"i / "to place"i) W _)? ("at"i / "on"i) W _ c:Place
    { return { type: 'buy-rock', args: { x: c[0], y: c[1] } }; }
  / ${words('buy', 'buying', 'purchase', 'purchasing')} _ (("a"i / "one"i) W _)? "big"i _ "rock"i W (_ ("to be placed"i / "placed"i)? _ ("at random"i / "randomly"i / "on a random square"i) W)?
    { return { type: 'buy-rock', args: {} }; }

june_make_love
  = ${words('make', 'making', 'makes')} _ "love"i W _ ("to"i / "with"i) W _ s:june_siren
    { return { type: 'make-love', args: { siren: s } }; }

june_siren
  = (Article _)? ("siren"i __)? id:$("siren:" june_id_tail) { return id; }
  / (Article _)? "siren"i W _ !(("at"i / TailWord) W) n:PlayerName { return n; }
  / (Article _)? "siren"i W { return { $ref: { kind: 'siren', where: 'adjacent' } }; }
  / !(TailWord W) n:PlayerName { return n; }

june_buy_bait
  = ${words('buy', 'buying', 'purchase', 'purchasing')} _ (("a piece of"i / "some"i / "one"i / "a"i) W _)? ("siren"i _)? "bait"i W
    { return { type: 'buy-bait', args: {} }; }

june_place_bait
  = ${words('place', 'placing', 'put', 'putting', 'set', 'setting', 'leave', 'leaving')} _ b:june_bait_held _ ("on"i / "onto"i / "upon"i) W _ r:june_rock
    { return { type: 'place-bait', args: { bait: b, rock: r } }; }

june_take_bait
  = ${words('take', 'taking', 'takes')} _ b:june_bait_near
    { return { type: 'take-bait', args: { bait: b } }; }

june_stuff_ears
  = ${words('stuff', 'stuffing', 'put', 'putting')} _ o:june_wax_held _ ("into"i / "in"i) W _ ("both"i W _)? ("my"i W _)? "ears"i W
    { return { type: 'stuff-ears', args: { object: o } }; }
  / ${words('stuff', 'stuffing', 'plug', 'plugging')} _ ("my"i W _)? "ears"i W _ "with"i W _ o:june_wax_held
    { return { type: 'stuff-ears', args: { object: o } }; }

june_whack_ball
  = ${words('whack', 'whacking', 'whacks', 'hit', 'hitting')} _ o:june_wax_aimed (_ "out of the air"i W)? june_with_stick?
    { return { type: 'whack-ball', args: { object: o } }; }

june_whack
  = ${words('whack', 'whacking', 'whacks', 'hit', 'hitting')} _ t:june_target june_with_stick?
    { return { type: 'whack', args: { target: t } }; }

june_with_stick
  = _ "with"i W _ (Article _)? ("big"i _)? "stick"i W

june_target
  = (Article _)? ("gremlin"i __)? id:$("gremlin:" june_id_tail) { return id; }
  / (Article _)? "gremlin"i W _ ("at"i / "on"i) W _ c:Place { return { $ref: { kind: 'gremlin', where: c } }; }
  / (Article _)? "gremlin"i W { return { $ref: { kind: 'gremlin', where: 'adjacent' } }; }
  / !(Article _ / ("big"i / TailWord) W) n:PlayerName { return { $player: n }; }

june_build_tower
  = ${words('build', 'building', 'builds', 'erect', 'erecting', 'construct', 'constructing')} _ (("a"i / "one"i) W _)? "radar"i _ "tower"i W (_ ("on my square"i / "here"i / "where I stand"i) W)?
    { return { type: 'build-tower', args: {} }; }
  / ${words('pay', 'paying')} _ "8"? _ ("points"i W _)? "to"i W _ "build"i W _ (("a"i / "one"i) W _)? "radar"i _ "tower"i W (_ ("on my square"i / "here"i) W)?
    { return { type: 'build-tower', args: {} }; }

june_buy_gun
  = ${words('buy', 'buying', 'purchase', 'purchasing')} _ (("a"i / "one"i) W _)? "pinball"i _ "gun"i W
    { return { type: 'buy-gun', args: {} }; }

june_fire
  = ${words('fire', 'firing', 'fires', 'shoot', 'shooting', 'shoots')} _ ((Article _)? ("pinball"i _)? "gun"i W _)? ("at"i / "on"i / "into"i / "towards"i / "toward"i) W _ c:Place
    { return { type: 'fire', args: { x: c[0], y: c[1] } }; }

june_id
  = $(("ball-of-wax" / "big-rock" / "siren-bait" / "gremlin" / "bonus-box" / "siren" / "big-stick" / "shield" / "player") ":" june_id_tail)
  / $(("big-stick" / "shield") W)

june_id_tail
  = ([A-Za-z0-9_\-] / "." [A-Za-z0-9_\-])+

june_wax_id
  = $("ball-of-wax:" june_id_tail)

june_bait_id
  = $("siren-bait:" june_id_tail)

june_kind
  = june_wax / june_stick / june_shield / june_bait / june_rock_kind / "gremlin"i W { return 'gremlin'; }

june_wax
  = ("balls"i / "ball"i) _ "of"i _ ("earwax"i / "ear wax"i / "wax"i) W { return 'ball-of-wax'; }
  / ("earwax"i / "wax"i) (_ "ball"i "s"i?)? W { return 'ball-of-wax'; }

june_stick
  = ("big"i _)? "stick"i W { return 'big-stick'; }

june_shield
  = "shield"i W { return 'shield'; }

june_bait
  = ("piece of"i _)? ("siren"i _)? ("bait"i / "purse"i) W { return 'siren-bait'; }

june_rock_kind
  = ("big"i _)? "rock"i W { return 'big-rock'; }

june_rock
  = (Article _)? ("big"i __)? ("rock"i __)? id:$("big-rock:" june_id_tail) { return id; }
  / (Article _)? june_rock_kind _ ("at"i / "on"i) W _ c:Place { return { $ref: { kind: 'big-rock', where: c } }; }
  / (Article _)? june_rock_kind (_ ("next to me"i / "beside me"i / "near me"i) W)? { return { $ref: { kind: 'big-rock', where: 'adjacent' } }; }
${objectRule('june_here', "'here'")}
${objectRule('june_held', "'held'")}
${objectRule('june_aimed', "'aimed-at-me'")}
${objectRule('june_wax_held', "'held'", 'june_wax', 'june_wax_id')}
${objectRule('june_wax_aimed', "'aimed-at-me'", 'june_wax', 'june_wax_id')}
${objectRule('june_bait_held', "'held'", 'june_bait', 'june_bait_id')}
${objectRule('june_bait_near', "'adjacent'", 'june_bait', 'june_bait_id')}
`;

interface ViewObject {
  readonly id: string;
  readonly kind: string;
  readonly name?: string;
  readonly place:
    | { readonly on?: readonly number[]; readonly heldBy?: string; readonly airborne?: readonly number[] }
    | string;
}
interface ViewPlayer {
  readonly name: string;
  readonly location: readonly number[] | null;
}

const same = (a: readonly number[] | undefined, b: readonly number[] | null | undefined): boolean =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1];
const next = (a: readonly number[] | undefined, b: readonly number[] | null | undefined): boolean =>
  !!a && !!b && Math.max(Math.abs((a[0] ?? 0) - (b[0] ?? 0)), Math.abs((a[1] ?? 0) - (b[1] ?? 0))) === 1;

/** The objects of the player's view a reference can mean. */
function settle(ref: Ref['$ref'], view: JsonObject, player: string): Settled {
  const objects = (view.objects ?? []) as unknown as ViewObject[];
  const me = ((view.players ?? []) as unknown as ViewPlayer[]).find((p) => p.name === player);
  const at = me?.location ?? null;
  const where = ref.where;
  const found = objects.filter((o) => {
    if (o.kind !== ref.kind || typeof o.place === 'string') return false;
    if (ref.name !== undefined && o.name?.toLowerCase() !== ref.name.toLowerCase()) return false;
    if (where === 'held') return o.place.heldBy === player;
    if (where === 'here') return same(o.place.on, at);
    if (where === 'aimed-at-me') return same(o.place.airborne, at);
    if (where === 'adjacent') return next(o.place.on, at);
    return same(o.place.on, where);
  });
  if (found.length > 1) return { ambiguous: found.map((o) => o.id) };
  // Nothing matches: the kind's own name, which is the id of the Big Stick and the Shield, so the rules
  // answer (e.g. "alice does not hold ball-of-wax") in their own words rather than the parser guessing.
  return { id: found[0]?.id ?? ref.kind };
}

export const junePhrases: PhraseSet = {
  family: 'june',
  grammar,
  // Whacking a Ball of Wax out of the air before whacking a player or Gremlin; taking Bait before picking up.
  actions: [
    'june_take_bait',
    'june_pickup',
    'june_drop',
    'june_throw',
    'june_catch',
    'june_fly',
    'june_buy_rock',
    'june_make_love',
    'june_buy_bait',
    'june_place_bait',
    'june_stuff_ears',
    'june_whack_ball',
    'june_whack',
    'june_build_tower',
    'june_buy_gun',
    'june_fire',
  ],
  keywords: [
    'pick',
    'take',
    'drop',
    'throw',
    'catch',
    'fly',
    'airways',
    'elbonia',
    'buy',
    'purchase',
    'rock',
    'love',
    'siren',
    'bait',
    'stuff',
    'ears',
    'wax',
    'whack',
    'stick',
    'build',
    'tower',
    'gun',
    'fire',
    'shoot',
  ],
  forms: [
    { type: 'pickup', template: 'I pick up the {object}', sample: { object: 'Big Stick' } },
    { type: 'drop', template: 'I drop the {object}', sample: { object: 'Shield' } },
    {
      type: 'throw',
      template: 'I throw the {object} at ({x}, {y})',
      sample: { object: 'Ball of Wax', x: 7, y: 7 },
    },
    { type: 'catch', template: 'I declare that I will catch the {object}', sample: { object: 'Big Stick' } },
    { type: 'fly', template: 'I fly Elbonian Airways to ({x}, {y})', sample: { x: 12, y: 12 } },
    { type: 'buy-rock', template: 'I buy a Big Rock at ({x}, {y})', sample: { x: 8, y: 8 } },
    { type: 'buy-rock', template: 'I buy a Big Rock to be placed at random', sample: {} },
    { type: 'make-love', template: 'I make love to the Siren {siren}', sample: { siren: 'Lorelei' } },
    { type: 'buy-bait', template: 'I buy Siren Bait', sample: {} },
    {
      type: 'place-bait',
      template: 'I place the {bait} on {rock}',
      sample: { bait: 'Siren Bait', rock: 'the Big Rock at (6, 6)' },
    },
    { type: 'take-bait', template: 'I try to take the {bait}', sample: { bait: 'Siren Bait' } },
    { type: 'stuff-ears', template: 'I stuff the {object} into my ears', sample: { object: 'Ball of Wax' } },
    {
      type: 'whack-ball',
      template: 'I whack the {object} out of the air',
      sample: { object: 'Ball of Wax' },
    },
    { type: 'whack', template: 'I whack {target} with the Big Stick', sample: { target: 'bob' } },
    { type: 'build-tower', template: 'I build a Radar Tower', sample: {} },
    { type: 'buy-gun', template: 'I buy a Pinball Gun', sample: {} },
    { type: 'fire', template: 'I fire my Pinball Gun at ({x}, {y})', sample: { x: 5, y: 6 } },
  ],
  examples: [
    {
      text: 'I pick up the Big Stick.',
      parsed: { type: 'pickup', args: { object: { $ref: { kind: 'big-stick', where: 'here' } } } },
    },
    { text: 'I pick up big-stick', parsed: { type: 'pickup', args: { object: 'big-stick' } } },
    {
      text: 'I pick up the Ball of Wax',
      parsed: { type: 'pickup', args: { object: { $ref: { kind: 'ball-of-wax', where: 'here' } } } },
    },
    {
      text: 'I pick up ball-of-wax:nweek-1.',
      parsed: { type: 'pickup', args: { object: 'ball-of-wax:nweek-1' } },
    },
    {
      text: 'I drop the Shield here.',
      parsed: { type: 'drop', args: { object: { $ref: { kind: 'shield', where: 'held' } } } },
    },
    {
      text: 'I throw the Ball of Wax at (7, 7)',
      parsed: {
        type: 'throw',
        args: { object: { $ref: { kind: 'ball-of-wax', where: 'held' } }, x: 7, y: 7 },
      },
    },
    { text: 'I throw it at 7,7.', parsed: { type: 'throw', args: { object: { $it: true }, x: 7, y: 7 } } },
    {
      text: 'I declare that I will catch the Big Stick',
      parsed: { type: 'catch', args: { object: { $ref: { kind: 'big-stick', where: 'aimed-at-me' } } } },
    },
    { text: 'I fly Elbonian Airways to (12,12).', parsed: { type: 'fly', args: { x: 12, y: 12 } } },
    {
      text: 'I pay to be Thrown Elbonia-Style at (18, 6).',
      parsed: { type: 'fly', args: { x: 18, y: 6 } },
    },
    { text: 'I buy a Big Rock at (8,8).', parsed: { type: 'buy-rock', args: { x: 8, y: 8 } } },
    { text: 'I purchase a Big Rock to be placed at random.', parsed: { type: 'buy-rock', args: {} } },
    { text: 'I make love to the Siren Lorelei.', parsed: { type: 'make-love', args: { siren: 'Lorelei' } } },
    {
      text: 'I elect to Make Love to the Siren',
      parsed: { type: 'make-love', args: { siren: { $ref: { kind: 'siren', where: 'adjacent' } } } },
    },
    { text: 'I buy a piece of Siren Bait.', parsed: { type: 'buy-bait', args: {} } },
    {
      text: 'I place the Siren Bait on the Big Rock at (6,6).',
      parsed: {
        type: 'place-bait',
        args: {
          bait: { $ref: { kind: 'siren-bait', where: 'held' } },
          rock: { $ref: { kind: 'big-rock', where: [6, 6] } },
        },
      },
    },
    {
      text: 'I attempt to take the Bait.',
      parsed: { type: 'take-bait', args: { bait: { $ref: { kind: 'siren-bait', where: 'adjacent' } } } },
    },
    {
      text: 'I stuff the wax into my ears.',
      parsed: { type: 'stuff-ears', args: { object: { $ref: { kind: 'ball-of-wax', where: 'held' } } } },
    },
    {
      text: 'I whack the Ball of Wax out of the air with the Big Stick.',
      parsed: {
        type: 'whack-ball',
        args: { object: { $ref: { kind: 'ball-of-wax', where: 'aimed-at-me' } } },
      },
    },
    {
      text: 'I whack bob with the Big Stick.',
      parsed: { type: 'whack', args: { target: { $player: 'bob' } } },
    },
    {
      text: 'I whack the Gremlin at (4,4).',
      parsed: { type: 'whack', args: { target: { $ref: { kind: 'gremlin', where: [4, 4] } } } },
    },
    { text: 'I whack gremlin:4', parsed: { type: 'whack', args: { target: 'gremlin:4' } } },
    {
      text: 'I pay 8 points to build a Radar Tower on my square.',
      parsed: { type: 'build-tower', args: {} },
    },
    { text: 'I build a Radar Tower.', parsed: { type: 'build-tower', args: {} } },
    { text: 'I buy a Pinball Gun.', parsed: { type: 'buy-gun', args: {} } },
    { text: 'I fire my Pinball Gun at (5,6).', parsed: { type: 'fire', args: { x: 5, y: 6 } } },
  ],
  settle,
};
