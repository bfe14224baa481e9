// What one request costs, by the size of what it asks for (issue 13, item 4): the measurements the caps in
// of the Field Match framework, the Quests map, src/forum/limits.ts and src/server/verify.ts were chosen from. Each figure is the time the
// event loop is held by one request (a referee over an in-memory SQLite store, the native hash installed as
// `referee serve` has it). Run: `node dist/bench/costs.js` after `npm run build`; prints a markdown table.
import { performance } from 'node:perf_hooks';
import { ADMIN, player } from '../src/core/index.js';
import type { Command } from '../src/core/index.js';
import { Referee } from '../src/engine/referee.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { defaultRegistry, RULESETS } from '../src/rulesets/index.js';
import { systemEntropy } from '../src/node/entropy.js';
import { useNativeHashes } from '../src/node/native-hash.js';
import { forumFor, nearestForm, postMessage, prepareForum } from '../src/forum/index.js';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

useNativeHashes();

const referee = (): Referee => new Referee(new SqliteStore(':memory:'), defaultRegistry(), systemEntropy);

async function must(r: Referee, game: string, command: Command): Promise<void> {
  const res = await r.submit(game, command);
  if (!res.ok) throw new Error(`${command.type}: ${res.error.message}`);
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await f();
  return [performance.now() - t0, v];
}

const rows: string[][] = [];
const row = (...cells: (string | number)[]): void => {
  const r = cells.map((c) => (typeof c === 'number' ? c.toFixed(c < 10 ? 1 : 0) : c));
  rows.push(r);
  console.log(r.join(' | '));
};

/** Life on an n × n Field: create, Initialize, the public view, one Evolve, /verify of the result. */
async function life(n: number): Promise<void> {
  const r = referee();
  const g = `life${n}`;
  const [create] = await timed(() =>
    must(r, g, {
      type: 'create',
      by: ADMIN,
      args: { game: g, ruleset: 'life', dice: 'fair', config: { width: n, height: n } },
    }),
  );
  for (const p of ['alice', 'bob']) await must(r, g, { type: 'join', by: player(p), args: {} });
  const [init] = await timed(() => must(r, g, { type: 'initialize', by: ADMIN, args: {} }));
  const [view] = await timed(async () => JSON.stringify(await r.view(g, { role: 'public' })).length);
  const [render] = await timed(() => r.render(g, { role: 'public' }));
  const [evolve] = await timed(() => must(r, g, { type: 'evolve', by: ADMIN, args: {} }));
  const [log] = await timed(async () => JSON.stringify(await r.log(g, { role: 'public' })).length);
  const [verify, report] = await timed(() => r.verify(g));
  if (!report.ok) throw new Error(report.problems.join('; '));
  row(`${n} × ${n}`, create, init, view, render, evolve, log, verify);
}

/** A Grid game of `commands` announcements and ticks: /verify against the log's length. */
async function gridVerify(commands: number): Promise<void> {
  const r = referee();
  const g = `grid${commands}`;
  await must(r, g, { type: 'create', by: ADMIN, args: { game: g, ruleset: 'grid-2002-01', dice: 'fair' } });
  const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
  for (const p of names) await must(r, g, { type: 'join', by: player(p), args: {} });
  let i = 0;
  while (i < commands) {
    for (const p of names) {
      await r.submit(g, { type: 'enter', by: player(p), args: {} });
      i++;
    }
    await must(r, g, { type: 'tick', by: ADMIN, args: {} });
    i++;
  }
  const entries = (await r.entries(g)).length;
  const [verify] = await timed(() => r.verify(g));
  row(`${commands} commands (${entries} entries)`, verify, verify / (entries / 1000));
}

/** A post of `sentences` misspelt sentences of `chars` characters each, in a Grid game. */
/** The "did you mean" search alone for one misspelt sentence of `chars` characters (median of 5). */
function nearest(ruleset: string, chars: number): void {
  const forum = forumFor(defaultRegistry().get(ruleset) ?? { id: ruleset });
  let s = 'I mvoe the baal of wxa to sqaure 3 4 and thorw it at bbo';
  while (s.length < chars) s += ' an thn thorw it agian 5 6';
  s = s.slice(0, chars);
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    nearestForm(s, forum.forms, (t) => forum.parse(t) !== null);
    if (i > 0) times.push(performance.now() - t0);
  }
  row(
    `${ruleset}, ${chars} characters${chars > 120 ? ' (no longer searched)' : ''}`,
    times.sort((a, b) => a - b)[2] ?? NaN,
  );
}

