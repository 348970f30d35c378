// The `@@ -a,b +c,d @@` line that opens each hunk of a unified diff, read into numbers. Git omits
// `,count` when it is 1; a count of 0 means the side has no lines (the start then names the line
// before the gap).

export interface HunkHeader {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The numbers of a hunk header line, or null when the line is not one. */
export function parseHunkHeader(line: string): HunkHeader | null {
  const match = HUNK_HEADER.exec(line);
  if (match === null) return null;
  const count = (text: string | undefined): number => (text === undefined ? 1 : Number(text));
  return { oldStart: Number(match[1]), oldCount: count(match[2]), newStart: Number(match[3]), newCount: count(match[4]) };
}
