// Which drawing shows which ruleset's view. A later ruleset plugs in with one component file and one line
// here; a ruleset with no drawing gets the generic one (facts.tsx: its view's facts and its own text render),
// so a new ruleset is playable on the page with no edit here.
import type { ComponentType } from 'preact';
import type { GamePayload } from '../api';
import { GridView } from './grid';
import { LifeView } from './life';
import { QuestsView } from './quests';
import { TunnelersView } from './tunnelers';
import type { OffersOf } from '../offers/types';
import { januaryOffers, juneOffers } from '../offers/grid';
import { lifeOffers } from '../offers/life';
import { roomsOffers } from '../offers/rooms';
import { tunnelersOffers } from '../offers/tunnelers';

/** What a click on the drawing picks: a square (x, y), a square by name (Tunnelers' c5), or a room. */
export type Pick = { x: number; y: number } | { square: string } | { room: string };

export interface ViewProps {
  payload: GamePayload;
  /** A click on a square or a room, to fill the form being prepared (absent: the drawing is not clickable). */
  onPick?: (pick: Pick) => void;
  /** The command whose form a click fills, to say so under the drawing. */
  picksFor?: string | undefined;
}

export interface Drawing {
  /** Ruleset ids this drawing is for, exactly. */
  readonly ids: readonly string[];
  /** Or: a test on the ruleset id (e.g. every Field Match). */
  readonly matches?: (ruleset: string, view: GamePayload['view']) => boolean;
  readonly title: string;
  readonly component: ComponentType<ViewProps>;
  /** What a click on the drawing picks, if it is clickable: a square (x, y), a square's name, a room. */
  readonly picks?: 'xy' | 'square' | 'room';
  /** What the viewer may do now and with which choices, from eir view alone (web/src/offers/). */
  readonly offers?: OffersOf;
}

export const DRAWINGS: readonly Drawing[] = [
  { ids: ['grid-2002-01'], title: 'The Grid', component: GridView, picks: 'xy', offers: januaryOffers },
  { ids: ['grid-2002-06'], title: 'The Grid', component: GridView, picks: 'xy', offers: juneOffers },
  {
    ids: ['life'],
    // Any Field Match: its view always carries the Field's size and how objects are displayed.
    matches: (_id, view) => typeof view.field === 'object' && view.field !== null && 'display' in view,
    title: 'The Field',
    component: LifeView,
    picks: 'xy',
    offers: (payload) => (payload.ruleset === 'life' ? lifeOffers(payload) : {}),
  },
  {
    ids: ['rooms', 'rooms+quests'],
    title: 'The map',
    component: QuestsView,
    picks: 'room',
    offers: roomsOffers,
  },
  {
    ids: ['tunnelers'],
    matches: (id) => id.startsWith('tunnelers'),
    title: 'Tunnelers',
    component: TunnelersView,
    picks: 'square',
    offers: tunnelersOffers,
  },
];

export function drawingFor(payload: GamePayload): Drawing | undefined {
  return (
    DRAWINGS.find((d) => d.ids.includes(payload.ruleset)) ??
    DRAWINGS.find((d) => d.matches?.(payload.ruleset, payload.view) ?? false)
  );
}
