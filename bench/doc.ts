// The sections of docs/benchmarks.md a benchmark rewrites on its own (`<!-- bench:NAME:start -->` …
// `<!-- bench:NAME:end -->`), each with the command, the machine and the date its figures came from; the rest
// of the file is left as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** docs/benchmarks.md of this checkout (the built bench is dist/bench/*.js). */
export const BENCHMARKS_DOC = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** "Measured DATE on N × CPU, Node V (load average …), by `COMMAND`": the head line of a section. */
export function measuredOn(command: string, loadAtStart: readonly number[] = loadavg()): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const load = loadAtStart.map((l) => l.toFixed(1)).join(', ');
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, Node ${process.version} (load average ${load} at the start), by \`${command}\``;
}

/**
 * The command line this process was started with, as a reader would type it (`node dist/bench/x.js …`),
 * without `--note TEXT` (the note is written beside it).
 */
export function commandLine(): string {
  const script = process.argv[1] ?? '';
  const at = script.lastIndexOf('/dist/');
  const args = process.argv.slice(2).filter((a, i, all) => a !== '--note' && all[i - 1] !== '--note');
  return ['node', at >= 0 ? script.slice(at + 1) : script, ...args].join(' ');
}

/** Rewrites what lies between the section's markers; throws if the file has no such section. */
export function writeSection(name: string, text: string, doc = BENCHMARKS_DOC): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const was = readFileSync(doc, 'utf8');
  const a = was.indexOf(start);
  const b = was.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${doc} has no ${start} … ${end}`);
  writeFileSync(doc, `${was.slice(0, a + start.length)}\n${text}\n${was.slice(b)}`);
}
