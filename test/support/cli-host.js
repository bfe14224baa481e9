// One long-lived Node process that runs the built `referee` program (dist/src/cli/program.js) once per request,
// as `node dist/src/cli/main.cjs ARGS` would, so a test file pays for loading the program once instead of once
// per command (issue 17). Started by cli-bridge.js with an IPC channel; plain JavaScript, since it runs in a
// bare Node with no TypeScript loader.
//
// A request is { args, cwd, env }; the answer { status, stdout, stderr }. For each request the process takes the
// request's working folder (process.chdir) and exactly its environment (every variable not in it is removed),
// and collects what the program writes to stdout and stderr. Nothing else is kept between requests: the
// program builds its commander program, opens its store and closes it on every run (program.ts, context.ts).
//
// What a process does that this one cannot do twice is answered as a process would, and this process then
// ends, for the bridge to start another: a call to process.exit (the status is its code), and an uncaught
// exception or unhandled rejection (status 1, the error on stderr, as Node prints it).
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { setImmediate } from 'node:timers';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const programPath = process.argv[2];
if (programPath === undefined || process.send === undefined)
  throw new Error('cli-host.js is started by cli-bridge.js');
const { referee } = await import(pathToFileURL(programPath).href);

const realWrite = { stdout: process.stdout.write, stderr: process.stderr.write };
const realExit = process.exit;

/** The request being run, with what it has written so far. */
let current;
/** Set once this process has given its last answer and is ending: nothing it does after counts. */
let ending = false;

/** A stream's write, collecting while a request runs and passing through otherwise (so nothing is lost). */
function collecting(name) {
  return function write(chunk, encoding, callback) {
    // After process.exit nothing more is written, as in a process that has ended.
    if (ending) return true;
    if (!current) return realWrite[name].call(this, chunk, encoding, callback);
    const enc = typeof encoding === 'string' ? encoding : 'utf8';
    current[name].push(typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}
process.stdout.write = collecting('stdout');
process.stderr.write = collecting('stderr');

/** Answers the current request with `status`; `last` is true when this process must end after it. */
function answer(status, last = false) {
  const run = current;
  if (!run) return;
  current = undefined;
  if (last) ending = true;
  const text = (chunks) => Buffer.concat(chunks).toString('utf8');
  process.send({ id: run.id, status, stdout: text(run.stdout), stderr: text(run.stderr), last }, () => {
    if (last) realExit.call(process, 0);
  });
}

/** Makes process.env exactly `env`. */
function takeEnv(env) {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) process.env[key] = value;
}

/** What process.exit throws to stop the code that called it, as ending the process would. */
class Exited extends Error {}

process.exit = (code) => {
  const status = Number(code ?? process.exitCode ?? 0);
  if (!current && !ending) realExit.call(process, status);
  answer(status, true);
  throw new Exited(`process.exit(${status})`);
};

function crashed(error) {
  if (ending || error instanceof Exited) return;
  if (!current) {
    realWrite.stderr.call(process.stderr, `cli-host: ${inspect(error)}\n`);
    realExit.call(process, 1);
  }
  current.stderr.push(Buffer.from(`${inspect(error)}\n`));
  answer(1, true);
}
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);

// The bridge went away (its test file ended): so does this process.
process.on('disconnect', () => realExit.call(process, 0));

process.on('message', (request) => {
  const { id, args, cwd, env } = request;
  takeEnv(env);
  process.exitCode = undefined;
  try {
    process.chdir(cwd);
  } catch (e) {
    process.send({ id, status: null, stdout: '', stderr: '', error: String(e), last: false });
    return;
  }
  current = { id, stdout: [], stderr: [] };
  void referee(args).then(
    (status) =>
      // What the run scheduled for right after it (a write, a close) happens before the answer, as it would
      // before a process's exit.
      setImmediate(() => answer(status)),
    crashed,
  );
});

process.send({ ready: true });
