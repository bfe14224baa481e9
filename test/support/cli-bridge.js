// A worker thread between a test (which waits for each answer, blocked, as it waited for spawnSync) and the
// long-lived process running the program (cli-host.js). Started by cli.ts's InProcess; plain JavaScript, since
// a worker thread has no TypeScript loader.
//
// The test posts { id, args, cwd, env } on its port and sleeps on `signal` (Atomics.wait); this thread hands
// the request to the host, and when the host answers, posts the answer back on the port, counts it in `signal`
// and wakes the test, which reads it at once with receiveMessageOnPort. A host that ends (its last answer says so, or it dies) is
// replaced by a new one for the next request.
import { fork } from 'node:child_process';
import process from 'node:process';
import { workerData } from 'node:worker_threads';

const { port, signal, host, program } = workerData;

/** The host process, ready or starting. */
let current;

function start() {
  const child = fork(host, [program], {
    execArgv: [],
    // The host's stdin is empty and its stdout and stderr are pipes, as spawnSync's are: never a terminal, so
    // the program behaves as it does for a script (no progress bars, no colours). What it writes outside a
    // request (nothing, normally) goes where this test process's output goes.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  const started = { child, pending: undefined };
  started.ready = new Promise((resolve, reject) => {
    child.once('message', (m) => (m.ready ? resolve() : reject(new Error('cli-host.js did not start'))));
    child.once('exit', (code, sig) => reject(new Error(`cli-host.js ended at start (${code ?? sig})`)));
  });
  child.on('message', (m) => {
    if (m.ready || !started.pending || m.id !== started.pending.id) return;
    const answered = started.pending;
    started.pending = undefined;
    if (m.last && current === started) current = undefined;
    reply(answered, m);
  });
  child.on('exit', (code, sig) => {
    if (current === started) current = undefined;
    const lost = started.pending;
    started.pending = undefined;
    if (lost) reply(lost, { id: lost.id, error: `cli-host.js ended (${code ?? sig}) before answering` });
  });
  return started;
}

function reply(request, answer) {
  port.postMessage({ ...answer, id: request.id });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', (request) => {
  if (request.stop) {
    current?.child.kill('SIGKILL');
    current = undefined;
    return;
  }
  current ??= start();
  const target = current;
  target.pending = request;
  target.ready.then(
    () => target.child.send(request),
    (e) => {
      target.pending = undefined;
      if (current === target) current = undefined;
      reply(request, { id: request.id, error: String(e) });
    },
  );
});
