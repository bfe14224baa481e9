// The claimant (issue 23 item 6): the id a Courier's claims record as the holder of their leases, and whether
// the process a claimant id names is gone, judged from this machine.
//
// An id is `host/boot/pidns/pid/start`: the machine's name, its boot id, the pid namespace (a container sees
// its own pids), the pid, and the process's start time in clock ticks since boot (/proc/PID/stat, field 22).
// A pid alone is not enough: once a process has died its pid is given to another, and a lease must not be
// thought alive because some other program now runs under that number; the start time tells them apart. So
// on the machine, boot and pid namespace of the id, a claimant is gone when /proc has no such pid, or has it
// for a process started at another time, or has it as a zombie (dead, not yet reaped). Anywhere else (another
// machine, or a system without /proc) this code cannot tell, and says so: the store may (PostgreSQL's
// session locks, postgres/leases.ts), or the lease is waited out, as before.
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** What this machine can say of a claimant: its process runs, is gone, or cannot be looked at from here. */
export type Liveness = 'alive' | 'gone' | 'unknown';

/** Where this process runs: the first three parts of every id made here. */
interface Place {
  readonly host: string;
  readonly boot: string;
  readonly pidns: string;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** Host names hold no '/', but an operator's might: kept out so the id splits in five. */
const part = (s: string): string => s.replace(/\//g, '_');

let here: Place | undefined;

function place(): Place {
  if (here) return here;
  let pidns = '-';
  try {
    // `pid:[4026531836]`: the namespace's inode, the same for every process that sees the same pids.
    pidns = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '-';
  } catch {
    // No /proc: '-', and nothing will be judged gone here.
  }
  here = {
    host: part(hostname()),
    boot: part(readOr('/proc/sys/kernel/random/boot_id', '-')),
    pidns,
  };
  return here;
}

/** A process's state and start time as /proc tells them, or undefined if there is no such process. */
function procStat(pid: number): { state: string; start: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid …`: the command may hold spaces and parentheses, so fields are counted from
  // after its last ')'. Field 3 is the state, field 22 the start time.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const start = fields[19];
  return state !== undefined && start !== undefined ? { state, start } : undefined;
}

let own: string | undefined;

/** This process's claimant id (made once: it never changes while the process runs). */
export function ownClaimant(): string {
  if (own !== undefined) return own;
  const at = place();
  const start = procStat(process.pid)?.start ?? `t${Math.round(Date.now() - process.uptime() * 1000)}`;
  own = [at.host, at.boot, at.pidns, String(process.pid), start].join('/');
  return own;
}

/**
 * Whether the process a claimant id names still runs, as far as this machine can tell: only an id made on
 * this machine, since this boot, in this pid namespace, with a start time read from /proc, is ever 'gone'.
 */
export function liveness(claimant: string): Liveness {
  if (claimant === ownClaimant()) return 'alive';
  const [host, boot, pidns, pidText, start, ...rest] = claimant.split('/');
  const mine = place();
  if (
    rest.length > 0 ||
    host !== mine.host ||
    boot !== mine.boot ||
    boot === '-' ||
    pidns !== mine.pidns ||
    pidns === '-' ||
    start === undefined ||
    !/^\d+$/.test(start) ||
    pidText === undefined ||
    !/^\d+$/.test(pidText)
  )
    return 'unknown';
  const now = procStat(Number(pidText));
  if (!now) return 'gone';
  if (now.start !== start) return 'gone'; // the pid was given to another process since
  return now.state === 'Z' || now.state === 'X' ? 'gone' : 'alive';
}
