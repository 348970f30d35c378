// Test runners colour their reports, on a terminal and under CI alike (Vitest even into a pipe): the
// codes are noise to the patterns that read test names and frames from the output, and to a model
// reading it.

/** The output with terminal colours and cursor codes removed. */
export function withoutAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '');
}
