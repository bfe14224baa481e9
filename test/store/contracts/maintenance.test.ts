// The maintenance contract, against the SQLite file and the real local PostgreSQL server (issue 28 item 2).
import { onBothBackends } from './backends.js';
import { describeMaintenanceContract } from './maintenance.contract.js';

onBothBackends(describeMaintenanceContract);
