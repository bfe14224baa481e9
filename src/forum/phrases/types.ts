// The phrase types are the rulesets' to declare (src/core/phrases.ts, issue 24): a ruleset's phrases live in its
// own folder, below the forum. Re-exported here for the forum's own files.
export type {
  ArgValue,
  Example,
  Form,
  ItRef,
  Parsed,
  PhraseSet,
  PlayerRef,
  Ref,
  Settled,
} from '../../core/index.js';
