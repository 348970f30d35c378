// The content a file will have after an edit, when the tool's arguments say it: checked by the gate for
// weakening a claimed test. Anything that cannot be computed exactly is undefined, never guessed.

import { applyHunks } from '../adapters/apply-patch.js';
import type { AfterEdit, Replacement } from '../types.js';

/** `read(path)` gives a file's current text (null when missing); `path` is the edited file, resolved. */
export function contentAfter(after: AfterEdit, path: string, read: (file: string) => string | null, resolve: (file: string) => string): string | undefined {
  if ('content' in after) return after.content;
  if ('replace' in after) {
    const text = read(path);
    return text === null ? undefined : (replaceAll(text, after.replace) ?? undefined);
  }
  const text = read(after.source ? resolve(after.source) : path);
  return text === null ? undefined : (applyHunks(text, after.patch) ?? undefined);
}

/** Replacements in order, each of a string that must be there (else the edit fails, so nothing is known). */
export function replaceAll(text: string, replacements: readonly Replacement[]): string | null {
  for (const r of replacements) {
    if (r.old === '' || !text.includes(r.old)) return null;
    text = r.all ? text.split(r.old).join(r.new) : text.replace(r.old, () => r.new);
  }
  return text;
}
