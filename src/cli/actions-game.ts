// What the verbs that change a game do (verbs-game.ts registers them): each is one command through the
// referee; rejected ones exit 2 with nothing written.
import type { Command as Program } from 'commander';
import type { Actor, Command, CommandRule, Json, RuleError, Viewer } from '../core/index.js';
import { ADMIN, PUBLIC, PLAYER_NAME, player } from '../core/index.js';
import type { Commanding } from '../engine/ports/index.js';
import { withInstants } from '../engine/instants.js';
import type { Absence } from '../engine/absent.js';
import { absences, absenceText } from '../engine/absent.js';
import { ADMIN_HOLDER, issue, playerHolder } from '../server/tokens.js';
import { fromRuleError, UsageError } from './fail.js';
import { gameIfAny, parseRolls, spelt, withReferee } from './context.js';
import { readWords, shapeOf, usage, usageLine } from './args.js';
import type { CommandShape } from './args.js';
import type { ViewerFlags } from './context.js';
import { readFileSync } from 'node:fs';
import { checkFree } from '../channels/mail/register.js';
import { claimAddress } from '../channels/mail/claim.js';
import {
  checkNotOwnUsage,
  claimedLine,
  claimOptions,
  orUsage,
  registration,
  settingsFrom,
} from './mail-flags.js';
import type { PhraseFlags } from './mail-flags.js';
import { cliNow } from './now.js';

export interface SubmitFlags extends ViewerFlags {
  rolls?: string;
  id?: string;
  json?: boolean;
  /** Decide against the game as it is and print what would happen; write nothing (dry-run.ts). */
  dryRun?: boolean;
}

/** Submits one command and prints what the given viewer may see of what it did. */
export async function submit(
  referee: Commanding,
  game: string,
  command: Omit<Command, 'rolls' | 'id'>,
  flags: SubmitFlags,
  viewer: Viewer,
  tokenFor?: { readonly holder: string; readonly label: string },
  refusal: (e: RuleError) => Promise<UsageError> = (e) => Promise.resolve(fromRuleError(e)),
): Promise<void> {
  const rolls = parseRolls(flags.rolls);
  // The instant a schedule, a pause or a resumption takes effect, if not given, is now (instants.ts).
  const full: Command = {
    ...withInstants(command, cliNow()),
    ...(rolls ? { rolls } : {}),
    ...(flags.id !== undefined ? { id: flags.id } : {}),
  };
  if (flags.dryRun)
    return (await import('./dry-run.js')).dryRun(referee, game, full, flags, tokenFor, refusal);
  // The server's token for the new game's Administrator or the new player, granted only if the command is
  // accepted, and shown this once.
  const token = tokenFor ? issue(tokenFor.holder) : undefined;
  const result = await referee.submit(game, full, token ? { tokens: [token.grant] } : {});
  if (!result.ok) throw await refusal(result.error);
  const shown = token && !result.value.duplicate ? token.token : undefined;
  const lines = referee.rules.logView(result.value.entries, viewer, result.value.state);
  // Issue 16: what the rules did for players who had not acted in time is said loudly, not buried in lines.
  const absent = absences(referee.rules, result.value.before, result.value.entries);
  if (flags.json) {
    console.log(
      JSON.stringify({
        ok: true,
        duplicate: result.value.duplicate,
        ...(shown !== undefined ? { token: shown } : {}),
        lines: lines.map((l) => ({ nweek: l.nweek, nday: l.nday, type: l.type, text: l.text })),
        ...(absent.length > 0 ? { absent } : {}),
      }),
    );
    return;
  }
  // Issue 16: a repeated command id says only that nothing new was done, not the first time's lines again
  // (which read as if it had been done twice); --json still carries them, marked duplicate.
  if (result.value.duplicate) {
    console.log('(this command id was already applied; nothing new was done)');
    return;
  }
  for (const l of lines) if (l.type !== 'command') console.log(l.text);
  printAbsences(absent);
  if (shown !== undefined && tokenFor)
    console.log(`${tokenFor.label} token (for the web page and the API; shown only now): ${shown}`);
}

/** The absences of a command, set apart from its lines so that no one misses them. */
export function printAbsences(absent: readonly Absence[]): void {
  if (absent.length === 0) return;
  const n = absent.reduce((k, a) => k + a.players.length, 0);
  console.log('');
  console.log(`!! The rules acted for absent players (${n} time${n === 1 ? '' : 's'}):`);
  for (const a of absent) console.log(`!! ${absenceText(a)}`);
}

