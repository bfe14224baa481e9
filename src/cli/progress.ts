// Progress bars for long work (issue 17): `verify`, `import`, `export`, `migrate` and the replay of a long log
// by any verb. Drawn on stderr, only when stderr is a terminal and the verb was not asked for --json: piped,
// redirected or run by a test, a verb writes exactly what it wrote before. A bar is drawn only for work of
// LONG_WORK entries or more (a short one would only flash), and cli-progress is loaded only when one is: a
// verb that draws none does not pay for the library (issue 17 measures every verb's start-up).
//
// Reporting is cheap: callers report once per page of entries; the bar stores the number and redraws itself at
// most every FRAME_MS (cli-progress's own timer), so the work never waits for the terminal.

/** Where a bar is drawn: process.stderr, or anything that says it is a terminal and takes text (tests). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** The verb's --json: its output is for a program, so nothing is drawn. */
  readonly json?: boolean;
  /** Where to draw (process.stderr by default). */
  readonly stream?: ProgressStream;
  /** The least work, in entries, that gets a bar (LONG_WORK by default). */
  readonly minimum?: number;
}

/** Long work as it goes: how many entries are done. */
export interface Progress {
  update(done: number): void;
  /** The work is over (done or failed): the bar's line is cleared, and nothing else is written. */
  stop(): void;
}

/** Work that gets a bar: about a second's worth of the slowest of it (re-deciding a log). */
export const LONG_WORK = 50_000;

/** How often a bar is redrawn at most. */
const FRAME_MS = 200;

/** No bar: what every verb gets when stderr is not a terminal, or with --json. */
export const NO_PROGRESS: Progress = {
  update: () => undefined,
  stop: () => undefined,
};

/** Whether a bar may be drawn at all: on a terminal, without --json. */
export function mayDraw(options: ProgressOptions = {}): boolean {
  return options.json !== true && (options.stream ?? process.stderr).isTTY === true;
}

/**
 * A bar named `label` for work of `total` entries (a function is asked only if a bar may be drawn: it may
 * cost a query), drawn now if the work is LONG_WORK or more, else NO_PROGRESS. Updates are drawn as they come
 * (cli-progress redraws at most every FRAME_MS, and on its own timer between updates).
 */
export async function openProgress(
  label: string,
  total: number | undefined | (() => Promise<number | undefined>),
  options: ProgressOptions = {},
): Promise<Progress> {
  if (!mayDraw(options)) return NO_PROGRESS;
  const all = typeof total === 'function' ? await total() : total;
  if (all === undefined || all < (options.minimum ?? LONG_WORK)) return NO_PROGRESS;
  const { SingleBar } = await import('cli-progress');
  // {done} and {all}: the counts with thousands separators (cli-progress's own {value} has none).
  const counts = (n: number) => ({ done: n.toLocaleString('en-US'), all: all.toLocaleString('en-US') });
  const bar = new SingleBar({
    stream: (options.stream ?? process.stderr) as NodeJS.WritableStream,
    format: `${label} {bar} {percentage}% {done}/{all} entries, {eta_formatted} left`,
    barsize: 20,
    fps: 1000 / FRAME_MS,
    // Nothing the bar does outlives it: no hidden cursor or line wrapping left off if the verb is interrupted,
    // and its line is cleared when the work ends, leaving the verb's own output as it was.
    hideCursor: false,
    linewrap: true,
    clearOnComplete: true,
    gracefulExit: false,
  });
  let done = 0;
  let stopped = false;
  bar.start(all, 0, counts(0));
  return {
    update: (n) => {
      if (stopped) return;
      done = n;
      bar.update(n, counts(n));
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.update(done, counts(done));
      bar.stop();
    },
  };
}
