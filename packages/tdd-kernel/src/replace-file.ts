// Write-then-rename, so a reader (or a process killed mid-write) never sees half a file. The scratch
// state, pending edits, pre-edit copies and the hook settings all go through this one function; it
// stays local (no core import) because the hook's hot path writes through it.

import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';

/** Replaces `target` with `content` in one rename; the temp file sits beside it and is removed on failure. */
export function replaceFile(target: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(tmp, content);
    fs.renameSync(tmp, target);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}