/**
 * A verb of the rules as the command line reads it: its words by its schema, and for a refusal the whole
 * command to type (`prefix`, e.g. "referee act g1 alice") and what the verb does.
 */
const cliShape = (verb: string, rule: CommandRule<unknown>, prefix: string): CommandShape => ({
  ...shapeOf(verb, rule),
  prefix,
  summary: rule.summary,
});

/**
 * A command's words as its arguments, read by the command's schema (args.ts). An unknown verb passes
 * through with no arguments, for the rules to refuse (and `explain` to list what may be said instead).
 */
async function wordsToArgs(
  referee: Commanding,
  game: string,
  verb: string,
  words: string[],
  prefix: string,
): Promise<Record<string, Json>> {
  const rule = referee.rules.commands(await referee.state(game)).get(verb);
  return rule ? readWords(cliShape(verb, rule, prefix), words) : {};
}

/**
 * A refusal as the command line says it: the rules' arguments check with the verb's usage after it, and an
 * unknown verb with the players' and the Administrator's verbs of this game, each with its words.
 */
async function explain(
  referee: Commanding,
  game: string,
  verb: string,
  prefix: string,
  e: RuleError,
): Promise<UsageError> {
  const rules = referee.rules.commands(await referee.state(game));
  const rule = rules.get(verb);
  if (e.code === 'bad-arguments' && rule)
    return new UsageError(`${e.message}; usage: ${usageLine(cliShape(verb, rule, prefix))}`, e.code);
  if (e.code === 'unknown-command') {
    const list = (actor: 'player' | 'admin') =>
      [...rules]
        .filter(([, r]) => r.actor === actor)
        .map(([name, r]) => usage(shapeOf(name, r)))
        .join(', ');
    return new UsageError(
      `no rule in force here lets anyone "${verb}"; players (act GAME PLAYER …): ${list('player')}; the Administrator (admin GAME …): ${list('admin')}; what each does: referee commands ${(await referee.state(game)).ruleset}`,
      e.code,
    );
  }
  return fromRuleError(e);
}

const playerActor = (name: string): Actor => {
  if (!PLAYER_NAME.test(name))
    throw new UsageError(
      `"${name}" is not a usable player name (a letter, then letters, digits, . _ -; at most 32)`,
    );
  return player(name);
};

/** The Administrator's orders that take no positional words beyond the game, and how each reads its words. */
const ADMIN_ORDERS = {
  dice: (values, opts) => ({
    values: values.map((v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`"${v}" is not a dice result`);
      return Number(v);
    }),
    ...(opts.clear ? { clear: true } : {}),
  }),
  tick: (_p, opts): Record<string, Json> => (opts.nweek ? { nweek: true } : {}),
  amend: ([ruleset]) => ({ ruleset: ruleset ?? '' }),
  enact: ([module]) => ({ module: module ?? '' }),
  repeal: ([module]) => ({ module: module ?? '' }),
  points: ([to, amount, reason]) => {
    if (!/^-?\d+$/.test(amount ?? '')) throw new UsageError('the amount is a whole number');
    return { to: to ?? '', amount: Number(amount), reason: reason ?? 'adjusted by the Administrator' };
  },
  correct: ([entry, reason]) => {
    if (!/^\d+$/.test(entry ?? '')) throw new UsageError('the entry is its number in the log (log --admin)');
    return { entry: Number(entry), reason: reason ?? '' };
  },
  end: ([reason]): Record<string, Json> => (reason ? { reason } : {}),
  // Issue 24: `amend-rules g1 "Grid size=25" shiny-thing-points=30 --why "Proposal 4521" --from nweek`.
  'amend-rules': (pairs, opts) => {
    const set: Record<string, Json> = {};
    for (const pair of pairs) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new UsageError(`"${pair}" is not name=value (quote a name with spaces)`);
      set[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
    const from = typeof opts.from === 'string' ? opts.from : 'now';
    if (!/^(now|nday|nweek|\d+)$/.test(from))
      throw new UsageError('--from is now, nday, nweek or an nweek number');
    return {
      set,
      why: typeof opts.why === 'string' ? opts.why : '',
      from: /^\d+$/.test(from) ? Number(from) : from,
    };
  },
  'repeal-amendment': ([n], opts) => {
    if (!/^\d+$/.test(n ?? ''))
      throw new UsageError('the amendment is its number (see `referee rules GAME`)');
    return { amendment: Number(n), why: typeof opts.why === 'string' ? opts.why : '' };
  },
  // Who may join (K14) and removal (K15).
  'approve-join': ([name]) => ({ player: name ?? '' }),
  'refuse-join': ([name, reason]): Record<string, Json> => ({
    player: name ?? '',
    ...(reason ? { reason } : {}),
  }),
  'remove-player': ([name, reason]) => ({ player: name ?? '', reason: reason ?? '' }),
  joins: ([mode]) => ({ joins: mode ?? '' }),
  // Issue 26 (B5): the beacon round a game's dice wait for, as drand's relays serve it (verified by the rules).
  beacon: ([round, json]) => {
    if (!/^\d+$/.test(round ?? '')) throw new UsageError('the round is its number, a whole number');
    let parsed: Json;
    try {
      parsed = JSON.parse(json ?? '') as Json;
    } catch {
      throw new UsageError("the round's JSON does not parse (paste drand's answer for the round whole)");
    }
    return { round: Number(round), json: parsed };
  },
} satisfies Record<string, (positional: string[], opts: Record<string, unknown>) => Record<string, Json>>;

