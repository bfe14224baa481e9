// docs/reliability.md: each fault campaign owns one section between its markers and rewrites only that one,
// formatted as `prettier --check .` wants it, so a campaign's run never turns the test command red.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

export const RELIABILITY_DOC = fileURLToPath(new URL('../../../docs/reliability.md', import.meta.url));

/** Replaces (or adds) the section between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export async function writeSection(name: string, body: string, doc = RELIABILITY_DOC): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  let text = existsSync(doc)
    ? readFileSync(doc, 'utf8')
    : '# Reliability\n\nFault campaigns of issue 8: what each tried, and what failed.\n';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a >= 0 && b > a) text = text.slice(0, a) + block + text.slice(b + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(doc, await prettierMarkdown(text, doc));
}

/** The document as prettier formats it (tables aligned); as it is where prettier is not installed. */
async function prettierMarkdown(text: string, doc: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(doc)) ?? {};
    return await prettier.format(text, { ...config, filepath: doc });
  } catch {
    return text;
  }
}

/** The machine a figure was measured on, as the sections quote it. */
export const machine = (): string =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
