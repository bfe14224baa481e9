// What a viewer sees of a rooms+quests game: the host's view (everything is public, ruling H9) plus the Roster
// of Quests (rule 139: part of the state of the game; Q1) and the Quest being created, if any.
import type { GameState, Json, JsonObject, Viewer } from '../../core/index.js';
import type { QuestsState } from './types.js';
import { renderRoomsLines, roomsView } from '../rooms/view.js';
import { amountText } from '../rooms/tallies.js';
import { nextText } from './creation.js';
import { questsParams } from './parameters.js';
import { questText } from './roster.js';

export function questsView(rules: QuestsState, game: GameState, viewer: Viewer): JsonObject {
  const c = rules.quests.creation;
  const view: Record<string, Json> = {
    ...roomsView(rules, game, viewer),
    // "fewer than three Quests on the roster", as amended.
    rosterSize: questsParams(game)['Quests on the Roster'],
    roster: rules.quests.roster.map((q) => ({
      colour: q.colour,
      name: q.name,
      home: q.home,
      locate: q.locate,
      goal: q.goal,
      value: { tally: q.value.tally, amount: q.value.amount },
      creator: q.creator,
    })),
    creating: c
      ? {
          player: c.player,
          turn: c.turn,
          name: c.name,
          colour: c.colour,
          home: c.home,
          locate: c.locate,
          goal: c.goal,
          next: nextText(c),
        }
      : null,
    questTokens: rules.quests.tokens.map((t) => ({
      token: t.token,
      colour: rules.quests.roster.find((q) => q.id === t.quest)?.colour ?? null,
    })),
  };
  return view;
}

interface RosterRow {
  colour: string;
  name: string | null;
  home: string;
  locate: string;
  goal: string;
  value: { tally: 'brownie points' | 'Puissance'; amount: number };
  creator: string;
}
interface CreatingRow {
  player: string;
  name: string | null;
  colour: string | null;
  home: string | null;
  locate: string | null;
  goal: string | null;
  next: string;
}

export function renderQuests(view: JsonObject): string {
  const out = renderRoomsLines(view);
  const roster = (view.roster ?? []) as unknown as RosterRow[];
  const creating = (view.creating ?? null) as unknown as CreatingRow | null;
  const size = view.rosterSize as number;
  out.push(
    '',
    `Roster of Quests (${roster.length}; ${roster.length < size ? 'the active player may create one' : 'full: none may be created'}):`,
  );
  if (roster.length === 0) out.push('  none');
  for (const q of roster)
    out.push(
      `  ${questText(q)}: home ${q.home}, locate ${q.locate}, goal ${q.goal}; worth ${amountText(q.value.amount, q.value.tally)} (created by ${q.creator})`,
    );
  if (creating) {
    const parts = [
      creating.name === null ? null : `name "${creating.name}"`,
      creating.colour === null ? null : `colour ${creating.colour}`,
      creating.home === null ? null : `home ${creating.home}`,
      creating.locate === null ? null : `locate ${creating.locate}`,
      creating.goal === null ? null : `goal ${creating.goal}`,
    ].filter((p) => p !== null);
    out.push(
      `${creating.player} is creating a Quest${parts.length ? ` (${parts.join(', ')})` : ''}; next: ${creating.next}.`,
    );
  }
  return out.join('\n');
}
