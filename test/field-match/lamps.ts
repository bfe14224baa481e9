// "Lamps": a second, small Field Match (not Life), written only to show the framework is general. It uses
// what Life does not: orthogonal adjacency, attributes without null, whole-number attributes on players and
// on the Field, an action attached to Players, a limit of twice per nweek, ordering comparisons, and a random
// choice of a square.
//
//   Create a Field Match named "Lamps" with a 3 x 3 Field (squares sharing a side are adjacent).
//   Field Object: Lamp. Attribute: Lit - Scope: Lamps - Range: on, off - Default: off.
//   Attribute: Score - Scope: Players - Range: 0 to 99 - Default: 0.
//   Attribute: Round - Scope: Field - Range: 0 to 3 - Default: 0.
//   Invokable Action: Setup - Attached to: Field - Trigger: while no Lamps exist, the Referee - Effect: a
//     Lamp on every square, each Lit at random.
//   Invokable Action: Flicker - Attached to: Field - Trigger: the Referee, once per nweek, while Lamps exist
//     and the Round is below 3 - Effect: a random Lamp is toggled; the Round goes up by one.
//   Invokable Action: Toggle - Attached to: Lamps - Trigger: a Player, at most twice per nweek, only after
//     this nweek's Flicker, and only a Lamp that is on - Effect: that Lamp and the Lamps adjacent to it are
//     toggled; the Player scores one. If no Lamp is on, the match ends and that Player wins.
//   Invokable Action: Gift - Attached to: Players - Trigger: a Player with a Score of at least 1, once per
//     nweek - Effect: one point of eir Score goes to the target Player.
import { fieldMatch, neighbours } from '../../src/rulesets/field-match/index.js';
import type { Effect, FieldMatchDefinition } from '../../src/rulesets/field-match/index.js';

export const LAMPS: FieldMatchDefinition = {
  id: 'lamps',
  name: 'Lamps',
  field: { width: 3, height: 3, adjacency: 'orthogonal' },
  attributes: [
    { name: 'Lit', scope: 'Lamps', range: ['on', 'off'], default: 'off' },
    { name: 'Score', scope: 'Players', range: { min: 0, max: 99 }, default: 0 },
    { name: 'Round', scope: 'Field', range: { min: 0, max: 3 }, default: 0 },
  ],
  objects: [{ name: 'Lamp', display: { attribute: 'Lit', symbols: { on: '*', off: 'o' } } }],
  actions: [
    {
      name: 'Setup',
      attachedTo: 'Field',
      trigger: {
        by: 'Referee',
        when: [{ test: { none: 'Lamp' }, code: 'set-up', fails: 'the Lamps are already set up' }],
      },
      effect: 'setup',
    },
    {
      name: 'Flicker',
      attachedTo: 'Field',
      trigger: {
        by: 'Referee',
        perNweek: 1,
        when: [
          { test: { exists: 'Lamp' }, code: 'no-lamps', fails: 'there are no Lamps yet' },
          {
            test: { lt: [{ field: 'Round' }, { value: 3 }] },
            code: 'last-round',
            fails: 'Round {field.Round} was the last',
          },
        ],
      },
      effect: 'flicker',
    },
    {
      name: 'Toggle',
      attachedTo: 'Lamps',
      trigger: {
        by: 'Player',
        perNweek: 2,
        after: ['Flicker'],
        when: [
          {
            test: { eq: [{ target: 'Lit' }, { value: 'on' }] },
            code: 'not-lit',
            fails: '{target} is {target.Lit}',
          },
        ],
      },
      effect: 'toggle',
    },
    {
      name: 'Gift',
      verb: 'give',
      attachedTo: 'Players',
      trigger: {
        by: 'Player',
        perNweek: 1,
        when: [
          {
            test: { ge: [{ invoker: 'Score' }, { value: 1 }] },
            code: 'nothing-to-give',
            fails: '{invoker} has a Score of {invoker.Score}',
          },
          {
            test: { lt: [{ target: 'Score' }, { value: 99 }] },
            code: 'full',
            fails: '{target} already has a Score of {target.Score}',
          },
        ],
      },
      effect: 'gift',
    },
  ],
};

const flip = (v: unknown) => (v === 'on' ? 'off' : 'on');

const setup: Effect = (fx) => {
  const placed = fx.squares().map((at) => {
    const { value, roll } = fx.pick('Lit', `Lit of the Lamp at (${at[0]},${at[1]})`);
    return { at, values: { Lit: value }, roll };
  });
  fx.placeAll(
    'Lamp',
    placed.map(({ at, values }) => ({ at, values })),
    { rolls: placed.map((p) => p.roll) },
  );
};

const flicker: Effect = (fx) => {
  const { item: at, roll } = fx.choose(fx.squares(), 'the Lamp that flickers');
  fx.setObject('Lamp', at, 'Lit', flip(fx.object('Lamp', at, 'Lit')), { rolls: [roll] });
  fx.setField('Round', Number(fx.field('Round')) + 1);
};

const toggle: Effect = (fx) => {
  const { target, invoker } = fx;
  if (target.kind !== 'object' || invoker === null) throw new Error('Toggle is a player’s action on a Lamp');
  const s = fx.state;
  for (const at of [target.at, ...neighbours(s.width, s.height, 'orthogonal', target.at)])
    fx.setObject('Lamp', at, 'Lit', flip(fx.object('Lamp', at, 'Lit')));
  fx.setPlayer(invoker, 'Score', Number(fx.player(invoker, 'Score')) + 1);
  if (fx.squares().every((at) => fx.object('Lamp', at, 'Lit') === 'off'))
    fx.end([invoker], 'every Lamp is off');
};

const gift: Effect = (fx) => {
  const { target, invoker } = fx;
  if (target.kind !== 'player' || invoker === null) throw new Error('Gift is a player’s action on a player');
  fx.setPlayer(invoker, 'Score', Number(fx.player(invoker, 'Score')) - 1);
  fx.setPlayer(target.name, 'Score', Number(fx.player(target.name, 'Score')) + 1);
};

export const lamps = fieldMatch(LAMPS, { setup, flicker, toggle, gift });
