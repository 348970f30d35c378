// `--commit` is one commit or a range `A..B` (to widen the lines that can take plants); the tree
// the plants go into, and the reviewer's `{base}`, are the range's end.

/** The commit a `--commit` value ends at: B of `A..B`, else the value itself. */
export function rangeEnd(commit: string): string {
  return /^.+?\.\.(?!\.)(.+)$/.exec(commit)?.[1] ?? commit;
}
