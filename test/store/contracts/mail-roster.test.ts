// The mail-roster contract, against the SQLite file and the real local PostgreSQL server (issue 28 item 2).
import { onBothBackends } from './backends.js';
import { describeMailRosterContract } from './mail-roster.contract.js';

onBothBackends(describeMailRosterContract);
