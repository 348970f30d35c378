// The apply_patch format (Codex, VS Code, opencode): `*** Add File: p` with `+` lines, `*** Delete File: p`,
// `*** Update File: p` with hunks (` ` context, `-` removed, `+` added, `@@` anchors) and an optional
// `*** Move to: q`. Read for the files it touches and, where it can be computed, each file's new content.

import type { FileTouch } from '../types.js';

const FILE_LINE = /^\*\*\* (Add File|Delete File|Update File|Move to): (.+)$/;

/** The files a patch touches, in order; a moved file is deleted at its old path and written at its new one. */
export function patchTouches(text: string): FileTouch[] {
  const out: FileTouch[] = [];
  let current: { op: string; path: string; lines: string[]; moveTo?: string } | null = null;
  const finish = () => {
    if (!current) return;
    const { op, path, moveTo } = current;
    const lines = current.lines.slice(0, lastNonEmpty(current.lines) + 1);
    if (op === 'Add File') out.push({ path, after: { content: lines.filter((l) => l.startsWith('+')).map((l) => `${l.slice(1)}\n`).join('') } });
    else if (op === 'Delete File') out.push({ path, deleted: true });
    else if (moveTo) out.push({ path, deleted: true }, { path: moveTo, after: { patch: lines, source: path } });
    else out.push({ path, after: { patch: lines } });
    current = null;
  };
  for (const line of text.split('\n')) {
    const m = FILE_LINE.exec(line.replace(/\r$/, ''));
    if (m && m[1] === 'Move to' && current) current.moveTo = m[2]!.trim();
    else if (m) {
      finish();
      current = { op: m[1]!, path: m[2]!.trim(), lines: [] };
    } else if (line.startsWith('*** End Patch') || line.startsWith('*** Begin Patch')) finish();
    else current?.lines.push(line);
  }
  finish();
  return out;
}

function lastNonEmpty(lines: readonly string[]): number {
  let i = lines.length - 1;
  while (i >= 0 && lines[i] === '') i--;
  return i;
}

/**
 * The file after an Update File's hunks, or null when a hunk does not apply (its old lines are not found
 * in order): the result is then unknown, never guessed.
 */
export function applyHunks(original: string, lines: readonly string[]): string | null {
  let text = original;
  let cursor = 0;
  for (const hunk of splitHunks(lines)) {
    if (hunk.anchor) {
      const at = text.indexOf(hunk.anchor, cursor);
      if (at === -1) return null;
      cursor = at + hunk.anchor.length;
    }
    if (hunk.old.length === 0) {
      if (!hunk.anchor) return null; // an addition with nothing to place it by
      const eol = text.indexOf('\n', cursor);
      const at = eol === -1 ? text.length : eol + 1;
      text = `${text.slice(0, at)}${hunk.added.map((l) => `${l}\n`).join('')}${text.slice(at)}`;
      cursor = at;
      continue;
    }
    const oldText = hunk.old.join('\n');
    const at = text.indexOf(oldText, cursor);
    if (at === -1) return null;
    const newText = hunk.new.join('\n');
    text = text.slice(0, at) + newText + text.slice(at + oldText.length);
    cursor = at + newText.length;
  }
  return text;
}

interface Hunk {
  anchor: string;
  old: string[];
  new: string[];
  added: string[];
}

function splitHunks(lines: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let hunk: Hunk | null = null;
  for (const raw of lines) {
    if (raw.startsWith('*** End of File')) continue;
    if (raw.startsWith('@@')) {
      hunk = { anchor: raw.slice(2).trim(), old: [], new: [], added: [] };
      hunks.push(hunk);
      continue;
    }
    if (!hunk) {
      hunk = { anchor: '', old: [], new: [], added: [] };
      hunks.push(hunk);
    }
    const body = raw.slice(1);
    if (raw.startsWith('+')) {
      hunk.new.push(body);
      hunk.added.push(body);
    } else if (raw.startsWith('-')) hunk.old.push(body);
    else {
      // A context line (' ' prefix; an empty line is an empty context line).
      hunk.old.push(raw.startsWith(' ') ? body : raw);
      hunk.new.push(raw.startsWith(' ') ? body : raw);
    }
  }
  return hunks.filter((h) => h.anchor || h.old.length > 0 || h.new.length > 0);
}
