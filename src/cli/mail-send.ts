// `referee mail send --settings FILE` (issue 23 item 9): what waits for mail goes out now. Every delivery the
// mail channel has deferred (a failed try waiting out its backoff, up to an hour) is made due, and one pass of
// the mail Courier (src/channels/courier.ts, drain) sends what is due by the settings' SMTP server: one line
// per notice sent or not sent (the game, the notice's number, its recipient kind and topic: never its text or
// an address), then a total. Exit 1 if any was not sent (it waits in the outbox, as before, for the next try).
import type { Command as Program } from 'commander';
import { Courier } from '../channels/courier.js';
import { Undeliverable, Unreachable } from '../channels/outcome.js';
import { systemTime } from '../clock/time.js';
import type { StoredNotice } from '../engine/ports/index.js';
import { playByMail } from '../house/by-mail.js';
import { mailChannel } from '../house/serving.js';
import { withReferee } from './context.js';
import { VerificationFailed } from './fail.js';
import { settingsFrom } from './actions-mail.js';

/** A notice as the operator's log names it. */
const named = (n: StoredNotice): string =>
  `${n.game} notice ${n.id} (${n.to.replace(/:.*/, '')}, ${n.topic})`;

const reason = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);

export async function mailSend(program: Program, opts: { settings: string }): Promise<void> {
  const settings = await settingsFrom(opts.settings);
  await withReferee(program, async (referee) => {
    await playByMail(referee, settings);
    const mail = mailChannel(referee, settings);
    let sent = 0;
    let waiting = 0;
    let refused = 0;
    const courier = new Courier(referee.outbox, mail, systemTime, {
      onDelivered: (n) => {
        sent++;
        console.log(`${named(n)}: sent`);
      },
      onError: (n, e) => {
        if (e instanceof Undeliverable) refused++;
        else waiting++;
        console.log(
          `${named(n)}: ${e instanceof Undeliverable ? 'not sent, for good' : 'not sent, waits'}: ${reason(e)}`,
        );
        if (e instanceof Unreachable) console.log('the mail server does not answer: the rest waits too');
      },
    });
    try {
      await courier.drain();
    } finally {
      mail.close();
    }
    console.log(
      `${sent} sent, ${waiting} not sent (they wait for the next try), ${refused} refused for good`,
    );
    if (waiting > 0) throw new VerificationFailed(`${waiting} notice(s) could not be sent now`);
  });
}
