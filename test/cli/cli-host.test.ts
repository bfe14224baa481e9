// The runner that the CLI tests share (test/support/cli.ts's InProcess: a worker thread and one long-lived
// process, cli-host.js), on a stand-in program (test/support/cli-host-fixture.js) that does what the built one
// never does in a test: exit in the middle of a command, or crash outside it. Each must be answered as a
// process would answer it (the exit's code and nothing written after it; 1 and the error on stderr), and the
// next command must still be answered, by a new host. What a command sees (its folder, exactly its
// environment) and what it writes just after its answer must be as in a process of its own.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcess, removeTempDirs, tempDir } from '../support/cli.js';

afterAll(removeTempDirs);

const FIXTURE = fileURLToPath(new URL('../support/cli-host-fixture.js', import.meta.url));

describe('the shared CLI runner', () => {
  const host = new InProcess(FIXTURE);

  it('runs each command in its own folder with exactly its environment, and collects both streams', () => {
    const a = tempDir();
    const b = tempDir();
    const first = host.run(['where', '3'], a, { X: 'one', Y: 'two' });
    expect(first).toEqual({
      status: 3,
      stdout: `${realpathSync(a)}\n{"X":"one","Y":"two"}\n`,
      stderr: 'to stderr\n',
    });
    // Y is gone: nothing of the command before is left.
    const second = host.run(['where'], b, { X: 'three' });
    expect(second).toEqual({
      status: 0,
      stdout: `${realpathSync(b)}\n{"X":"three","Y":null}\n`,
      stderr: 'to stderr\n',
    });
  });

  it('answers process.exit with its code and nothing written after it; the next command is answered', () => {
    const dir = tempDir();
    expect(host.run(['exit', '4'], dir, {})).toEqual({ status: 4, stdout: 'before exit\n', stderr: '' });
    expect(host.run(['where'], dir, {}).status).toBe(0);
    expect(host.run(['exit', '0'], dir, {})).toEqual({ status: 0, stdout: 'before exit\n', stderr: '' });
    expect(host.run(['unknown'], dir, {}).status).toBe(2);
  });

  it('answers an uncaught exception with 1 and the error on stderr; the next command is answered', () => {
    const dir = tempDir();
    const r = host.run(['crash'], dir, {});
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Error: boom/);
    expect(host.run(['where', '5'], dir, { X: 'x' }).stdout).toContain('{"X":"x","Y":null}');
  });

  it('gives the program no terminal, as spawnSync gives none', () => {
    expect(host.run(['terminal'], tempDir(), {}).stdout).toBe('[false,false,false]\n');
  });

  it('keeps what a command writes just after its answer resolves, as a process would before it ends', () => {
    expect(host.run(['later'], tempDir(), {})).toEqual({
      status: 0,
      stdout: 'written just after\n',
      stderr: '',
    });
  });
});
