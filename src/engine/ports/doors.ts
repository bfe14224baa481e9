// The doors of the Referee (issue 28 item 1): the narrow ports it hands the rooms outside the engine, each a
// view of its store or kernel that names only what one room needs (index.ts). The store and the kernel
// themselves stay behind them: protected, so only the Referee (and the engine, through insides.ts) reach them.
import type { Kernel } from '../../core/index.js';
import type { Store } from '../../store/store.js';
import type { AddressClaims } from '../../store/claims.js';
import type { MailGuards } from '../../store/guards.js';
import type { Directory, MailDesk, MailRoster } from './directory.js';
import type { GameLog, Maintenance } from './game-log.js';
import type { Outbox } from './outbox.js';
import type { Rules } from './rules.js';

export abstract class Doors {
  protected constructor(
    protected readonly store: Store,
    protected readonly kernel: Kernel,
  ) {}

  /** The rules' reads (views, renderings, logs, the commands a game takes), never a decision or a fold. */
  get rules(): Rules {
    return this.kernel;
  }

  /** Reading logs as the store has them (the page's catching up, an nweek's report, an export). */
  get gameLog(): GameLog {
    return this.store;
  }

  /** The notices written and their deliveries (the clock, the channels, the page's notices). */
  get outbox(): Outbox {
    return this.store;
  }

  /** Tokens and mail addresses. */
  get directory(): Directory {
    return this.store;
  }

  /** The games played by mail. */
  get roster(): MailRoster {
    return this.store;
  }

  /** Pending claims of mail addresses (issue 21). */
  get claims(): AddressClaims {
    return this.store;
  }

  /** The mail edge's guards: phrase standings and answer budgets (issue 23). */
  get guards(): MailGuards {
    return this.store;
  }

  /** Registering a player's mail address: the directory, the claims, the guards and the outbox together. */
  get mailDesk(): MailDesk {
    return this.store;
  }

  /** The store's upkeep (its file's check, checkpoints, a game copied whole). */
  get maintenance(): Maintenance {
    return this.store;
  }
}
