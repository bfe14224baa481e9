// Rule 142: "If at any time there are fewer than three Quests on the roster, the active player may create one as
// an action. To create a Quest, the player, in strict order: may give it a name of his or her choice; gives it a
// colour of their choice different from any other Quest; chooses by Random Selection a "home" room from the set
// of all rooms not including Mornington Crescent, a "locate" room from the set of all rooms not including
// Mornington Crescent or the "home" room, and a "goal" room from the set of all rooms not including Mornington
// Crescent or the "home" or "locate" rooms; and rolls a 20-sided die. If the result of this roll is 17 or less,
// the value of the Quest will be that many brownie points; if 18 or greater, the value of the Quest will be one
// point of Puissance. If the player, having commenced creating a Quest, fails to complete this series of rolls by
// the end of the turn, he or she will receive one demerit and the Quest will not be added to the Roster."
//
// Creation is a series of commands by the active player, one per step, refused out of order (Q9):
//   create-quest [NAME]   commences (this is the action) and may give the name
//   quest-name NAME       the name, if not given yet, before the colour
//   quest-colour COLOUR   a colour unlike every other Quest's on the Roster (Q10)
//   quest-home            Random Selection of the home room (public dice)
//   quest-locate          ... of the locate room
//   quest-goal            ... of the goal room
//   quest-roll            the d20: the value, and the Quest joins the Roster
// While creating, the player takes no other action (Q11); the end of the turn abandons it with a demerit (Q12).
import { z } from 'zod';
import { command, isRefusal, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Json, Refusal, RuleModule, Texts } from '../../core/index.js';
import type {
  Creation,
  CreationEvent,
  Quest,
  QuestAbandoned,
  QuestBegun,
  QuestColoured,
  QuestCreated,
  QuestNamed,
  QuestRoom,
  QuestRoomChosen,
  QuestsCtx,
  QuestsEvent,
  QuestsState,
  QuestValue,
} from './types.js';
import { MORNINGTON_CRESCENT } from '../rooms/map.js';
import { requireAction, requireActive, spending } from '../rooms/turns.js';
import type { MayAct } from '../rooms/turns.js';
import { text } from '../rooms/words.js';
import { award, amountText } from '../rooms/tallies.js';
import { questText, valueText, withBook } from './roster.js';
import type { QuestsErrorCode } from './errors.js';
import { QUESTS_PARAMETERS, questsParams } from './parameters.js';
import type { QuestsParams } from './parameters.js';

/** The text's "one demerit": a quest-abandoned event without `demerits` received this many (PQ6). */
const ONE_DEMERIT = QUESTS_PARAMETERS.text['Demerits for an unfinished Quest'] as number;

/** The steps of creation after commencing, in the text's strict order; the name is optional. */
const STEPS = ['name', 'colour', 'home', 'locate', 'goal', 'roll'] as const;
type Step = (typeof STEPS)[number];

const HOW: Record<Step, string> = {
  name: 'quest-name NAME',
  colour: 'quest-colour COLOUR',
  home: 'quest-home',
  locate: 'quest-locate',
  goal: 'quest-goal',
  roll: 'quest-roll',
};
const WHAT: Record<Step, string> = {
  name: 'give the Quest a name',
  colour: 'give the Quest a colour',
  home: 'choose the home room',
  locate: 'choose the locate room',
  goal: 'choose the goal room',
  roll: 'roll the d20 for its value',
};

/** The next required step of a creation (the name is never required). */
export function nextStep(c: Creation): Exclude<Step, 'name'> {
  if (c.colour === null) return 'colour';
  if (c.home === null) return 'home';
  if (c.locate === null) return 'locate';
  if (c.goal === null) return 'goal';
  return 'roll';
}

/** What the creator does next: "choose the home room (quest-home)". */
export const nextText = (c: Creation): string => {
  const step = nextStep(c);
  const name = step === 'colour' && c.name === null ? ', naming it first if e likes (quest-name NAME)' : '';
  return `${WHAT[step]} (${HOW[step]})${name}`;
};

/**
 * The player's Quest in creation, or the refusal unless e is the active player creating one and `step` is next
 * (the command passes it on: `if (isRefusal(c)) return c;`).
 */
