// Caps what is sent to the models: the diff (or a general-prompt context) is cut to its first
// 10 KB, at a line boundary when one is near, and never inside a UTF-8 character.

/** 10 KB as 10 × 1024 bytes of UTF-8. */
export const CONTEXT_LIMIT_BYTES = 10 * 1024;
export const DIFF_TRUNCATED_NOTE = '[Diff truncated - showing first 10KB]';
export const CONTEXT_TRUNCATED_NOTE = '[Context truncated - showing first 10KB]';

export interface Truncated {
  text: string;
  truncated: boolean;
  originalBytes: number;
}

export function truncateUtf8(text: string, limitBytes: number = CONTEXT_LIMIT_BYTES): Truncated {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limitBytes) return { text, truncated: false, originalBytes: bytes.length };
  let end = limitBytes;
  // Back off to the start of a character: continuation bytes look like 10xxxxxx.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  let cut = bytes.subarray(0, end).toString('utf8');
  // Prefer ending on a whole line when the last newline is not far back (a diff line cut in half misleads).
  const newline = cut.lastIndexOf('\n');
  if (newline >= 0 && cut.length - newline < 2048) cut = cut.slice(0, newline + 1);
  return { text: cut, truncated: true, originalBytes: bytes.length };
}
