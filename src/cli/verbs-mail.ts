// Mail verbs (issue 15): `referee mail import FILE|DIR --settings mail.json` takes the messages of an mbox
// file or a Maildir through the mail edge in order; `referee mail watch --settings mail.json` watches the IMAP
// mailboxes of the settings until SIGTERM or SIGINT; `referee mail send --settings mail.json` sends what
// waits for mail now (issue 23 item 9); `mail on`, `mail off` and `mail games` are the operator's word on
// which games are played by mail; `referee address GAME NAME ADDRESS` is the Administrator registering a
// player's address. Only the verbs' words, options and descriptions are here; what each does is in
// actions-mail.ts (send's in mail-send.ts), loaded when it runs (the mail code, imapflow and nodemailer, by
// no other verb).
import type { Command as Program } from 'commander';
import type { AddressFlags } from './actions-mail.js';

const actions = () => import('./actions-mail.js');

/** `--phrase` and `--phrase-file` (mail-flags.ts reads them), for `join --email` and `address`. */
export function phraseOptions(cmd: Program): Program {
  return cmd
    .option(
      '--phrase <phrase>',
      'a secret phrase (8 characters or more) the player puts in private mail on a line "phrase: …", against forged senders (README: Mail)',
    )
    .option(
      '--phrase-file <path>',
      'the secret phrase from the first line of a file, kept out of the shell history',
    );
}

export function registerMailVerbs(program: Program): void {
  const mail = program.command('mail').description('the referee by mail (README: Mail)');
  mail
    .command('import')
    .description(
      "an mbox file or a Maildir through the mail edge, message by message in order: each is acted on as its sender's post and answered with a receipt, or dropped (loops, bounces, auto-replies, bulk, duplicates)",
    )
    .argument('<path>', 'an mbox file (or one message) or a Maildir directory (cur/ and new/)')
    .requiredOption(
      '--settings <file>',
      'the mail settings (JSON: from, smtp, imap, dns, games.GAME.forums, games.GAME.proofs, games.GAME.private; README: Mail)',
    )
    .action(async (path: string, opts: { settings: string }) =>
      (await actions()).mailImport(program, path, opts),
    );

  mail
    .command('watch')
    .description(
      'watch the IMAP mailboxes of the settings (IDLE) until SIGTERM: each new message is taken as by `mail import`, then flagged $RefereeTaken on the server, so a restart takes every unflagged message and none twice',
    )
    .requiredOption('--settings <file>', 'the mail settings (JSON: from, imap, games)')
    .action(async (opts: { settings: string }) => (await actions()).mailWatch(program, opts));

  mail
    .command('send')
    .description(
      'send what waits for mail now: every notice whose delivery failed and waits for its next try is sent at once by the SMTP server of the settings, one line each (exit 1 if some could not be sent: they wait, as before)',
    )
    .requiredOption('--settings <file>', 'the mail settings (JSON: from, smtp, games)')
    .action(async (opts: { settings: string }) => (await import('./mail-send.js')).mailSend(program, opts));

  mail
    .command('on')
    .description(
      "mark games as played by mail: every command of theirs, by any verb or process, writes the notices `serve --mail` sends (players' private news, the nweek's report), which wait in the outbox for it",
    )
    .argument('<game...>', 'game ids (a game may be marked before it is created)')
    .action(async (games: string[]) => (await actions()).mailOn(program, games));

  mail
    .command('off')
    .description(
      'unmark games: their commands write no more notices (those written still go out); the only way a game stops, since leaving it out of a settings file does not',
    )
    .argument('<game...>', 'game ids')
    .action(async (games: string[]) => (await actions()).mailOff(program, games));

  mail
    .command('unlock')
    .description(
      "the Administrator unlocks a player's secret phrase: the wrong phrases counted against it are forgotten (issue 23; a phrase seen on the list is never unlocked, only replaced with `referee address … --phrase-file`)",
    )
    .argument('<game>')
    .argument('<player>')
    .action(async (game: string, player: string) =>
      (await import('./actions-unlock.js')).mailUnlock(program, game, player),
    );

  mail
    .command('games')
    .description(
      'the games played by mail (marked by serve --mail, mail import, mail watch or mail on), one a line',
    )
    .action(async () => (await actions()).mailGames(program));

  phraseOptions(
    program
      .command('address')
      .description(
        "the Administrator registers (or replaces) a player's mail address and secret phrase: a code is mailed to the address, and it counts once answered from it (or given by --confirm); --unconfirmed registers it at once on the Administrator's word (private: never in the log or any view)",
      )
      .argument('<game>')
      .argument('<player>')
      .argument('[address]', 'the address (not with --confirm)'),
  )
    .option(
      '--unconfirmed',
      'register at once, without the confirmation round-trip: the Administrator vouches for the address (README: Mail)',
    )
    .option('--confirm <code>', "confirm the player's claimed address with the code mailed to it")
    .option(
      '--settings <file>',
      "the mail settings: the referee's and the games' own addresses are refused as a player's",
    )
    .action(async (game: string, name: string, address: string | undefined, opts: AddressFlags) =>
      (await actions()).address(program, game, name, address, opts),
    );
}
