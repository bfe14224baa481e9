// The offers for one payload: the kernel's (the Administrator's commands every game has), then the ruleset's
// (its drawing's entry in views/registry.ts names them), the ruleset's deciding where both speak of a command.
import type { GamePayload } from '../api';
import { drawingFor } from '../views/registry';
import { kernelOffers } from './kernel';
import type { CommandOffer, Offers } from './types';

export type { Choice, CommandOffer, FieldOffer, Offers } from './types';

export function offersFor(payload: GamePayload): Offers {
  const own = drawingFor(payload)?.offers?.(payload) ?? {};
  return { ...kernelOffers(payload), ...own };
}

/** The commands the viewer may give now, each with what is offered for it. */
export function offered<C extends { name: string }>(
  commands: readonly C[],
  offers: Offers,
): { command: C; offer: CommandOffer }[] {
  return commands.flatMap((command) => {
    const offer = offers[command.name];
    return offer === false ? [] : [{ command, offer: offer ?? {} }];
  });
}
