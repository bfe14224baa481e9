// `--help` for the program and for every verb, and `--version`: exit 0, a usage line (the version), and no
// database created or opened.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

/** The verbs issue 2 section 4 asks for; the program may have more. */
const REQUIRED = ['new', 'join', 'act', 'dice', 'tick', 'show', 'log', 'verify', 'export', 'import'];

/** The verbs `referee --help` lists. */
function listedVerbs(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)]
    .map((m) => m[1] as string)
    .filter((v) => v !== 'help');
}

describe('--help', () => {
  const cli = new Cli();
  const top = cli.bare(['--help']);
  const verbs = listedVerbs(top.stdout);

  it('referee --help exits 0 and lists every verb the issue asks for', () => {
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^Usage: referee/);
    for (const v of REQUIRED) expect(verbs).toContain(v);
  });

  it.each(verbs.map((v) => [v]))('referee %s --help exits 0 with its usage', (verb) => {
    const r = cli.run(verb, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: referee ${verb} `));
    expect(r.stderr).toBe('');
  });

  it('referee help VERB works as well', () => {
    const r = cli.bare(['help', 'act']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: referee act /);
  });

  it('referee --version (and -V) prints the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const r = cli.bare([flag]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${pkg.version}\n`);
      expect(r.stderr).toBe('');
    }
  });

  it('asking for help or the version creates no database', () => {
    expect(existsSync(cli.dbPath)).toBe(false);
    expect(readdirSync(cli.dir)).toEqual([]);
  });
});
