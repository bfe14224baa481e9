// Which drawing shows which ruleset's view. A later ruleset plugs in with one component file and one line
// here; a ruleset with no drawing gets the text render the server sends with every view.
import type { ComponentType } from 'preact';
import type { GamePayload } from '../api';
import { GridView } from './grid';
import { LifeView } from './life';
import { QuestsView } from './quests';
import { TunnelersView } from './tunnelers';

export interface ViewProps {
  payload: GamePayload;
}

export interface Drawing {
  /** Ruleset ids this drawing is for, exactly. */
  readonly ids: readonly string[];
  /** Or: a test on the ruleset id (e.g. every Field Match). */
  readonly matches?: (ruleset: string, view: GamePayload['view']) => boolean;
  readonly title: string;
  readonly component: ComponentType<ViewProps>;
}

export const DRAWINGS: readonly Drawing[] = [
  { ids: ['grid-2002-01', 'grid-2002-06'], title: 'The Grid', component: GridView },
  {
    ids: ['life'],
    // Any Field Match: its view always carries the Field's size and how objects are displayed.
    matches: (_id, view) => typeof view.field === 'object' && view.field !== null && 'display' in view,
    title: 'The Field',
    component: LifeView,
  },
  { ids: ['rooms', 'rooms+quests'], title: 'The map', component: QuestsView },
  {
    ids: ['tunnelers'],
    matches: (id) => id.startsWith('tunnelers'),
    title: 'Tunnelers',
    component: TunnelersView,
  },
];

export function drawingFor(payload: GamePayload): Drawing | undefined {
  return (
    DRAWINGS.find((d) => d.ids.includes(payload.ruleset)) ??
    DRAWINGS.find((d) => d.matches?.(payload.ruleset, payload.view) ?? false)
  );
}
