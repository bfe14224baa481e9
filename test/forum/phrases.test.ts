// Per ruleset, in a real game through the referee: each phrase becomes exactly the command `referee act`
// gives for the same action (type and arguments), for the posting player, and the rules then decide it.
import { describe, expect, it } from 'vitest';
import { player } from '../../src/core/index.js';
import type { Command, JsonObject } from '../../src/core/index.js';
import type { Referee } from '../../src/engine/referee.js';
import { postMessage } from '../../src/forum/index.js';
import type { SentenceResult } from '../../src/forum/index.js';
import { actCommand, admin, newGame, openReferee } from './support.js';

type Status = SentenceResult['status'];

/** Posts `text` as `name` and checks each sentence's command (as act words) and status, in order. */
async function expectPost(
  referee: Referee,
  game: string,
  name: string,
  text: string,
  expected: readonly (readonly [string, Status, string?])[],
): Promise<SentenceResult[]> {
  const results = await postMessage(referee, game, name, text);
  expect(results.map((r) => r.sentence)).toHaveLength(expected.length);
  for (const [i, [line, status, code]] of expected.entries()) {
    const r = results[i] as SentenceResult;
    const want: Command = await actCommand(referee, game, name, line.split('|'));
    expect(r.command, `${r.sentence} → ${line}`).toEqual(want);
    expect(r.status, `${r.sentence}: ${JSON.stringify(r.error)}`).toBe(status);
    if (code !== undefined) expect(r.error?.code).toBe(code);
  }
  return results;
}

interface ViewObject {
  id: string;
  kind: string;
  place: { on?: number[] } | string;
}

/** The id of the object of `kind` at (x,y), as the player sees it. */
async function idAt(referee: Referee, game: string, kind: string, x: number, y: number): Promise<string> {
  const view: JsonObject = await referee.view(game, player('alice'));
  const o = (view.objects as unknown as ViewObject[]).find(
    (v) => v.kind === kind && typeof v.place === 'object' && v.place.on?.[0] === x && v.place.on[1] === y,
  );
  if (!o) throw new Error(`no ${kind} at (${x},${y})`);
  return o.id;
}