export type AdminOrder = keyof typeof ADMIN_ORDERS;

/** `referee dice|tick|amend|enact|repeal|points|end GAME …`. */
export async function adminOrder(
  program: Program,
  name: AdminOrder,
  game: string,
  positional: string[],
  opts: Record<string, unknown> & SubmitFlags,
): Promise<void> {
  const args: (positional: string[], opts: Record<string, unknown>) => Record<string, Json> =
    ADMIN_ORDERS[name];
  // Issue 16: "`dice g1 3` prints nothing and queued dice are invisible". The queue is the Administrator's own
  // (admin-only in the log), and this terminal is eirs: `dice` says what it queued and what now waits.
  const queue = name === 'dice';
  await withReferee(
    program,
    async (referee) => {
      await submit(
        referee,
        game,
        { type: name, by: ADMIN, args: args(positional, opts) },
        opts,
        opts.admin || queue ? ADMIN : PUBLIC,
      );
      if (queue && !opts.json && !opts.dryRun) {
        const waiting = (await referee.state(game)).dice.queue;
        console.log(
          waiting.length === 0
            ? 'No dice results wait in the queue.'
            : `Waiting for the next manual rolls, in order: ${waiting.join(', ')}.`,
        );
      }
    },
    opts,
  );
}

/** --beacon-chain: a pinned chain's name, or a file describing a chain whole (B4: its key the operator's). */
function chainOption(text: string): Json {
  if (/^[a-z][a-z0-9-]*$/.test(text)) return text;
  try {
    return JSON.parse(readFileSync(text, 'utf8')) as Json;
  } catch (e) {
    throw new UsageError(`cannot read the beacon chain ${text}: ${(e as Error).message}`);
  }
}

/** `referee new RULESET --game ID …`. */
export async function newGame(
  program: Program,
  ruleset: string,
  opts: SubmitFlags & {
    game: string;
    dice: string;
    ndays: string;
    config?: string;
    admin?: boolean;
    joins?: string;
    rhythmFloor?: string;
    beaconChain?: string;
  },
): Promise<void> {
  if (opts.dice !== 'fair' && opts.dice !== 'manual' && opts.dice !== 'beacon')
    throw new UsageError('--dice is fair, manual or beacon');
  if (opts.beaconChain !== undefined && opts.dice !== 'beacon')
    throw new UsageError('--beacon-chain is for --dice beacon');
  const beacon = opts.beaconChain === undefined ? undefined : chainOption(opts.beaconChain);
  if (opts.rhythmFloor !== undefined && !/^[1-9]\d{0,7}$/.test(opts.rhythmFloor))
    throw new UsageError('--rhythm-floor is a whole number of seconds, at least 1');
  if (opts.joins !== undefined && opts.joins !== 'open' && opts.joins !== 'approval')
    throw new UsageError('--joins is open or approval');
  if (!/^\d+$/.test(opts.ndays)) throw new UsageError('--ndays is a whole number');
  let config: Json = null;
  if (opts.config !== undefined) {
    try {
      config = JSON.parse(readFileSync(opts.config, 'utf8')) as Json;
    } catch (e) {
      throw new UsageError(`cannot read the configuration ${opts.config}: ${(e as Error).message}`);
    }
  }
  await withReferee(
    program,
    (referee) =>
      submit(
        referee,
        opts.game,
        {
          type: 'create',
          by: ADMIN,
          args: {
            game: opts.game,
            ruleset,
            dice: opts.dice,
            ...(beacon !== undefined ? { beacon } : {}),
            ndays: Number(opts.ndays),
            config,
            ...(opts.joins === 'approval' ? { joins: 'approval' } : {}),
            ...(opts.rhythmFloor !== undefined ? { rhythmFloor: Number(opts.rhythmFloor) } : {}),
          },
        },
        opts,
        opts.admin ? ADMIN : PUBLIC,
        { holder: ADMIN_HOLDER, label: 'Administrator' },
      ),
    opts,
  );
}

