// The flags that register a player's mail address (issue 15): `--email`, and the secret phrase by
// `--phrase` or, kept out of the shell's history and the process list, `--phrase-file` (verbs-mail.ts,
// phraseOptions, declares them): read and checked here.
import { readFileSync } from 'node:fs';
import { AddressError, checkNotOwn, checkRegistration } from '../channels/mail/register.js';
import type { ClaimOptions } from '../channels/mail/claim.js';
import { loadMailSettings, MailSettingsError, unprovenForums } from '../channels/mail/settings.js';
import type { InboundSettings, MailSettings } from '../channels/mail/settings.js';
import { UsageError } from './fail.js';

export interface PhraseFlags {
  phrase?: string;
  phraseFile?: string;
}

/** The address and phrase checked and hashed, or a UsageError; nothing is written. */
export async function registration(
  address: string,
  flags: PhraseFlags,
): Promise<{ readonly address: string; readonly phraseHash: string | null }> {
  if (flags.phrase !== undefined && flags.phraseFile !== undefined)
    throw new UsageError('give the phrase by --phrase or by --phrase-file, not both');
  let phrase = flags.phrase;
  if (flags.phraseFile !== undefined) {
    try {
      phrase = readFileSync(flags.phraseFile, 'utf8').split(/\r?\n/)[0] ?? '';
    } catch (e) {
      throw new UsageError(`the phrase file cannot be read: ${(e as Error).message}`);
    }
  }
  try {
    return await checkRegistration(address, phrase);
  } catch (e) {
    if (e instanceof AddressError) throw new UsageError(e.message, e.code);
    throw e;
  }
}

/** An AddressError as a usage error (exit 2, one line); any other error as it was. */
export function addressUsage(e: unknown): Error {
  if (e instanceof AddressError) return new UsageError(e.message, e.code);
  return e instanceof Error ? e : new Error(String(e));
}

/** The work, with an AddressError it throws turned into a usage error. */
export async function orUsage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    throw addressUsage(e);
  }
}

/** The referee's and the games' own addresses refused as a player's, when the settings are given. */
export function checkNotOwnUsage(settings: InboundSettings | undefined, address: string): void {
  try {
    checkNotOwn(settings, address);
  } catch (e) {
    throw addressUsage(e);
  }
}

/** The operator's mail settings (settings.ts, the one shape every mail verb reads), or a usage error. */
export async function settingsFrom(path: string): Promise<MailSettings> {
  try {
    return warned(await loadMailSettings(path));
  } catch (e) {
    if (e instanceof MailSettingsError) throw new UsageError(e.message, 'bad-settings');
    throw e;
  }
}

/** The claim's options: now, and the settings' expiry and own addresses when given. */
export function claimOptions(settings: MailSettings | undefined): ClaimOptions {
  return {
    now: Date.now(),
    ...(settings ? { settings } : {}),
    ...(settings?.confirmHours !== undefined ? { hours: settings.confirmHours } : {}),
  };
}

/** What a claim answers: nothing is registered yet. */
export function claimedLine(player: string, game: string, expiresAt: number, phrase: string): string {
  return `${player}'s mail address in ${game} waits for confirmation${phrase}: a code is mailed to it (by \`referee serve --mail\`); it counts once answered from that address or given by \`referee address ${game} ${player} --confirm CODE\`, until ${new Date(expiresAt).toISOString()}.`;
}

/** The settings check of ruling M8: a forum without a proof takes no binding posts, said at every start. */
export function warned(settings: MailSettings): MailSettings {
  for (const line of unprovenForums(settings)) console.error(`mail settings: ${line}`);
  return settings;
}
