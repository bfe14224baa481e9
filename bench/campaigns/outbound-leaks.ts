// The outbound-leak campaign (issue 15: "a leak scan runs over every outbound message of a long random game
// (the scan the other outputs already have)"): the non-interference campaign (non-interference.ts) turned on
// the messages the referee sends by mail and chat.
//
// Method. For each game a seed gives a ruleset driver, the players and a random script, as in the
// non-interference campaign (its GameRun, script and worlds: two servers over games that differ only in hidden
// facts, manual dice queued so that public rolls agree and secret ones differ). Around each world runs what
// `referee serve --mail` runs (outbound-world.ts): every command's notices made by the producers, the game's
// schedule kept by the real Clockwork in simulated time (ticks at boundaries with their deadline notices,
// reminders before deadlines), the real mail and chat channels delivering the outbox through Couriers, and
// mail taken in by `takeMail` (posts to the list and private mail, from registered players, a player with a
// secret phrase, a stranger, and messages delivered again or edited), which the referee answers with receipts.
// The script is the same in both worlds, and so is the simulated time.
//
// After every step, for each recipient but the Administrator (the list and the chat: the public; each player;
// the stranger: the outsider), the messages sent to em on each channel since the last step are compared
// byte for byte between the worlds: mail as its SMTP envelope and the whole message nodemailer composed
// (every header, Message-ID, In-Reply-To, References, Date, subject and body), chat as each webhook request
// (its URL, Idempotency-Key and body: a Discord message's parts, the JSON webhook's notice) — and so their
// number and their order too. A recipient's comparison stops where the rules tell em something that differs
// (as in the non-interference campaign: a telling log line, a line for em alone, eir own part of eir view);
// any other difference is a leak. Then a direct scan reads every message but the Administrator's as its
// reader would (mail decoded by a MIME parser) and looks for hidden facts in it: the text of every log line
// its recipient may not see (and sees no line with that text), and the game's dice secret.
//
// Files: outbound-world.ts (one world's serve --mail parts and recorders), outbound-script.ts (the script and
// the comparison after each step), outbound-game.ts (one game and the scan); this file plays the games in turn
// and writes the figures.
//
// Run: `node dist/bench/campaigns/outbound-leaks.js --games N --seed S [--steps K] [--no-doc]` after
// `npm run build`; prints the figures as JSON and writes the "Outbound messages" section of
// docs/reliability.md.
import { pathToFileURL } from 'node:url';
import { DRIVERS } from './non-interference-drivers.js';
import type { Finding } from './non-interference.js';
import { playOutbound } from './outbound-game.js';
import type { DirectFinding, OutboundResult } from './outbound-game.js';
import { machine, writeSection } from './reliability-doc.js';
import { arg, findingsList } from './report.js';

export interface OutboundCampaignResult {
  readonly games: number;
  readonly seed: number;
  readonly steps: number;
  readonly byRuleset: Readonly<Record<string, number>>;
  readonly sent: number;
  readonly compared: number;
  readonly mailIn: Readonly<Record<string, number>>;
  readonly boundaries: number;
  readonly reminders: number;
  readonly scanned: number;
  /** Messages sent, by channel and kind of recipient. */
  readonly byWay: Readonly<Record<string, number>>;
  readonly comparedByTopic: Readonly<Record<string, number>>;
  readonly stops: Readonly<Record<string, number>>;
  readonly leaks: readonly Finding[];
  readonly known: readonly Finding[];
  readonly direct: readonly DirectFinding[];
  readonly stuck: readonly string[];
  readonly sameForAdmin: readonly string[];
}

