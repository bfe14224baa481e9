// Schema 6 → 7 of the PostgreSQL store (issue 23 item 3, src/store/postgres/claims.ts): pending claims of mail
// addresses, one per player of a game, with the hash of the confirmation code (never the code), its times
// (ms on the caller's clock) and the wrong codes given. Private, beside the addresses.
export const ADDRESS_CLAIMS = (s: string): string => `
CREATE TABLE ${s}.address_claims (
  game text NOT NULL REFERENCES ${s}.games(id),
  player text NOT NULL,
  address text NOT NULL,
  phrase_hash text,
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game, player)
);
CREATE INDEX address_claims_by_address ON ${s}.address_claims (address);`;
