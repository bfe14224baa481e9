// Host rule "Movement": as an action, the active player moves from eir room along one passage to a room it
// leads to. Passages go both ways. Rooms are named in any case (H2).
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, RuleModule, Texts } from '../../core/index.js';
import type { Moved, RoomsEvent, RoomsState } from './types.js';
import { exitsOf, findRoom } from './map.js';
import { arriving, roomOf } from './places-state.js';
import { requireAction, spending } from './turns.js';
import { text } from './words.js';
import type { RoomsErrorCode } from './errors.js';

const moveArgs = z.object({ to: text }).strict();

export function movementModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'movement',
    section: 'Movement (host)',
    text: 'As an action, the active player may move from the room e is in along a passage to a room that passage leads to. Passages go both ways.',
    commands: {
      move: playerCommand<S, typeof moveArgs, RoomsErrorCode, RoomsEvent>({
        summary: 'move along a passage to the room it leads to (one action)',
        words: ['to'],
        args: moveArgs,
        run(ctx, by, { to }) {
          const no = requireAction(ctx, by.name, `move to ${to}`);
          if (no) return no;
          const from = roomOf(ctx.rules, by.name);
          const exits = exitsOf(ctx.rules.map, from);
          const target = findRoom(ctx.rules.map, to);
          if (!target)
            return refuse(
              'unknown-room',
              `there is no room "${to}"; from ${from} passages lead to ${exits.join(', ')}`,
            );
          if (!exits.includes(target.name))
            return refuse(
              'no-passage',
              target.name === from
                ? `${by.name} is already in ${from}`
                : `no passage leads from ${from} to ${target.name}; passages lead to ${exits.join(', ')}`,
            );
          const e: Moved = { type: 'moved', vis: 'public', player: by.name, from, to: target.name };
          ctx.emit(e);
        },
      }),
    },
    evolve: {
      moved: (s, e) => ({
        ...s,
        places: arriving(s.places, e.player, e.to),
        turn: spending(s.turn, e.player),
      }),
    } satisfies Folds<S, Moved>,
    describe: {
      moved: (e) => `${e.player} moves from ${e.from} to ${e.to}.`,
    } satisfies Texts<Moved>,
  };
}
