// Rule 139: "There shall exist a Roster of Quests, which can contain zero or more Quests. This Roster and any
// Quests on it are part of the state of the game. A Quest has associated with it: an optional name; a colour;
// three different rooms on the map (labelled "home", "locate", and "goal"); and a value."
//
// The Roster is `quests.roster` in the game's state, public in every view (Q1). Its Quests are added by rule 142
// and removed by rule 141.
import type { RuleModule } from '../../core/index.js';
import type { QuestBook, QuestsEvent, QuestsState, Quest } from './types.js';
import { amountText } from '../rooms/tallies.js';
import type { QuestsErrorCode } from './errors.js';

/** The state with the Quests rules' part replaced. */
export const withBook = (s: QuestsState, quests: QuestBook): QuestsState => ({ ...s, quests });

/** A Quest on the Roster by its number. */
export const questById = (s: QuestsState, id: number): Quest | undefined =>
  s.quests.roster.find((q) => q.id === id);

/** 'the red Quest' or 'the red Quest "Holy Grail"'. */
export const questText = (q: { readonly colour: string; readonly name: string | null }): string =>
  `the ${q.colour} Quest${q.name ? ` "${q.name}"` : ''}`;

/** 'worth 12 brownie points' / 'worth 1 point of Puissance'. */
export const valueText = (q: Pick<Quest, 'value'>): string =>
  `worth ${amountText(q.value.amount, q.value.tally)}`;

export const rosterModule: RuleModule<QuestsState, QuestsErrorCode, QuestsEvent> = {
  id: 'quest-roster',
  section: 'Rule 139: the Roster of Quests',
  text: 'There shall exist a Roster of Quests, which can contain zero or more Quests. This Roster and any Quests on it are part of the state of the game. A Quest has associated with it: an optional name; a colour; three different rooms on the map (labelled "home", "locate", and "goal"); and a value.',
};
