// The framework's state helpers, re-exported for the tests with a name that says what they build.
export { layerOf, columnOf, playerValue, fieldValue } from '../../src/rulesets/field-match/index.js';
export { emptyField as emptyFieldOf } from '../../src/rulesets/field-match/state.js';
