// The forgery campaign (issue 23, "Done means"): the referee tried as a hostile nomic player would try it on
// the mail medium. Each part drives the real code path — real message bytes through takeMail, real DKIM keys
// and signatures checked by mailauth against a resolver answering from the campaign's own table, the real
// store on a temporary SQLite file, the real outbox — with a seeded generator choosing each attempt's
// variant, and counts what the referee did with it:
// - forgery-lists.ts: forged list posts (headers that claim the list, replayed list signatures over altered
//   text, another domain's or another game's list signature), forged and replayed private mail;
// - forgery-addresses.ts: addresses claimed without proof (another player's, the referee's, a game's, a
//   list's), confirmation codes guessed, forged or replayed;
// - forgery-phrases.ts: secret phrases guessed at mail speed, backscatter (forged senders with bait
//   subjects), loops with auto-responders that do not say they are;
// - forgery-beacon.ts (issue 26): beacon rounds relabelled, altered or of another chain, pasted or served by
//   relays, to a game on beacon dice waiting for its round;
// - forgery-amendments.ts (issue 24): a player amending the rules or repealing an amendment by the API, a
//   forum post or mail, and mail forged as the Administrator's.
// A part's attack fails the campaign when anything was acted on, an exchange looped, or the answers went past
// the stated cap.
//
// Run: `node dist/bench/campaigns/forgery.js [--rounds N] [--seed S] [--no-doc]` after `npm run build`;
// prints the figures as JSON, writes the "Forgery" section of docs/reliability.md, exits 1 on a failure.
import { pathToFileURL } from 'node:url';
import { attacks as addressAttacks } from './forgery-addresses.js';
import { attacks as listAttacks } from './forgery-lists.js';
import { attacks as phraseAttacks } from './forgery-phrases.js';
import { attacks as beaconAttacks } from './forgery-beacon.js';
import { attacks as amendmentAttacks } from './forgery-amendments.js';
import type { AttackFigures } from './forgery-figures.js';
import { machine, writeSection } from './reliability-doc.js';
import { arg } from './report.js';

export interface ForgeryResult {
  readonly seed: number;
  readonly rounds: number;
  readonly seconds: number;
  readonly attacks: readonly (AttackFigures & { readonly part: string })[];
  readonly failures: readonly string[];
}

const PARTS = [
  ['lists and signatures', listAttacks],
  ['addresses', addressAttacks],
  ['phrases, backscatter and loops', phraseAttacks],
  // Issue 26: the beacon's ways in, a round pasted or served by a relay.
  ['beacon rounds', beaconAttacks],
  // Issue 24: amending the rules in another's name (a player's, the Administrator's forged).
  ['amendments of the rules', amendmentAttacks],
] as const;

/** What is wrong with one attack's figures: acted on, looped, or answered past its cap. */
export function failuresOf(a: AttackFigures): string[] {
  const out: string[] = [];
  if (a.actedOn > 0) out.push(`${a.attack}: ${a.actedOn} of ${a.tried} acted on`);
  if ((a.loops ?? 0) > 0) out.push(`${a.attack}: ${a.loops} loops`);
  if (a.answerCap !== undefined && a.answered > a.answerCap)
    out.push(`${a.attack}: ${a.answered} answers, past the cap of ${a.answerCap}`);
  if (a.tried === 0) out.push(`${a.attack}: never tried`);
  return out;
}

export async function forgeryCampaign(options: { seed: number; rounds: number }): Promise<ForgeryResult> {
  const started = performance.now();
  const all: (AttackFigures & { part: string })[] = [];
  for (const [part, run] of PARTS)
    for (const a of await run({ seed: options.seed, rounds: options.rounds })) all.push({ ...a, part });
  return {
    seed: options.seed,
    rounds: options.rounds,
    seconds: (performance.now() - started) / 1000,
    attacks: all,
    failures: all.flatMap(failuresOf),
  };
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

export function forgerySection(r: ForgeryResult): string {
  const sum = (f: (a: AttackFigures) => number) => r.attacks.reduce((n, a) => n + f(a), 0);
  const rows = r.attacks.map(
    (a) =>
      `| ${cell(a.part)} | ${cell(a.attack)} | ${a.tried} | **${a.actedOn}** | ${a.answered} | ${a.answerCap ?? '—'} | ${a.loops ?? '—'} | ${cell(a.note ?? '')} |`,
  );
  return [
    '## Forgery',
    '',
    'Issue 23: the referee tried on the mail medium as a hostile nomic player would, every attempt a real',
    'message through the mail edge (`takeMail`) over a real store, signatures made with keys the campaign',
    "generates and checked by mailauth against the campaign's own DNS table, each attempt's variant chosen by",
    'a seeded generator. "Acted on" counts attempts that changed a game (a log entry, an address that became a',
    "player's); \"answered\" counts the referee's messages to the attacker's addresses; the cap is the most",
    'answers the stated rule allows for those attempts (rulings M10–M12). Parts: `bench/campaigns/forgery-*.ts`.',
    '',
    `Run: \`node dist/bench/campaigns/forgery.js --rounds ${r.rounds} --seed ${r.seed}\` (${r.seconds.toFixed(1)} s on ${machine()}, ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| part | attack | tried | acted on | answered | answer cap | loops | note |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    `| **all** | | ${sum((a) => a.tried)} | **${sum((a) => a.actedOn)}** | ${sum((a) => a.answered)} | | ${sum((a) => a.loops ?? 0)} | |`,
    '',
    r.failures.length === 0 ? 'Failures: 0.' : `Failures:\n\n${r.failures.map((f) => `- ${f}`).join('\n')}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seed = Number(arg('--seed') ?? 2311);
  const rounds = Number(arg('--rounds') ?? 200);
  const r = await forgeryCampaign({ seed, rounds });
  console.log(JSON.stringify(r, null, 2));
  if (!process.argv.includes('--no-doc')) await writeSection('forgery', forgerySection(r));
  process.exitCode = r.failures.length === 0 ? 0 : 1;
}
