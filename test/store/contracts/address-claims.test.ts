// The address-claims contract, against the SQLite file and the real local PostgreSQL server (issue 28 item 2).
import { onBothBackends } from './backends.js';
import { describeAddressClaimsContract } from './address-claims.contract.js';

onBothBackends(describeAddressClaimsContract);
