// The prompt's account of the failure, within one budget of characters: the failing tests first (each
// with its full name and the runner's message, expected and actual values and frames in the
// repository), then the end of the output in what is left. A run whose output ends with pages of
// passing tests or a summary would otherwise show the model no failing test at all. Pure.

import type { TestFailure } from '@adlc/localize';

export interface FailureSection {
  /** The failing tests' blocks, '' when there are none. */
  failures: string;
  /** The end of the output, in the characters the failures left. */
  tail: string;
}

/** Below this, a failure's details are not worth cutting further; more failures are then named only. */
const MIN_FAILURE_CHARS = 600;
/** The failures shown in full share the budget at most this many ways. */
const SHARED_WAYS = 4;
/** Kept for the line naming the failures not shown, when there are more than SHARED_WAYS. */
const MORE_CHARS = 400;

/** The failing tests and the output's end, together at most `budget` characters. */
export function failureSection(output: string, failures: readonly TestFailure[], budget: number): FailureSection {
  if (failures.length === 0) return { failures: '', tail: lastChars(output, budget) };
  const reserve = failures.length > SHARED_WAYS ? Math.min(MORE_CHARS, Math.floor(budget / 8)) : 0;
  const room = budget - reserve;
  const cap = Math.max(MIN_FAILURE_CHARS, Math.floor(room / Math.min(failures.length, SHARED_WAYS)));
  const blocks: string[] = [];
  let used = 0;
  for (const failure of failures) {
    const block = cut(`FAILING TEST: ${failure.name}\n${failure.details}`.trimEnd(), Math.min(cap, room - used));
    if (block === null) break;
    blocks.push(block);
    used += block.length + 2;
  }
  const rest = failures.slice(blocks.length).map((f) => f.name);
  if (rest.length > 0 && budget - used > 40) {
    const more = `(and ${rest.length} more failing test${rest.length === 1 ? '' : 's'}: ${rest.join('; ')})`;
    const line = more.length <= budget - used ? more : `${more.slice(0, budget - used - 2)}…)`;
    blocks.push(line);
    used += line.length + 2;
  }
  return { failures: blocks.join('\n\n'), tail: lastChars(output, Math.max(0, budget - used)) };
}

function lastChars(text: string, chars: number): string {
  return chars <= 0 ? '' : text.length > chars ? text.slice(-chars) : text;
}

/** The block within `chars`, cut at a line's end with a mark; null when not even its first two lines and the mark fit. */
function cut(block: string, chars: number): string | null {
  if (block.length <= chars) return block;
  const mark = '\n[…]';
  const lines = block.split('\n');
  let kept = 0;
  let length = -1;
  while (kept < lines.length && length + 1 + lines[kept]!.length + mark.length <= chars) length += 1 + lines[kept++]!.length;
  return kept < 2 ? null : `${lines.slice(0, kept).join('\n')}${mark}`;
}
