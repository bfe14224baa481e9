// Mail archives (issue 15: `referee mail import`): an mbox file (messages after "From " lines; ">From "
// lines unquoted as mboxrd writes them) or a Maildir (its cur/ and new/, in the order of the files' names,
// which begin with the delivery time). A file that does not begin with "From " is one message (.eml).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ArchivedMessage {
  /** Where it was: "FILE:N" (the Nth message of an mbox) or the Maildir file's path. */
  readonly where: string;
  readonly raw: Uint8Array;
}

const FROM_ = Buffer.from('From ');

/** The messages of an mbox, in order. */
export function* mboxMessages(file: string, data: Buffer): Generator<ArchivedMessage> {
  if (!data.subarray(0, 5).equals(FROM_)) {
    if (data.length > 0) yield { where: file, raw: data };
    return;
  }
  let n = 0;
  let start = -1; // the first byte of the current message (after its "From " line)
  let pos = 0;
  const flush = (end: number) => {
    if (start < 0) return undefined;
    // The blank line mbox puts before the next "From " belongs to no message.
    let stop = end;
    if (stop > start && data[stop - 1] === 10) stop--;
    if (stop > start && data[stop - 1] === 13) stop--;
    return { where: `${file}:${++n}`, raw: unquote(data.subarray(start, stop)) };
  };
  while (pos < data.length) {
    const nl = data.indexOf(10, pos);
    const end = nl < 0 ? data.length : nl + 1;
    if (data.subarray(pos, pos + 5).equals(FROM_)) {
      const m = flush(pos);
      if (m) yield m;
      start = end;
    }
    pos = end;
  }
  const m = flush(data.length);
  if (m) yield m;
}

/** mboxrd: a line ">From ", ">>From ", … lost one ">" when it was written; give it back. */
function unquote(message: Buffer): Buffer {
  if (!/^>+From /m.test(message.toString('latin1'))) return message;
  return Buffer.from(message.toString('latin1').replace(/^>(>*From )/gm, '$1'), 'latin1');
}

/** The messages of a Maildir, new/ and cur/ together, by file name. */
export function* maildirMessages(dir: string): Generator<ArchivedMessage> {
  const files: { name: string; path: string }[] = [];
  for (const sub of ['cur', 'new']) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue;
    }
    for (const name of names) if (!name.startsWith('.')) files.push({ name, path: join(dir, sub, name) });
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const f of files) yield { where: f.path, raw: readFileSync(f.path) };
}

/** An mbox file or a Maildir directory, whichever `path` is. */
export function archiveMessages(path: string): Generator<ArchivedMessage> {
  if (statSync(path).isDirectory()) return maildirMessages(path);
  return mboxMessages(path, readFileSync(path));
}
