// The contract tests' helpers, where tests of other rooms have always imported them from (the contracts and
// their helpers now live in test/store/contracts/).
export { entriesAfter, entriesAt, expectStoreError, sampleEvent } from './contracts/support.js';
export type { MakeBackend, StoreBackend } from './contracts/support.js';
