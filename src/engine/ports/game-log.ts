// The log as the rooms outside the engine read it (issue 28 item 1), and the store's upkeep: the page catches
// up a stream, the report producers read an nweek, `referee export` streams a log and `referee migrate`
// copies a game. Appending is the engine's alone (Referee.submit, Referee.import).
import type { Store } from '../../store/store.js';

/** Reading logs: entries from a seq, page by page, a log's length, a game's dice secret, the games there are. */
export type GameLog = Pick<Store, 'entries' | 'stream' | 'logLength' | 'master' | 'listGames'>;

/** The store's upkeep: its file's check and checkpoints, a game copied whole out of it and into it. */
export type Maintenance = Pick<Store, 'checkFile' | 'checkpointWith' | 'dumpGame' | 'restoreGame'>;
