// A notice as the outbox's contract test writes it, where tests of other rooms have always imported it from
// (the contract now lives in test/store/contracts/outbox.contract.ts).
export { notice } from './contracts/outbox.contract.js';
