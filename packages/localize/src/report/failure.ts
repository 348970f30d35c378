// A failing test as a runner's report shows it: its full name and the runner's own account of the
// failure (message, expected and actual values, stack). Shared by the report readers. Pure.

export interface TestFailure {
  /** The full name: the suites and the test, joined by ' > ' (pytest: its node id; a test file that failed to load: the file). */
  name: string;
  /** The runner's lines about this failure, dedented: message, expected and actual, frames. */
  details: string;
}

/** The lines without the indentation they all share; blank lines at either end dropped. */
export function dedent(lines: readonly string[]): string {
  const body = [...lines];
  while (body.length > 0 && body[0]!.trim() === '') body.shift();
  while (body.length > 0 && body.at(-1)!.trim() === '') body.pop();
  const indent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length));
  return body.map((l) => (l.trim() === '' ? '' : l.slice(Number.isFinite(indent) ? indent : 0))).join('\n');
}

export const indentOf = (line: string): number => /^\s*/.exec(line)![0].length;
