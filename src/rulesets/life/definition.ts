// "Life", a Field Match proposed by Ed Murphy (revised again, 2 Jan 2008; ../shared/seeds/004_ff6492e849b428a0.txt),
// written as the framework's data, item by item as the proposal lists them. The Effects are the functions
// in initialize.ts, tweak.ts and evolve.ts; the rulings on what the text leaves open are in
// docs/rulings-life.md (L1, L2, ...), cited here where a limit carries one.
import type { FieldMatchDefinition } from '../field-match/index.js';
import { LIFE_PARAMETERS } from './parameters.js';

export const LIFE_ID = 'life';

export const LIFE: FieldMatchDefinition = {
  id: LIFE_ID,
  name: 'Life',
  source: 'seeds/004_ff6492e849b428a0.txt',
  text: 'Create a Field Match named "Life" with a 5 x 5 Field and the following details.',
  field: {
    width: 5,
    height: 5,
    adjacency: 'diagonal',
    text: 'Each square is also adjacent to the four squares sharing only a corner with it.',
  },
  attributes: [
    {
      name: 'Team',
      scope: 'Players',
      range: ['Red', 'Green', 'Blue', null],
      default: null,
      text: 'Attribute: Team - Scope: Players - Range: Red, Green, Blue, null - Default: null',
    },
    {
      name: 'Color',
      scope: 'Cells',
      range: { sameAs: 'Team' },
      default: { sameAs: 'Team' },
      text: 'Attribute: Color - Scope: Cells - Range: same as Teams - Default: same as Teams',
    },
    {
      name: 'Advantage',
      scope: 'Field',
      range: { sameAs: 'Team' },
      default: { sameAs: 'Team' },
      text: 'Attribute: Advantage - Scope: Field - Range: same as Teams - Default: same as Teams',
    },
  ],
  objects: [
    {
      name: 'Cell',
      display: { attribute: 'Color', symbols: { Red: 'R', Green: 'G', Blue: 'B', null: '.' } },
      text: 'Field Object: Cell',
    },
  ],
  actions: [
    {
      name: 'Initialize',
      attachedTo: 'Field',
      summary:
        'Initialize: a Cell of a random Color on every square, a random Team for every player, a random Advantage',
      trigger: {
        by: 'Referee',
        when: [
          {
            // "While no Cells exist" (L1: Cells are never removed, so this is once per match).
            test: { none: 'Cell' },
            code: 'cells-exist',
            fails:
              'Initialize is performed only while no Cells exist, and the Cells are already on the Field',
          },
        ],
      },
      effect: 'initialize',
      text: "Invokable Action: Initialize - Attached to: Field - Trigger: While no Cells exist, the Referee performs enough random selections to carry out the Effect, and posts the results of these selections to a Public Forum - Effect: For each location in the Field, a Cell is placed there, and its Color set to a random non-null value; each Player's Team is set to a random non-null value; Advantage is set to a random non-null value",
    },
    {
      name: 'Tweak',
      attachedTo: 'Cells',
      summary: 'Tweak the Cell at (x,y): a null Cell takes your Team, a Cell of your Team becomes null',
      trigger: {
        by: 'Player',
        // "he has not already done so during the current nweek" (as amended: Tweaks per nweek, PL6)
        perNweek: LIFE_PARAMETERS.text['Tweaks per nweek'] as number,
        // "the Referee has performed the Evolve action during the current nweek"
        after: ['Evolve'],
        when: [
          {
            // L6: a Tweak by a player with no Team could change nothing.
            test: { ne: [{ invoker: 'Team' }, { value: null }] },
            code: 'no-team',
            fails:
              '{invoker} has no Team yet (a player who joins mid-match gets one at the next Evolve), so a Tweak would change nothing',
          },
          {
            // "the Cell's Color is either null or that Player's non-null Team"
            test: {
              any: [
                { eq: [{ target: 'Color' }, { value: null }] },
                { eq: [{ target: 'Color' }, { invoker: 'Team' }] },
              ],
            },
            code: 'not-your-color',
            fails: '{target} is {target.Color}; {invoker} may tweak only a null Cell or a {invoker.Team} one',
          },
        ],
      },
      effect: 'tweak',
      text: "Invokable Action: Tweak - Attached to: Cells - Trigger: A Player posts a message to a Public Forum stating that he is tweaking the specified Cell, and he has not already done so during the current nweek, and the Referee has performed the Evolve action during the current nweek, and the Cell's Color is either null or that Player's non-null Team - Effect: If that Cell's Color is null, then its Color is changed to that Player's Team; otherwise, its Color is changed to null",
    },
    {
      name: 'Evolve',
      attachedTo: 'Field',
      summary:
        'Evolve: births and deaths, the end if one Color is left, the Advantage rotates, teamless players get a Team',
      trigger: {
        by: 'Referee',
        // "he has not already done so during the current nweek" (as amended: Evolves per nweek, PL6)
        perNweek: LIFE_PARAMETERS.text['Evolves per nweek'] as number,
        when: [
          {
            // L4: there is nothing to evolve before Initialize.
            test: { exists: 'Cell' },
            code: 'no-cells',
            fails: 'there are no Cells yet: the Referee performs Initialize before the first Evolve',
          },
        ],
      },
      effect: 'evolve',
      text: "Invokable Action: Evolve - Attached to: Field - Trigger: The Referee posts a message to a Public Forum stating that he is performing the Evolve action, and he has not already done so during the current nweek, and he performs enough random selections to carry out step 4 if needed - Effect: 1) The following occur simultaneously: a) For each Cell with null Color that is adjacent to exactly three Cells with non-null Color, its Color is changed to the most common of those non-null Colors, with ties broken in favor of the Field's Advantage b) For each Cell with non-null Color that is adjacent to less than two or more than three Cells with non-null Color, its Color is changed to null 2) If exactly one non-null Color of Cell exists, then the match ends, with all Players whose Team is that color winning 3) Otherwise, if the Field's Advantage is Red, it changes to Green; if it is Green, it changes to Blue; if it is Blue, it changes to Red 4) Each Player whose Team is null has his Team changed to a random non-null value",
    },
  ],
};