describe('phrases become the commands of referee act', () => {
  it('grid-2002-01: enter, move, leave', async () => {
    const r = openReferee();
    await newGame(r, 'g1', 'grid-2002-01', ['alice', 'bob']);
    await expectPost(r, 'g1', 'alice', 'I enter the Grid at (3,4).', [['enter|3|4', 'accepted']]);
    await expectPost(r, 'g1', 'bob', 'I will enter the Grid at 10, 10', [['enter|10|10', 'accepted']]);
    await expectPost(r, 'g1', 'alice', 'I intend to move to (4,5).', [['move|4|5', 'accepted']]);
    await expectPost(r, 'g1', 'bob', 'I leave the Grid for Limbo.', [['leave', 'accepted']]);
    await expectPost(r, 'g1', 'bob', 'I announce that I will enter the Grid at (-3, 4).', [
      ['enter|-3|4', 'rejected'],
    ]);
  });

  it('grid-2002-06: every player action of the June Grid, objects named as players name them', async () => {
    const r = openReferee();
    // F.2, F.3, F.4: the Big Stick, the Shield and nweek 1's Ball of Wax start on (1,1).
    await newGame(r, 'j1', 'grid-2002-06', ['alice', 'bob'], [1, 1, 1]);
    await admin(r, 'j1', 'points', { to: 'alice', amount: 100, reason: 'to spend' });
    await admin(r, 'j1', 'place', { kind: 'ball-of-wax', x: 5, y: 5 });
    const wax = await idAt(r, 'j1', 'ball-of-wax', 5, 5);
    await expectPost(r, 'j1', 'bob', 'I enter the Grid at (7,7).', [['enter|7|7', 'accepted']]);
    await expectPost(
      r,
      'j1',
      'alice',
      'I enter the Grid at (5,5). I pick up the Ball of Wax. I throw it at (7, 7).',
      [
        ['enter|5|5', 'accepted'],
        [`pickup|${wax}`, 'accepted'],
        [`throw|${wax}|7|7`, 'accepted'],
      ],
    );
    await expectPost(r, 'j1', 'bob', 'I declare that I will catch the Ball of Wax.', [
      [`catch|${wax}`, 'accepted'],
    ]);
    await expectPost(
      r,
      'j1',
      'alice',
      'I buy a Pinball Gun. I fire my Pinball Gun at (5,6). I build a Radar Tower.',
      [
        ['buy-gun', 'accepted'],
        ['fire|5|6', 'accepted'],
        ['build-tower', 'accepted'],
      ],
    );
    await admin(r, 'j1', 'dice', { values: [1, 1, 1, 1, 1, 1] }); // 10+5d3 for the Rock, 1d6: no Siren
    await expectPost(r, 'j1', 'alice', 'I buy a Big Rock at (10,10).', [['buy-rock|10|10', 'accepted']]);
    const rock = await idAt(r, 'j1', 'big-rock', 10, 10);
    await expectPost(
      r,
      'j1',
      'alice',
      'I purchase a Big Rock to be placed at random. I buy a piece of Siren Bait.',
      [
        ['buy-rock', 'rejected', 'dice-needed'],
        ['buy-bait', 'accepted'],
      ],
    );
    const view = await r.view('j1', player('alice'));
    const bait = (view.objects as unknown as ViewObject[]).find((o) => o.kind === 'siren-bait')?.id ?? '';
    await expectPost(r, 'j1', 'alice', 'I place the Siren Bait on the Big Rock at (10,10).', [
      [`place-bait|${bait}|${rock}`, 'rejected'],
    ]);
    await admin(r, 'j1', 'place', { kind: 'ball-of-wax', x: 5, y: 5 });
    const wax2 = await idAt(r, 'j1', 'ball-of-wax', 5, 5);
    await expectPost(r, 'j1', 'alice', 'I pick up the wax. I stuff it into my ears.', [
      [`pickup|${wax2}`, 'accepted'],
      [`stuff-ears|${wax2}`, 'accepted'],
    ]);
    // Nothing of the kind where the words look: the kind's name goes to the rules, which say why not.
    await expectPost(r, 'j1', 'bob', 'I try to take the Bait. I whack Alice with the Big Stick.', [
      ['take-bait|siren-bait', 'rejected'],
      ['whack|alice', 'rejected'],
    ]);
    await expectPost(
      r,
      'j1',
      'alice',
      'I make love to the Siren Lorelei. I whack the Ball of Wax out of the air. I drop the Shield. I fly Elbonian Airways to (12,12).',
      [
        ['make-love|Lorelei', 'rejected', 'unknown-siren'],
        ['whack-ball|ball-of-wax', 'rejected'],
        ['drop|shield', 'rejected', 'not-held'],
        ['fly|12|12', 'rejected'],
      ],
    );
    await expectPost(r, 'j1', 'alice', 'I move to (6,6). I leave the Grid.', [
      ['move|6|6', 'accepted'],
      ['leave', 'accepted'],
    ]);
  });

  it("life: tweak, after the Referee's Initialize and Evolve", async () => {
    const r = openReferee();
    await newGame(r, 'l1', 'life', ['alice']);
    await expectPost(r, 'l1', 'alice', 'I tweak the cell at (2,3).', [['tweak|2|3', 'rejected']]);
    await admin(r, 'l1', 'initialize');
    await admin(r, 'l1', 'evolve');
    const results = await postMessage(r, 'l1', 'alice', 'I am tweaking the Cell at 2,3.');
    expect(results[0]?.command).toEqual(await actCommand(r, 'l1', 'alice', ['tweak', '2', '3']));
    expect(['accepted', 'rejected']).toContain(results[0]?.status);
  });

  it('rooms: move, pick up, drop, end the turn', async () => {
    const r = openReferee();
    await newGame(r, 'r1', 'rooms', ['alice', 'bob']);
    await admin(r, 'r1', 'place-token', { room: 'Euston', name: 'lamp' });
    await expectPost(r, 'r1', 'alice', 'I move to Euston. I pick up the lamp. I drop token #99.', [
      ['move|Euston', 'accepted'],
      ['pick-up|lamp', 'accepted'],
      ['drop|#99', 'rejected', 'no-such-token'],
    ]);
    await expectPost(r, 'r1', 'alice', 'I end my turn.', [['end-turn', 'accepted']]);
    await expectPost(r, 'r1', 'bob', "I take the passage to King's Cross St. Pancras.", [
      ["move|King's|Cross|St.|Pancras", 'rejected', 'no-passage'],
    ]);
  });

  it("rooms+quests: creating a Quest, step by step, and the host's actions", async () => {
    const r = openReferee();
    await newGame(r, 'q1', 'rooms+quests', ['alice', 'bob']);
    await expectPost(
      r,
      'q1',
      'alice',
      'I create a Quest named "The Lost Umbrella". I give the Quest the colour Red. I choose the home room. I choose the locate room by Random Selection. I choose the goal room. I roll the d20.',
      [
        ['create-quest|The Lost Umbrella', 'accepted'],
        ['quest-colour|Red', 'accepted'],
        ['quest-home', 'accepted'],
        ['quest-locate', 'accepted'],
        ['quest-goal', 'accepted'],
        ['quest-roll', 'accepted'],
      ],
    );
    await expectPost(r, 'q1', 'alice', 'I create a Quest. I name the Quest Excalibur. Its colour is Blue.', [
      ['create-quest', 'accepted'],
      ['quest-name|Excalibur', 'accepted'],
      ['quest-colour|Blue', 'accepted'],
    ]);
    await expectPost(r, 'q1', 'alice', 'I move to Euston. That ends my turn.', [
      ['move|Euston', 'rejected', 'not-now'],
      ['end-turn', 'accepted'],
    ]);
    await expectPost(r, 'q1', 'bob', 'I go to Euston.', [['move|Euston', 'accepted']]);
  });

  it('tunnelers: every player action, squares and cards as written', async () => {
    const r = openReferee();
    await newGame(r, 't1', 'tunnelers', ['alice', 'bob']);
    // T-22, T-25, 5: each asked by joining; the Moderator approves; with four points, each pays in forum text.
    for (const p of ['alice', 'bob']) {
      await admin(r, 't1', 'approve', { player: p });
      await admin(r, 't1', 'points', { to: p, amount: 4, reason: `${p}'s points in the Main Game` });
    }
    await expectPost(r, 't1', 'alice', 'I pay four points to the Society to play.', [
      ['pay-to-play', 'accepted'],
    ]);
    await expectPost(r, 't1', 'bob', 'I pay to play.', [['pay-to-play', 'accepted']]);
    await expectPost(r, 't1', 'bob', 'I ask again to join the Underground Society.', [
      ['request-membership', 'rejected', 'already-member'],
    ]);
    await admin(r, 't1', 'start');
    const lines: [string, string][] = [
      ['I move to c6.', 'move|c6'],
      ['I tunnel through c6 and then c7.', 'move|c6|c7'],
      ['I play OO to raise.', 'play|OO|raise'],
      ['I play TT to lower the attack of d5.', 'play|TT|lower|d5'],
      ['I play XOT on e5.', 'play|XOT|e5'],
      ['I teleport to e5 with XO.', 'play|XO|e5'],
      ['I play SS to raise my movement.', 'play|SS|raise'],
      ['I play QQ to lower the defence of the mole at d5.', 'play|QQ|lower|d5'],
      ['I defend with a Q.', 'defend|Q'],
      ['I pass.', 'end-turn'],
      ['I discard O and T.', 'discard|O|T'],
      ['I discard all my cards.', 'discard|all'],
      ['I attack the mole on d5 with T and O.', 'attack|d5|T|O'],
      ['I defend with Q.', 'defend|Q'],
      ['I do not defend.', 'defend|none'],
      ['My standing orders are: "move c6 c7; play SS raise"', 'orders|give|move c6 c7; play SS raise'],
      ['I clear my standing orders.', 'orders|clear'],
      ['I end my turn.', 'end-turn'],
    ];
    for (const [text, line] of lines) {
      const [result] = await postMessage(r, 't1', 'alice', text);
      // Whose turn it is and what alice holds are the rules' business: only the command is checked here.
      expect(['accepted', 'rejected'], `${text}: ${JSON.stringify(result)}`).toContain(result?.status);
      const words = line.split('|');
      // 'orders give …': the last word name takes the rest of the line, as act would be given it.
      const want = await actCommand(
        r,
        't1',
        'alice',
        words[0] === 'orders' ? [...words.slice(0, 2), ...(words[2]?.split(' ') ?? [])] : words,
      );
      expect(result?.command, text).toEqual(want);
    }
  });
});
