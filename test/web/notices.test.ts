// Issue 14 on the page: the "Notices" panel shows the viewer's notices and the public ones, pushed live by
// the stream as they are written, and never another's.
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/store/store.js';
import { createGame, joinGame, harnessForFile, whenLive } from './support.js';

const h = harnessForFile();

const notice = (key: string, to: string, subject: string): Notice => ({
  game: 'n1',
  key,
  to,
  topic: 'reminder',
  subject,
  text: `${subject}: the text.`,
  at: '2026-11-24T12:00:00.000Z',
});

describe('the page: issue 14, the Notices panel', () => {
  it("a player's page shows eir reminder and the public notice live; the Administrator's the public one only", async () => {
    const admin = await h.person();
    await createGame(admin.page, h.base, 'grid-2002-01', 'n1');
    const alice = await h.person();
    await joinGame(alice.page, h.base, 'n1', 'alice');
    await h.store.enqueue([notice('early', 'player:alice', 'Before you looked')]);
    await alice.page.reload();
    await admin.page.reload();
    await whenLive(alice.page);
    await whenLive(admin.page);
    const panel = alice.page.getByTestId('notices');
    await panel.filter({ hasText: 'Before you looked' }).waitFor();
    await h.store.enqueue([
      notice('r1', 'player:alice', 'Alice, you have not entered'),
      notice('p1', 'public', 'The nday ends in 2 hours'),
    ]);
    await panel.filter({ hasText: 'The nday ends in 2 hours' }).waitFor();
    expect(await panel.innerText()).toContain('Alice, you have not entered');
    const adminPanel = admin.page.getByTestId('notices');
    await adminPanel.filter({ hasText: 'The nday ends in 2 hours' }).waitFor();
    const adminText = await admin.page.content();
    expect(adminText).not.toContain('Alice, you have not entered');
    expect(adminText).not.toContain('Before you looked');
  });
});