async function post(sentences: number, chars: number): Promise<void> {
  const r = referee();
  const g = `post${sentences}x${chars}`;
  await must(r, g, { type: 'create', by: ADMIN, args: { game: g, ruleset: 'grid-2002-06', dice: 'fair' } });
  await must(r, g, { type: 'join', by: player('alice'), args: {} });
  const base = 'I mvoe the baal of wxa to sqaure 3 4 and thorw it at bbo';
  let s = base;
  while (s.length < chars) s += ' an thn thorw it agian';
  s = s.slice(0, chars);
  const all = Array.from({ length: sentences }, () => `${s}.`);
  const paragraphs: string[] = [];
  for (let i = 0; i < all.length; i += 3) paragraphs.push(all.slice(i, i + 3).join(' '));
  const text = paragraphs.join('\n\n');
  const [ms, results] = await timed(() => postMessage(r, g, 'alice', text));
  const understood = results.filter((x) => x.status === 'not-understood').length;
  row(
    `${sentences} × ${chars} characters (${text.length} B, ${understood} not understood)`,
    ms,
    ms / sentences,
  );
}

/** A rooms+quests game on the biggest map its schema allows: create, join, a move, the view, /verify. */
async function questsMap(rooms: number, passages: number, tokens: number): Promise<void> {
  const r = referee();
  const g = `quests${rooms}`;
  const names = [
    'Mornington Crescent',
    ...Array.from({ length: rooms - 1 }, (_, i) => `Room number ${i + 1} of a long corridor`),
  ];
  const pairs: [string, string][] = [];
  for (let i = 1; i < rooms && pairs.length < passages; i++)
    pairs.push([names[i - 1] as string, names[i] as string]);
  for (let d = 2; pairs.length < passages; d++)
    for (let i = d; i < rooms && pairs.length < passages; i++)
      pairs.push([names[i - d] as string, names[i] as string]);
  const config = {
    start: 'Mornington Crescent',
    rooms: names,
    passages: pairs,
    tokens: Array.from({ length: tokens }, (_, i) => ({
      name: `token ${i}`,
      room: names[i % rooms] as string,
    })),
  };
  const [create] = await timed(() =>
    must(r, g, {
      type: 'create',
      by: ADMIN,
      args: { game: g, ruleset: 'rooms+quests', dice: 'fair', config },
    }),
  );
  const [join] = await timed(() => must(r, g, { type: 'join', by: player('alice'), args: {} }));
  const [view, bytes] = await timed(async () => JSON.stringify(await r.view(g, { role: 'public' })).length);
  const [render] = await timed(() => r.render(g, { role: 'public' }));
  const [verify] = await timed(() => r.verify(g));
  row(
    `${rooms} rooms, ${passages} passages, ${tokens} tokens (config ${JSON.stringify(config).length} B, view ${bytes} B)`,
    create,
    join,
    view,
    render,
    verify,
  );
}

const sections: string[] = [];
const table = (head: string, from: number): void => {
  const cols = head.split(' | ').length;
  sections.push(
    [`| ${head} |`, `|${' --- |'.repeat(cols)}`, ...rows.slice(from).map((r) => `| ${r.join(' | ')} |`)].join(
      '\n',
    ),
  );
};

let from = rows.length;
const [generate] = await timed(() => Promise.resolve(prepareForum(RULESETS)));
row("every ruleset's forum parser generated (once, by `referee serve` before it listens)", generate);
table('start-up | ms', from);

from = rows.length;
console.log('what | create | join | view | render | verify (ms)');
await questsMap(15, 20, 0);
for (const [a, b, c] of [
  [100, 400, 100],
  [300, 2000, 500],
  [500, 5000, 1000],
] as const)
  await questsMap(a, b, c);
table('Quests map | create | join | view | render | verify (ms)', from);

from = rows.length;
console.log('\nwhat | create | initialize | view | render | evolve | log | verify (ms)');
for (const n of [5, 16, 32]) await life(n);
table('Life Field | create | initialize | view | render | evolve | log | verify (ms)', from);

from = rows.length;
console.log('\nwhat | verify ms | ms per 1000 entries');
for (const c of [1000, 5000, 20000]) await gridVerify(c);
table('/verify of a Grid game | ms | ms per 1,000 entries', from);

from = rows.length;
console.log('\nwhat | ms | ms per sentence');
for (const [n, c] of [
  [1, 60],
  [1, 120],
  [5, 120],
  [50, 120],
  [19, 1000],
] as const)
  await post(n, c);
table('forum post (June Grid), 3 sentences a paragraph | ms in all | ms per sentence', from);

from = rows.length;
for (const ruleset of ['grid-2002-06', 'rooms+quests', 'tunnelers'])
  for (const n of [80, 120, 500]) nearest(ruleset, n);
table('"did you mean" for one sentence | ms', from);

if (process.argv.includes('--doc')) {
  const { writeSection, machine } = await import('./campaigns/reliability-doc.js');
  const doc = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
  await writeSection(
    'costs',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load average ${loadavg()[0]?.toFixed(1) ?? '?'}), by \`node dist/bench/costs.js --doc\`.\n\n${sections.join('\n\n')}`,
    doc,
  );
}
