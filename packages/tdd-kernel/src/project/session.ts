// The agent's session, remembered by the hook so that `tdd-kernel claim` run by the agent through Bash
// (which has no session variable) lands in the same session as its edits.

import * as fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@adlc/core';

const FILE = 'session';

export function rememberSession(scratch: string, session: string | null): void {
  if (session === null) return;
  const file = path.join(scratch, FILE);
  try {
    if (fs.readFileSync(file, 'utf8') === session) return;
  } catch {
    // first time
  }
  try {
    writeFileAtomicSync(file, session);
  } catch {
    // only a convenience for the CLI; the hook itself has the session from the event
  }
}

export function lastSession(scratch: string): string | null {
  try {
    const text = fs.readFileSync(path.join(scratch, FILE), 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