/** `referee join GAME PLAYER [--email ADDRESS …]`. */
export async function join(
  program: Program,
  game: string,
  name: string,
  opts: SubmitFlags & PhraseFlags & { email?: string; settings?: string },
): Promise<void> {
  const by = playerActor(name);
  if (opts.email === undefined && (opts.phrase ?? opts.phraseFile) !== undefined)
    throw new UsageError('a secret phrase goes with --email');
  // Checked before the join, so that a bad or taken address leaves the game as it was.
  const mail = opts.email !== undefined ? await registration(opts.email, opts) : undefined;
  if (opts.settings !== undefined && !mail) throw new UsageError('--settings goes with --email');
  const settings = opts.settings !== undefined ? await settingsFrom(opts.settings) : undefined;
  if (mail) checkNotOwnUsage(settings, mail.address);
  await withReferee(
    program,
    async (referee) => {
      // K13: the name as the game knows it, if it holds it in another case (a request answered by joining,
      // or a refusal to come); the token is the holder's under that name.
      const state = await gameIfAny(referee, game);
      const known = spelt(state, name);
      if (mail) {
        if (state?.admission.approval)
          throw new UsageError(
            "this game's joins need the Administrator's approval: register the address once approved (referee address)",
          );
        await orUsage(checkFree(referee.directory, game, known, mail.address));
      }
      await submit(referee, game, { type: 'join', by, args: {} }, opts, player(known), {
        holder: playerHolder(known),
        label: `${known}'s`,
      });
      if (!mail || opts.dryRun) return;
      // Ruling M10: a player's own registration is a claim, which counts once confirmed from the address.
      const claim = await orUsage(claimAddress(referee.mailDesk, game, known, mail, claimOptions(settings)));
      if (!opts.json)
        console.log(
          claimedLine(known, game, claim.expiresAt, mail.phraseHash ? ', with a secret phrase' : ''),
        );
    },
    opts,
  );
}

/** `referee act GAME PLAYER VERB [WORDS…]`. */
export async function act(
  program: Program,
  game: string,
  name: string,
  verb: string,
  words: string[],
  opts: SubmitFlags,
): Promise<void> {
  const by = playerActor(name);
  await withReferee(
    program,
    async (referee) => {
      const prefix = `referee act ${game} ${name}`;
      const args = await wordsToArgs(referee, game, verb, words, prefix);
      // K13: what e may see of the result is seen as the player joined ("act g1 ALICE …" is alice's).
      const viewer = player(spelt(await gameIfAny(referee, game), name));
      await submit(referee, game, { type: verb, by, args }, opts, viewer, undefined, (e) =>
        explain(referee, game, verb, prefix, e),
      );
    },
    opts,
  );
}

/** `referee admin GAME VERB [WORDS…]`. */
export async function admin(
  program: Program,
  game: string,
  verb: string,
  words: string[],
  opts: SubmitFlags & { admin?: boolean },
): Promise<void> {
  await withReferee(
    program,
    async (referee) => {
      const prefix = `referee admin ${game}`;
      const args = await wordsToArgs(referee, game, verb, words, prefix);
      await submit(
        referee,
        game,
        { type: verb, by: ADMIN, args },
        opts,
        opts.admin ? ADMIN : PUBLIC,
        undefined,
        (e) => explain(referee, game, verb, prefix, e),
      );
    },
    opts,
  );
}
