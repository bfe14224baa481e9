// What the campaigns' scripts share when they run from the command line and write their docs section.

/** The value after `name` on the command line (`--games 12`), if there is one. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * A list of findings for a docs section: "Label: 0." when there is none, else the label and the first `most`
 * findings, one line each (a campaign that finds many has its whole list in its JSON output).
 */
export function findingsList<T>(
  label: string,
  found: readonly T[],
  line: (f: T) => string,
  most = 30,
): string {
  return found.length === 0
    ? `${label}: 0.`
    : `${label}:\n\n${found
        .slice(0, most)
        .map((f) => `- ${line(f)}`)
        .join('\n')}`;
}
