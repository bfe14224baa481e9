// `referee serve`: the HTTP API, live updates and the web page over the same store as every other verb.
// `--demo` (what `npm start` runs) first plays the demonstration game if the store has none, and hands its
// Administrator and players tokens so the page can be tried at once. Only the verb's options and description
// are here (their defaults from the light limits.ts and defaults.ts); what it does is in actions-serve.ts,
// loaded when it runs, so that no other verb loads the server.
import type { Command as Program } from 'commander';
import { CLOCK_DEFAULTS } from '../clock/defaults.js';
import { CLIENT_LIMIT_DEFAULTS, LIVE_DEFAULTS } from '../server/limits.js';
import type { ServeFlags } from './actions-serve.js';

/** Who may create games, the operator token, the proxies believed (serve-settings.ts reads them). */
function accessOptions(cmd: Program): Program {
  return cmd
    .option(
      '--creation <who>',
      'who may create games: open (anyone) or operator (only with the operator token) ($REFEREE_CREATION)',
    )
    .option(
      '--operator-token-file <path>',
      'a file holding the operator token (else $REFEREE_OPERATOR_TOKEN); never give it on the command line',
    )
    .option(
      '--trust-proxy <list>',
      'proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, loopback, linklocal, uniquelocal, comma-separated ($REFEREE_TRUST_PROXY)',
    );
}

export function registerServeVerb(program: Program): void {
  accessOptions(program.command('serve'))
    .description('serve the HTTP API, live updates and the web page')
    .option('--port <n>', 'the port to listen on (0: any free one)', process.env.PORT ?? '8080')
    .option('--host <address>', 'the address to listen on', '127.0.0.1')
    .option('--demo', 'if there are no games yet, play the demonstration game first and print its tokens')
    .option('--log', 'log each request (never its headers, so never a token)')
    .option(
      '--streams-per-client <n>',
      'live event streams one client address may hold open',
      String(LIVE_DEFAULTS.perClient),
    )
    .option('--streams <n>', 'live event streams the server holds open at most', String(LIVE_DEFAULTS.total))
    .option(
      '--creations-per-minute <n>',
      'games one client address may create a minute',
      String(CLIENT_LIMIT_DEFAULTS.create.max),
    )
    .option(
      '--joins-per-minute <n>',
      'joins one client address may make a minute',
      String(CLIENT_LIMIT_DEFAULTS.join.max),
    )
    .option(
      '--posts-per-minute <n>',
      'forum posts one client address may make a minute',
      String(CLIENT_LIMIT_DEFAULTS.post.max),
    )
    .option(
      '--schedule-changes-per-minute <n>',
      'schedule changes (schedule, pause-clock, resume-clock, extend-nweek) one client address may make a minute',
      String(CLIENT_LIMIT_DEFAULTS.schedule.max),
    )
    .option(
      '--rhythm-floor <seconds>',
      'the fastest rhythm the games created through the API may be given (ruling K16; a minute unless set)',
    )
    .option('--no-clock', "do not keep the scheduled games' time here (another process runs `referee clock`)")
    .option(
      '--clock-grace <seconds>',
      'a boundary more overdue than this is an outage, handled by its schedule policy',
      String(CLOCK_DEFAULTS.graceMs / 1000),
    )
    .option(
      '--catch-up-cap <n>',
      "the most missed boundaries one catch-up fires; past it the game's clock is paused and its Administrator told (ruling K17)",
      String(CLOCK_DEFAULTS.catchUpCap),
    )
    .option(
      '--beacon-relays <urls>',
      "the relays beacon rounds are fetched from, comma-separated ($REFEREE_BEACON_RELAYS; drand's public relays unless given)",
    )
    .option('--beacon-timeout <seconds>', 'how long one beacon relay may take to answer', '5')
    .option(
      '--mail <file>',
      "the operator's mail settings (JSON; README: Mail): the games they name send private news, reports and receipts by mail, and public notices to their chat webhooks",
    )
    .action(async (opts: ServeFlags) => (await import('./actions-serve.js')).serve(program, opts));
}
