// What Tunnelers's rule code is given and declares, in the ruleset's own types (issue 28 item 5): a decision
// whose `emit` takes only the events the ruleset declares (events.ts) and whose refusals use only its codes
// (errors.ts), the modules so typed, and core's command() and playerCommand() with those three fixed, so no
// module repeats them and none can fall back to an open record unseen.
import type { z } from 'zod';
import { command, playerCommand } from '../../core/index.js';
import type {
  CommandRule,
  CommandSpec,
  Decision,
  Handled,
  PlayerActor,
  RuleModule,
} from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { TunnelersErrorCode } from './errors.js';
import type { TunnelersEvent } from './events.js';

/** A decision of Tunnelers: its state, its error codes, and the events it may emit. */
export type Ctx = Decision<TunnelersState, TunnelersErrorCode, TunnelersEvent>;

/** A module of Tunnelers (one part of the charter). */
export type TunnelersModule = RuleModule<TunnelersState, TunnelersErrorCode, TunnelersEvent>;

/** core's command() for Tunnelers: the handler is given a Ctx. */
export const tunnelersCommand = <Z extends z.ZodType>(
  spec: CommandSpec<TunnelersState, Z, TunnelersErrorCode, TunnelersEvent>,
): CommandRule<TunnelersState> => command<TunnelersState, Z, TunnelersErrorCode, TunnelersEvent>(spec);

/** core's playerCommand() for Tunnelers: the handler is given a Ctx and the player, already checked. */
export const tunnelersPlayerCommand = <Z extends z.ZodType>(
  spec: Omit<CommandSpec<TunnelersState, Z, TunnelersErrorCode, TunnelersEvent>, 'actor' | 'run'> & {
    run(ctx: Ctx, by: PlayerActor, args: z.infer<Z>): Handled<TunnelersErrorCode>;
  },
): CommandRule<TunnelersState> => playerCommand<TunnelersState, Z, TunnelersErrorCode, TunnelersEvent>(spec);