/** Plays `games` games (rulesets in turn), game i with seed `seed + i`. */
export async function outboundCampaign(options: {
  games: number;
  seed: number;
  steps: number;
  onGame?: (r: OutboundResult) => void;
}): Promise<OutboundCampaignResult> {
  const byRuleset: Record<string, number> = {};
  const mailIn: Record<string, number> = {};
  const byWay: Record<string, number> = {};
  const comparedByTopic: Record<string, number> = {};
  const stops: Record<string, number> = {
    told: 0,
    'acted privately': 0,
    "the Administrator's act": 0,
    'a leak': 0,
  };
  const leaks: Finding[] = [];
  const known: Finding[] = [];
  const direct: DirectFinding[] = [];
  const stuck: string[] = [];
  const sameForAdmin: string[] = [];
  let sent = 0;
  let compared = 0;
  let boundaries = 0;
  let reminders = 0;
  let scanned = 0;
  for (let i = 0; i < options.games; i++) {
    const r = await playOutbound(i, options.seed + i, options.steps);
    options.onGame?.(r);
    const name = DRIVERS[i % DRIVERS.length]?.name ?? '?';
    byRuleset[name] = (byRuleset[name] ?? 0) + 1;
    sent += r.sent[0] + r.sent[1];
    compared += r.compared;
    boundaries += r.boundaries;
    reminders += r.reminders;
    scanned += r.scanned;
    for (const [k, n] of Object.entries(r.comparedByTopic))
      comparedByTopic[k] = (comparedByTopic[k] ?? 0) + n;
    for (const [k, n] of Object.entries(r.mailIn)) mailIn[k] = (mailIn[k] ?? 0) + n;
    for (const [k, [a, b]] of Object.entries(r.byRecipient)) {
      const kind =
        k.replace(/ to .*/, '') +
        (k.endsWith(' to public')
          ? ' to the public'
          : k.endsWith(' to admin')
            ? ' to the Administrator'
            : ' to one person');
      byWay[kind] = (byWay[kind] ?? 0) + a + b;
    }
    for (const why of Object.values(r.stopped)) {
      const kind = why.startsWith('told')
        ? 'told'
        : why.startsWith('acted')
          ? 'acted privately'
          : why.startsWith("the Administrator's")
            ? "the Administrator's act"
            : 'a leak';
      stops[kind] = (stops[kind] ?? 0) + 1;
    }
    leaks.push(...r.leaks);
    known.push(...r.known);
    direct.push(...r.direct);
    stuck.push(...r.stuck.map((s) => `${r.game}: ${s}`));
    if (!r.adminDiffers) sameForAdmin.push(r.game);
  }
  return {
    games: options.games,
    seed: options.seed,
    steps: options.steps,
    byRuleset,
    sent,
    compared,
    mailIn,
    boundaries,
    reminders,
    scanned,
    byWay,
    comparedByTopic,
    stops,
    leaks,
    known,
    direct,
    stuck,
    sameForAdmin,
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ⏎ ').replace(/`/g, "'");

function section(r: OutboundCampaignResult, seconds: number, note: string): string {
  const findings = [...r.leaks, ...r.known];
  return [
    '## Outbound messages',
    '',
    "Issue 15's leak scan over every message the referee sends. Two games that differ only in hidden facts",
    '(as in the non-interference campaign) are played with the same random script, in the same simulated time,',
    "each with what `referee serve --mail` runs around it: every command's notices from the producers, the",
    "game's schedule kept by the real clock (ticks with their deadline notices, reminders), the real mail and",
    'chat channels delivering the outbox (mail composed by nodemailer and kept as bytes instead of going to an',
    'SMTP server; chat posted to Discord and JSON webhooks on loopback), and mail taken in as the IMAP watcher',
    "takes it (posts to the list and to the Moderator, a player's secret phrase, a stranger, messages delivered",
    'again or edited), answered with receipts. After every step the messages each recipient but the',
    'Administrator got on each channel are compared byte for byte (envelope, every header, body; each webhook',
    'request), which compares their number and order too, until the rules tell that recipient something that',
    'differs; then every such message is read (mail decoded) and scanned for the text of every log line its',
    'recipient may not see and for the dice secret. The method is in `bench/campaigns/outbound-leaks.ts`;',
    '`test/campaigns/outbound-leaks.test.ts` runs it small.',
    '',
    'Found by this campaign, and fixed from Tunnelers edition 3: a turn ended at once when its player ran out',
    'of cards and movement points, so the same private commands ended it in one game and not in the other',
    '(ruling T-29); and the end of an nday carried out Standing Orders given during the turn unless a question',
    "was pending (a mole next door), moving the turn's end by an nday (T-30). Both showed first in the public",
    "log lines every message is made from. Making this campaign also found the non-interference campaign's",
    'Tunnelers driver never starting a game since the society is read as written (edition 2): its `start`',
    'was refused for too few players; it now approves, funds and seats the members first.',
    '',
    `Run: \`node dist/bench/campaigns/outbound-leaks.js --games ${r.games} --seed ${r.seed} --steps ${r.steps}\` (${seconds.toFixed(1)} s on ${machine()}${note}, ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| what | figure |',
    '| --- | ---: |',
    `| games (${Object.entries(r.byRuleset)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}) | ${fmt(r.games)} |`,
    `| script steps per game | ${r.steps} |`,
    `| messages sent, both worlds (${Object.entries(r.byWay)
      .map(([k, n]) => `${k}: ${fmt(n)}`)
      .join(', ')}) | ${fmt(r.sent)} |`,
    `| messages compared byte for byte (${Object.entries(r.comparedByTopic)
      .sort(([, a], [, b]) => b - a)
      .map(([k, n]) => `${k}: ${fmt(n)}`)
      .join(', ')}) | ${fmt(r.compared)} |`,
    `| mail taken in (${Object.entries(r.mailIn)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}) | ${fmt(Object.values(r.mailIn).reduce((a, b) => a + b, 0))} |`,
    `| boundaries fired by the clock / reminders written (world 0) | ${fmt(r.boundaries)} / ${fmt(r.reminders)} |`,
    `| hidden texts looked for, per recipient | ${fmt(r.scanned)} |`,
    `| recipients' comparisons stopped: told by the rules / acted privately in world 1 / the Administrator's public act accepted in one world only / at a leak | ${r.stops.told ?? 0} / ${r.stops['acted privately'] ?? 0} / ${r.stops["the Administrator's act"] ?? 0} / ${r.stops['a leak'] ?? 0} |`,
    `| boundaries due and not fired (must be 0) | ${r.stuck.length} |`,
    `| games the Administrator saw as the same (must be 0) | ${r.sameForAdmin.length} |`,
    `| **messages that differed without a reason (game, channel and recipient)** | **${findings.length}** |`,
    `| **hidden facts found in a message** | **${r.direct.length}** |`,
    '',
    findingsList(
      'Differences',
      findings,
      (f) =>
        `${f.game}, step ${f.step} (${cell(f.command)}): ${f.route} (${f.leak}): \`${cell(f.a)}\` / \`${cell(f.b)}\``,
    ),
    '',
    findingsList(
      'Hidden facts found',
      r.direct,
      (d) => `${d.game}, world ${d.world}, ${d.channel} to ${d.to} (${d.where}): \`${cell(d.hidden)}\``,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const result = await outboundCampaign({
    games: Number(arg('--games') ?? 12),
    seed: Number(arg('--seed') ?? 15_2002),
    steps: Number(arg('--steps') ?? 150),
    onGame: (g) =>
      console.error(
        `${g.game}: ${g.sent[0] + g.sent[1]} sent, ${g.compared} compared, ${g.leaks.length + g.known.length} differences, ${g.direct.length} hidden facts found`,
      ),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result, null, 2));
  const note = arg('--note') ?? '';
  if (!process.argv.includes('--no-doc'))
    await writeSection('outbound-leaks', section(result, seconds, note ? `, ${note}` : ''));
  const bad =
    result.leaks.length +
    result.known.length +
    result.direct.length +
    result.stuck.length +
    result.sameForAdmin.length;
  if (bad > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
