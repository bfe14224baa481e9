// The cost campaign's section of docs/reliability.md (bench/campaigns/cost.ts): each phase's light-load
// latency, and, when another build was run side by side in the same rounds (`--compare`), its p99 and the
// ratio of the two, which holds up on a machine whose other work makes the absolute figures noisy.
import type { CostResult, PhaseResult } from './cost.js';
import { cpus } from 'node:os';
import { machine } from './reliability-doc.js';

/** One round of the campaign: this build's result, and the compared build's, run at the same time. */
export interface CostRound {
  readonly own: CostResult;
  readonly other?: CostResult;
}

/** How the compared build is named in the section, e.g. "main at d392491". */
export interface Compared {
  readonly name: string;
}

const fmt = (ms: number): string => (Number.isFinite(ms) ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : '—');

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** A phase's figures over the rounds (median of each). */
function over(results: readonly CostResult[], phase: string) {
  const ps = results
    .map((r) => r.phases.find((p) => p.phase === phase))
    .filter((p): p is PhaseResult => p !== undefined);
  return {
    requests: ps.reduce((n, p) => n + p.requests, 0),
    p50: median(ps.map((p) => p.p50)),
    p99: median(ps.map((p) => p.p99)),
    max: median(ps.map((p) => p.max)),
    p99s: ps.map((p) => p.p99),
  };
}

export function costSection(rounds: readonly CostRound[], compared?: Compared): string {
  const first = rounds[0]?.own;
  if (!first) throw new Error('no round to write');
  const own = rounds.map((r) => r.own);
  const others = rounds.flatMap((r) => (r.other ? [r.other] : []));
  const last = own[own.length - 1] ?? first;
  const loads = rounds.flatMap((r) => r.own.load);
  // Loaded by other work: judged at the start of the first round, before the campaign's own processes (the
  // server, the abuse and the light load, which alone take the 1-minute average to about 2.5) add to it.
  const loaded = (rounds[0]?.own.load[0] ?? Math.max(...loads)) > cpus().length * 0.75;
  const loadText = rounds.map((r) => r.own.load.map((l) => l.toFixed(1)).join('–')).join(', ');
  const many = rounds.length > 1;
  const head = compared
    ? '| phase | the abuse | light requests | p50 | p99 | max | p99 < 100 ms | compared: p99 | p99 ÷ compared |'
    : '| phase | the abuse | light requests | p50 | p99 | max | p99 < 100 ms |';
  const rows = first.phases.map(({ phase }) => {
    const o = over(own, phase);
    const abuse = last.phases.find((p) => p.phase === phase)?.abuse ?? '';
    const cells = [
      phase,
      abuse,
      o.requests.toLocaleString('en'),
      fmt(o.p50),
      fmt(o.p99),
      fmt(o.max),
      o.p99 < 100 ? 'met' : 'NOT met',
    ];
    if (compared) {
      const x = over(others, phase);
      cells.push(fmt(x.p99), Number.isFinite(x.p99) && x.p99 > 0 ? (o.p99 / x.p99).toFixed(2) : '—');
    }
    return `| ${cells.join(' | ')} |`;
  });
  const perRound = compared
    ? first.phases
        .map(({ phase }) => {
          const a = over(own, phase)
            .p99s.map((v) => v.toFixed(0))
            .join(', ');
          const b = over(others, phase)
            .p99s.map((v) => v.toFixed(0))
            .join(', ');
          return `${phase} ${a} against ${b}`;
        })
        .join('; ')
    : '';
  const sum = <K extends 'acknowledged' | 'lost' | 'duplicated'>(k: K): number =>
    own.reduce((n, r) => n + r[k], 0);
  const failures = own.flatMap((r) => r.failures);
  const otherFailures = others.flatMap((r) => r.failures);
  const exits = (rs: readonly CostResult[]): string =>
    rs.map((r) => `${r.shutdown.exitCode ?? 'none'} after ${fmt(r.shutdown.ms)}`).join(', ');
  return `## Cost

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} by \`node dist/bench/campaigns/cost.js${compared ? ` --compare … --rounds ${rounds.length}` : ''}\`
(issue 13, item 4): a real \`referee serve\` on loopback (SQLite, \`synchronous=FULL\`) with a light load of
${first.options.games} Grid games × ${first.options.players} players (each announcing and reading its view in turn,
20 ms apart), while one abuse after another runs for ${first.options.seconds} s. The figures are the light load's
request latency during each phase${many ? `, the median over ${rounds.length} rounds (light requests: the sum)` : ''}; the target is p99 < 100 ms.${
    compared
      ? ` In each round the compared build, ${compared.name}, ran the same campaign at the same time, in a process and a server of its own, so both met the same load from the rest of the machine (and each other's): the ratio compares them where the absolute figures cannot.`
      : ''
  }
The machine's 1-minute load average went ${loadText} (start–end of ${many ? 'each round' : 'the campaign'}).${loaded ? ` The machine is shared: other work kept its ${cpus().length} cores busy, so the light load's latency is mostly waiting for a core; the baseline, with no abuse at all, is the yardstick for the phases after it, and the target can only be judged on a quiet machine.` : ''}

${head}
| ${head
    .split(' | ')
    .map(() => '---')
    .join(' | ')} |
${rows.join('\n')}
${compared ? `\np99 of each round, this build against ${compared.name} (ms): ${perRound}.\n` : ''}
- /verify: ${own.map((r) => `${r.verify.ok} answered, ${r.verify.busy} refused \`busy\` (503, Retry-After), ${r.verify.other} otherwise`).join('; ')}.
- Refused as they must be: ${Object.entries(last.refusals)
    .map(([what, x]) => `${what} ${x.refusedAsExpected}/${x.tried}`)
    .join(', ')}.
- SIGTERM during a verify storm with event streams open: exit code ${exits(own)}${compared ? ` (the compared build: ${exits(others)})` : ''};
  ${sum('acknowledged').toLocaleString('en')} commands acknowledged, ${sum('lost')} lost, ${sum('duplicated')} twice.
- Failures: ${failures.length === 0 ? 'none' : failures.join('; ')}.${
    compared
      ? `\n- Failures of the compared build: ${otherFailures.length === 0 ? 'none' : otherFailures.join('; ')}.`
      : ''
  }

Off the event loop, on worker threads (docs/architecture.md, "Every request has a bounded cost"): \`/verify\`
(the thread reads the log itself), the decisions of heavy commands (a Life Initialize of 1,024 squares, a
Quests game on a big map), the store's file check and the WAL's checkpoints.

What one request costs by size (\`node dist/bench/costs.js\`), from which the caps of docs/api.md were chosen, is in
docs/benchmarks.md ("What a request costs").`;
}
