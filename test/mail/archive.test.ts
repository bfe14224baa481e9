// Issue 15: mail archives (src/channels/mail/archive.ts) — an mbox split on its "From " lines with
// ">From " unquoted, a Maildir read in its files' order — and the quoting rules of the mail edge's reading.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveMessages, mboxMessages } from '../../src/channels/mail/archive.js';
import { ownWords } from '../../src/channels/mail/body.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'referee-mail-'));
  dirs.push(d);
  return d;
};

const text = (raw: Uint8Array) => Buffer.from(raw).toString('utf8');

describe('mbox', () => {
  it('is split on "From " lines, the blank line between messages dropped, ">From " unquoted once', () => {
    const mbox = [
      'From alice@example.org Tue Nov 24 05:00:00 2026',
      'Subject: one',
      '',
      '>From the start: I enter the Grid at (3,4).',
      '>>From here, quoted twice.',
      'A line with From inside.',
      '',
      'From bob@example.org Tue Nov 24 05:01:00 2026',
      'Subject: two',
      '',
      'I move to (4,5).',
      '',
      '',
    ].join('\n');
    const got = [...mboxMessages('box', Buffer.from(mbox))];
    expect(got.map((m) => m.where)).toEqual(['box:1', 'box:2']);
    expect(text(got[0]?.raw ?? new Uint8Array())).toBe(
      'Subject: one\n\nFrom the start: I enter the Grid at (3,4).\n>From here, quoted twice.\nA line with From inside.\n',
    );
    expect(text(got[1]?.raw ?? new Uint8Array())).toBe('Subject: two\n\nI move to (4,5).\n');
  });

  it('a file that does not begin with "From " is one message; an empty one is none', () => {
    expect([...mboxMessages('one.eml', Buffer.from('Subject: x\r\n\r\nhi\r\n'))].map((m) => m.where)).toEqual(
      ['one.eml'],
    );
    expect([...mboxMessages('empty', Buffer.alloc(0))]).toEqual([]);
  });
});

describe('Maildir', () => {
  it('new/ and cur/ are read together, in the order of the files’ names (the delivery time first)', () => {
    const dir = temp();
    for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'cur', '1700000002.M2.host:2,S'), 'Subject: b\n\n2\n');
    writeFileSync(join(dir, 'new', '1700000001.M1.host'), 'Subject: a\n\n1\n');
    writeFileSync(join(dir, 'new', '1700000003.M3.host'), 'Subject: c\n\n3\n');
    writeFileSync(join(dir, 'tmp', '1700000000.M0.host'), 'Subject: still being delivered\n\n0\n');
    expect([...archiveMessages(dir)].map((m) => text(m.raw).split('\n')[0])).toEqual([
      'Subject: a',
      'Subject: b',
      'Subject: c',
    ]);
  });
});

describe('what the player wrote now', () => {
  it('drops quoted lines, attributions before a quote, Outlook’s original message and the signature', () => {
    const body = [
      'I move to (4,5).',
      'On Mon, 23 Nov 2026, Bob wrote:',
      '> I enter the Grid at (6,6).',
      '',
      'On second thought, I leave the Grid.',
      '-----Original Message-----',
      'I enter the Grid at (1,1).',
    ].join('\r\n');
    expect(ownWords(body)).toBe('I move to (4,5).\n\nOn second thought, I leave the Grid.');
    expect(ownWords('Hi.\n-- \nAlice\nI enter the Grid at (2,2).')).toBe('Hi.');
  });

  const SEPARATOR = '_'.repeat(47);

  it('drops the footer Mailman appends to every post (Mailman 2 and 3), signature or none', () => {
    const mailman2 = [
      'I move to (4,5).',
      '',
      SEPARATOR,
      'grid mailing list',
      'grid@lists.example',
      'https://lists.example/mailman/listinfo/grid',
      '',
    ].join('\n');
    expect(ownWords(mailman2)).toBe('I move to (4,5).');
    const mailman3 = [
      'I move to (4,5).',
      SEPARATOR,
      'grid mailing list -- grid@lists.example',
      'To unsubscribe send an email to grid-leave@lists.example',
    ].join('\r\n');
    expect(ownWords(mailman3)).toBe('I move to (4,5).');
    // After a reply's quote and the player's signature: the signature ends the text first.
    const reply = ['Yes.', '> I enter the Grid.', '-- ', 'alice', SEPARATOR, 'grid mailing list'].join('\n');
    expect(ownWords(reply)).toBe('Yes.');
  });

  it('drops the Google Groups footer, after its "-- " line or without it', () => {
    const footer = [
      'You received this message because you are subscribed to the Google Groups "grid" group.',
      'To unsubscribe from this group and stop receiving emails from it, send an email to grid+unsubscribe@googlegroups.com.',
      'To view this discussion visit https://groups.google.com/d/msgid/grid/abc%40example.org.',
    ];
    expect(ownWords(['I leave the Grid.', '', '-- ', ...footer].join('\n'))).toBe('I leave the Grid.');
    expect(ownWords(['I leave the Grid.', '', ...footer].join('\n'))).toBe('I leave the Grid.');
  });

  it("a line of underscores that does not start a list's footer is the player's own", () => {
    const own = ['Orders:', SEPARATOR, 'I move to (4,5).', 'I enter the Grid at (1,1).'].join('\n');
    expect(ownWords(own)).toBe(own);
    // Words a footer uses, but far more than a footer: the player's.
    const long = [SEPARATOR, 'About the mailing list:', ...Array.from({ length: 11 }, (_, i) => `line ${i}`)];
    expect(ownWords(long.join('\n'))).toBe(long.join('\n'));
  });
});