function creationFor(ctx: QuestsCtx, player: string, step: Step): Creation | Refusal<QuestsErrorCode> {
  const no = requireActive(ctx, player, WHAT[step]);
  if (no) return no;
  const c = ctx.rules.quests.creation;
  if (!c || c.player !== player)
    return refuse('not-creating', `${player} is not creating a Quest: begin with create-quest [NAME]`);
  const next = nextStep(c);
  if (step === 'name') {
    if (c.name !== null)
      return refuse(
        'out-of-order',
        `the Quest is already named "${c.name}"; next, ${player} must ${nextText(c)}`,
      );
    if (next !== 'colour')
      return refuse(
        'out-of-order',
        `the name comes first, before the colour (${c.colour}); next, ${player} must ${nextText(c)}`,
      );
    return c;
  }
  if (step !== next) {
    const done = STEPS.indexOf(step) < STEPS.indexOf(next);
    return refuse(
      'out-of-order',
      done
        ? `already done: the Quest's ${step === 'colour' ? `colour is ${c.colour}` : `${step} room is ${c[step as QuestRoom]}`}; in strict order, next ${player} must ${nextText(c)}`
        : `too soon: in strict order, next ${player} must ${nextText(c)}`,
    );
  }
  return c;
}

/** A colour's key for comparison: case and spacing do not make a colour different (Q10). */
const colourKey = (colour: string): string => colour.toLowerCase();

const nameArgs = z.object({ name: text.pipe(z.string().min(1).max(80)).optional() }).strict();
const requiredName = z.object({ name: text.pipe(z.string().min(1).max(80)) }).strict();
const colourArgs = z
  .object({
    colour: text.pipe(
      z
        .string()
        .max(30, 'a colour is at most 30 characters')
        .regex(
          /^[A-Za-z]+(?:[ -][A-Za-z]+)*$/,
          'a colour is a word or words of letters (such as "red" or "sea green")',
        )
        .refine(
          (c) =>
            !c
              .toLowerCase()
              .split(/[ -]/)
              .some((w) => w === 'primary' || w === 'secondary'),
          'a colour may not contain the words "primary" or "secondary", which name the stages of its tokens',
        ),
    ),
  })
  .strict();
const noArgs = z.object({}).strict();

/** The rooms Random Selection draws from: the map's rooms in map order, less Mornington Crescent and `not`. */
export const candidates = (s: QuestsState, not: readonly string[]): string[] =>
  s.map.rooms.map((r) => r.name).filter((r) => r !== MORNINGTON_CRESCENT && !not.includes(r));

/** Random Selection of one of the Quest's rooms, or the refusal of the step (creationFor). */
function chooseRoom(ctx: QuestsCtx, player: string, label: QuestRoom): Refusal<QuestsErrorCode> | undefined {
  const c = creationFor(ctx, player, label);
  if (isRefusal(c)) return c;
  const not = [c.home, c.locate].filter((r): r is string => r !== null);
  const from = candidates(ctx.rules, not);
  const { item, roll } = ctx.choose(from, `Random Selection of the ${c.colour} Quest's ${label} room`);
  const e: QuestRoomChosen = {
    type: 'quest-room-chosen',
    vis: 'public',
    player,
    colour: c.colour ?? '',
    label,
    room: item,
    rolls: [roll],
  };
  ctx.emit(e);
  return undefined;
}

/** "If the result of this roll is 17 or less ... that many brownie points; if 18 or greater ... one point of Puissance." */
export const valueOf = (d20: number, p: QuestsParams): QuestValue =>
  d20 <= p['Most brownie points']
    ? { tally: 'brownie points', amount: d20 }
    : { tally: 'Puissance', amount: p['Puissance of a Quest'] };

const set = (s: QuestsState, creation: Creation | null): QuestsState =>
  withBook(s, { ...s.quests, creation });

