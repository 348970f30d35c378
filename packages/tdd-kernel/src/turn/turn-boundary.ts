// Where an agent has no end-of-turn hook (Cline, Windsurf, opencode), the start of the next user prompt
// (or opencode's idle) marks a turn boundary; the next edit first flushes what was buffered before it.

import * as fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@adlc/core';
import { listPending } from './pending-edits.js';
import { readTurn, sessionKey } from './turn-buffer.js';

function markFile(scratch: string, session: string | null): string {
  return path.join(scratch, `turn-mark-${sessionKey(session)}`);
}

export function markTurnStart(scratch: string, session: string | null, now: number): void {
  writeFileAtomicSync(markFile(scratch, session), String(now));
}

function turnStart(scratch: string, session: string | null): number | null {
  try {
    const ms = Number(fs.readFileSync(markFile(scratch, session), 'utf8'));
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** Edits buffered (or pending) before the latest turn boundary: an earlier turn left them untested. */
export function earlierTurnBuffered(scratch: string, session: string | null): boolean {
  const start = turnStart(scratch, session);
  if (start === null) return false;
  return readTurn(scratch, session).some((e) => e.ts < start) || listPending(scratch, session).some((p) => p.edit.ts < start);
}
