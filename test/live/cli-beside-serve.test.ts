// Issue 16: "Changes made by another process on the same SQLite file (the CLI beside `serve`) do not reach
// open pages." The built `referee serve` runs as a child process; the built CLI acts on the same file; the
// open event streams must deliver the CLI's lines, each viewer's own (numbered in eir own numbering, hidden
// lines kept hidden). Nothing is timed: the test waits for the messages themselves. The same on PostgreSQL,
// where the CLI's append is told by NOTIFY.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CLI_MAIN, Cli, FAR_CORNER, placementRolls, removeTempDirs } from '../support/cli.js';
import { dropSchema, freshSchemaName, requirePostgres, urlFor } from '../store/pg-support.js';
import { EventStream } from './support.js';
import type { SseMessage } from './support.js';

interface Update {
  seq: number;
  lines: { seq: number; type: string; text: string }[];
}

interface Serving {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

/** `referee serve` on the Cli's file, resolved once it says where it listens. */
function serve(cli: Cli): Promise<Serving> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, '--db', cli.db, 'serve', '--port', '0'], {
      cwd: cli.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (err += chunk));
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1] && out.includes('Ctrl-C stops it.')) resolve({ child, url: m[1], exited });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${err}`)));
  });
}

const running: Serving[] = [];
const streams: EventStream[] = [];
const schemas: string[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const s of running.splice(0)) {
    s.child.kill('SIGTERM');
    await s.exited;
  }
  for (const schema of schemas.splice(0)) await dropSchema(schema);
});
afterAll(removeTempDirs);

const update = (m: SseMessage): Update => m.data as Update;
const hello = (s: EventStream) => s.messages.find((m) => m.event === 'hello')?.data as { seq: number };

/** Where the games are kept: a SQLite file, or a fresh PostgreSQL schema. */
const stores: [string, () => Promise<Cli>][] = [
  ['one SQLite file', () => Promise.resolve(new Cli())],
  [
    'one PostgreSQL schema',
    async () => {
      await requirePostgres();
      const schema = freshSchemaName();
      schemas.push(schema);
      return new Cli(undefined, urlFor(schema));
    },
  ],
];

describe.each(stores)('the CLI beside `referee serve` on %s (issue 16)', (_, made) => {
  it("every open stream gets the CLI's command, in its viewer's own numbering", async () => {
    const cli = await made();
    cli.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'manual', '--rolls', placementRolls(FAR_CORNER));
    cli.ok('join', 'g1', 'alice');
    cli.ok('join', 'g1', 'bob');
    const served = await serve(cli);
    running.push(served);
    const open = async (token?: string) => {
      const s = await EventStream.open(served.url, 'g1', token);
      streams.push(s);
      return s;
    };
    const [pub, alice, bob, admin] = await Promise.all([
      open(),
      open(cli.tokens.get('alice')),
      open(cli.tokens.get('bob')),
      open(cli.tokens.get('admin')),
    ]);
    // The greeting says how often the heartbeat comes (the page marks a silent stream stale).
    expect(hello(pub)).toMatchObject({ heartbeat: 15_000 });

    // Alice enters the Grid from the command line, beside the server.
    expect(cli.ok('act', 'g1', 'alice', 'enter', '3', '4')).toContain('alice enters the Grid');
    const seen = await Promise.all(
      [pub, alice, bob, admin].map((s) => s.next((m) => m.event === 'update').then(update)),
    );
    for (const [i, u] of seen.entries()) {
      expect(u.lines.map((l) => l.text).join('\n'), `stream ${i}`).toContain(
        'alice enters the Grid at (3,4).',
      );
      // Numbered on from the viewer's own position.
      expect(u.lines[0]?.seq).toBe(hello([pub, alice, bob, admin][i] as EventStream).seq + 1);
      expect(u.seq).toBe((u.lines.at(-1) as { seq: number }).seq);
    }

    // A private act from the command line (the Administrator's dice queue: admin-only) reaches the
    // Administrator alone: nobody else's stream hears anything of it.
    cli.ok('dice', 'g1', '3');
    const adminLine = await admin.next(
      (m) => m.event === 'update' && update(m).lines.some((l) => l.text === 'Dice results queued: 3.'),
    );
    expect(update(adminLine).lines.length).toBeGreaterThan(0);
    // Then a public tick: the public, alice and bob get it as their next message, with nothing between.
    cli.ok('tick', 'g1');
    for (const s of [pub, alice, bob]) {
      const updates = (
        await s.next(
          (m) => m.event === 'update' && update(m).lines.some((l) => /^Nday 1 of nweek 1 ends/.test(l.text)),
        )
      ).data as Update;
      const all = s.messages.filter((m) => m.event === 'update');
      expect(all).toHaveLength(2);
      expect(updates.lines.every((l) => !/queue|dice/i.test(l.text))).toBe(true);
    }
  });
});