export const creationModule: RuleModule<QuestsState, QuestsErrorCode, QuestsEvent> = {
  id: 'quest-creation',
  section: 'Rule 142: creating a Quest',
  text: 'If at any time there are fewer than three Quests on the roster, the active player may create one as an action. To create a Quest, the player, in strict order: may give it a name of his or her choice; gives it a colour of their choice different from any other Quest; chooses by Random Selection a "home" room from the set of all rooms not including Mornington Crescent, a "locate" room from the set of all rooms not including Mornington Crescent or the "home" room, and a "goal" room from the set of all rooms not including Mornington Crescent or the "home" or "locate" rooms; and rolls a 20-sided die. If the result of this roll is 17 or less, the value of the Quest will be that many brownie points; if 18 or greater, the value of the Quest will be one point of Puissance. If the player, having commenced creating a Quest, fails to complete this series of rolls by the end of the turn, he or she will receive one demerit and the Quest will not be added to the Roster.',
  commands: {
    'create-quest': playerCommand<QuestsState, typeof nameArgs, QuestsErrorCode, QuestsEvent>({
      summary: 'commence creating a Quest, as an action, optionally naming it: create-quest [NAME]',
      words: ['name'],
      args: nameArgs,
      run(ctx, by, { name }) {
        const notActive = requireActive(ctx, by.name, 'create a Quest');
        if (notActive) return notActive;
        const c = ctx.rules.quests.creation;
        if (c)
          return refuse(
            'already-creating',
            `${by.name} is already creating a Quest; next, e must ${nextText(c)}`,
          );
        const n = ctx.rules.quests.roster.length;
        const limit = questsParams(ctx.state)['Quests on the Roster'];
        if (n >= limit)
          return refuse(
            'roster-full',
            `there are ${n} Quests on the Roster; a Quest may be created only when there are fewer than ${limit}`,
          );
        const noAction = requireAction(ctx, by.name, 'create a Quest');
        if (noAction) return noAction;
        const turn = ctx.rules.turn?.n ?? 0;
        const e: QuestBegun = {
          type: 'quest-begun',
          vis: 'public',
          player: by.name,
          turn,
          name: name ?? null,
        };
        ctx.emit(e);
      },
    }),
    'quest-name': playerCommand<QuestsState, typeof requiredName, QuestsErrorCode, QuestsEvent>({
      summary: 'name the Quest you are creating (before its colour)',
      words: ['name'],
      args: requiredName,
      run(ctx, by, { name }) {
        const c = creationFor(ctx, by.name, 'name');
        if (isRefusal(c)) return c;
        const e: QuestNamed = { type: 'quest-named', vis: 'public', player: by.name, name };
        ctx.emit(e);
      },
    }),
    'quest-colour': playerCommand<QuestsState, typeof colourArgs, QuestsErrorCode, QuestsEvent>({
      summary: "give the Quest you are creating a colour unlike every other Quest's",
      words: ['colour'],
      args: colourArgs,
      run(ctx, by, { colour }) {
        const c = creationFor(ctx, by.name, 'colour');
        if (isRefusal(c)) return c;
        const other = ctx.rules.quests.roster.find((q) => colourKey(q.colour) === colourKey(colour));
        if (other)
          return refuse(
            'colour-taken',
            `${questText(other)} already has the colour ${other.colour}; choose another`,
          );
        const e: QuestColoured = { type: 'quest-coloured', vis: 'public', player: by.name, colour };
        ctx.emit(e);
      },
    }),
    'quest-home': command<QuestsState, typeof noArgs, QuestsErrorCode, QuestsEvent>({
      actor: 'player',
      summary: "choose by Random Selection the Quest's home room (not Mornington Crescent)",
      args: noArgs,
      run(ctx, by) {
        return by.role === 'player' ? chooseRoom(ctx, by.name, 'home') : undefined;
      },
    }),
    'quest-locate': command<QuestsState, typeof noArgs, QuestsErrorCode, QuestsEvent>({
      actor: 'player',
      summary: "choose by Random Selection the Quest's locate room (not Mornington Crescent or home)",
      args: noArgs,
      run(ctx, by) {
        return by.role === 'player' ? chooseRoom(ctx, by.name, 'locate') : undefined;
      },
    }),
    'quest-goal': command<QuestsState, typeof noArgs, QuestsErrorCode, QuestsEvent>({
      actor: 'player',
      summary: "choose by Random Selection the Quest's goal room (not Mornington Crescent, home or locate)",
      args: noArgs,
      run(ctx, by) {
        return by.role === 'player' ? chooseRoom(ctx, by.name, 'goal') : undefined;
      },
    }),
    'quest-roll': playerCommand<QuestsState, typeof noArgs, QuestsErrorCode, QuestsEvent>({
      summary: "roll the d20 for the Quest's value; the Quest joins the Roster",
      args: noArgs,
      run(ctx, by) {
        const c = creationFor(ctx, by.name, 'roll');
        if (isRefusal(c)) return c;
        if (c.colour === null || c.home === null || c.locate === null || c.goal === null)
          throw new Error('a creation at its roll has every earlier step');
        const p = questsParams(ctx.state);
        // PQ3: an amendment that would overfill the Roster is refused (or lapses) while a Quest is being created.
        if (ctx.rules.quests.roster.length >= p['Quests on the Roster'])
          throw new Error('the Roster filled while a Quest was being created');
        const roll = ctx.roll(p['Value die'], `value of the ${c.colour} Quest`);
        const quest: Quest = {
          id: ctx.rules.quests.nextQuest,
          name: c.name,
          colour: c.colour,
          home: c.home,
          locate: c.locate,
          goal: c.goal,
          value: valueOf(roll.result as number, p),
          creator: by.name,
        };
        const e: QuestCreated = { type: 'quest-created', vis: 'public', quest, rolls: [roll] };
        ctx.emit(e);
      },
    }),
  },
  answers: {
    // Q11: while creating a Quest the player takes no other action.
    'may-act'(ctx, question: Json): Json | undefined {
      const q = question as unknown as MayAct;
      const c = ctx.rules.quests.creation;
      if (!c || c.player !== q.player) return undefined;
      return `${q.player} is creating a Quest and must finish it first - next, ${nextText(c)} - or end the turn and take a demerit`;
    },
  },
  triggers: [
    {
      // Q12: "fails to complete this series of rolls by the end of the turn": checked as the turn ends.
      run(ctx) {
        const c = ctx.rules.quests.creation;
        const turn = ctx.rules.turn;
        if (!c || (turn && turn.n === c.turn)) return;
        const demerits = questsParams(ctx.state)['Demerits for an unfinished Quest'];
        const e: QuestAbandoned = {
          type: 'quest-abandoned',
          vis: 'public',
          player: c.player,
          turn: c.turn,
          next: HOW[nextStep(c)],
          // PQ6: recorded only when amended, so the logs of games made before read as they did.
          ...(demerits !== ONE_DEMERIT ? { demerits } : {}),
        };
        ctx.emit(e);
        award(
          ctx,
          c.player,
          'demerits',
          demerits,
          `${c.player} commenced creating a Quest and did not finish it by the end of the turn`,
        );
      },
    },
  ],
  evolve: {
    'quest-begun': (s, e) =>
      set(
        { ...s, turn: spending(s.turn, e.player) },
        { player: e.player, turn: e.turn, name: e.name, colour: null, home: null, locate: null, goal: null },
      ),
    'quest-named': (s, e) => (s.quests.creation ? set(s, { ...s.quests.creation, name: e.name }) : s),
    'quest-coloured': (s, e) => (s.quests.creation ? set(s, { ...s.quests.creation, colour: e.colour }) : s),
    'quest-room-chosen': (s, e) =>
      s.quests.creation ? set(s, { ...s.quests.creation, [e.label]: e.room }) : s,
    'quest-created': (s, e) =>
      withBook(s, {
        ...s.quests,
        roster: [...s.quests.roster, e.quest],
        nextQuest: Math.max(s.quests.nextQuest, e.quest.id + 1),
        creation: null,
      }),
    'quest-abandoned': (s) => set(s, null),
  } satisfies Folds<QuestsState, CreationEvent>,
  describe: {
    'quest-begun': (e) =>
      `${e.player} commences creating a Quest, as an action${e.name === null ? '' : `, and names it "${e.name}"`}.`,
    'quest-named': (e) => `${e.player} names the Quest "${e.name}".`,
    'quest-coloured': (e) => `${e.player} gives the Quest the colour ${e.colour}.`,
    'quest-room-chosen': (e) => `Random Selection gives the ${e.colour} Quest the ${e.label} room ${e.room}.`,
    'quest-created': (e) => {
      const q = e.quest;
      const d20 = e.rolls[0]?.result;
      return `${q.creator} rolls ${String(d20)} on a d20: ${questText(q)} (home ${q.home}, locate ${q.locate}, goal ${q.goal}), ${valueText(q)}, joins the Roster.`;
    },
    'quest-abandoned': (e) =>
      `Turn ${e.turn} ended before ${e.player} finished creating a Quest (next was ${e.next}): ${e.player} receives ${amountText(e.demerits ?? ONE_DEMERIT, 'demerits')}, and the Quest is not added to the Roster.`,
  } satisfies Texts<CreationEvent>,
};
