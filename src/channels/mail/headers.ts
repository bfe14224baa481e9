// Reading a parsed message's headers (postal-mime's Email) for the mail edge: values by name, addresses.
import type { Address, Email } from 'postal-mime';

/** Every value of a header (name in any case), unfolded, trimmed. */
export function headerValues(email: Email, name: string): string[] {
  const key = name.toLowerCase();
  return email.headers.filter((h) => h.key === key).map((h) => h.value.trim());
}

export const headerValue = (email: Email, name: string): string | undefined => headerValues(email, name)[0];

/** The mailboxes of address fields, groups unwrapped, lowercased. */
export function mailboxes(addresses: readonly Address[] | undefined): string[] {
  const out: string[] = [];
  for (const a of addresses ?? []) {
    if (a.group) for (const m of a.group) out.push(m.address.trim().toLowerCase());
    else if (a.address) out.push(a.address.trim().toLowerCase());
  }
  return out.filter((a) => a !== '');
}

/** The addresses in `<mailto:…>` or bare in a header (List-Post, Delivered-To, X-Original-To). */
export function addressesIn(value: string): string[] {
  return [...value.matchAll(/(?:mailto:)?([^\s<>,;:"]+@[^\s<>,;:"?]+)/gi)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
}

/** A Message-ID with its angle brackets, or undefined if the message has none. */
export function messageIdOf(email: Email): string | undefined {
  const raw = (email.messageId ?? headerValue(email, 'message-id') ?? '').trim();
  if (raw === '') return undefined;
  return raw.startsWith('<') ? raw : `<${raw}>`;
}
