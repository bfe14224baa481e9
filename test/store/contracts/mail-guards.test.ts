// The mail-guards contract, against the SQLite file and the real local PostgreSQL server (issue 28 item 2).
import { onBothBackends } from './backends.js';
import { describeMailGuardsContract } from './mail-guards.contract.js';

onBothBackends(describeMailGuardsContract);
