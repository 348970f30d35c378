// Edits allowed in PreToolUse that have not happened yet. Each waits, with its pre-edit copy, for
// PostToolUse (the tool ran) to move it into the turn buffer; one file per pending edit, so parallel hook
// calls never lose each other's records. An edit never confirmed (permission refused, tool failed) is
// neither reverted nor tested.

import * as fs from 'node:fs';
import path from 'node:path';
import { randomHex, writeFileAtomicSync } from '@adlc/core';
import { appendTurn, changedSinceTurnStart, sessionKey, snapshot, type TurnEntry } from './turn-buffer.js';

export interface PendingEdit extends TurnEntry {
  /** Claude Code's id of the tool call, when the event carries one: PostToolUse confirms exactly it. */
  tool_use_id?: string;
}

interface PendingRecord {
  path: string;
  edit: PendingEdit;
}

export function pendingDir(scratch: string, session: string | null): string {
  return path.join(scratch, `pending-${sessionKey(session)}`);
}

/** Records the pre-edit state of `file` for an edit that the agent's tool is about to make. */
export function addPending(scratch: string, session: string | null, root: string, file: string, testIds: string[], now: number, toolUseId?: string): void {
  const edit: PendingEdit = { ...snapshot(scratch, root, file, testIds, now), ...(toolUseId ? { tool_use_id: toolUseId } : {}) };
  const name = `${String(now).padStart(15, '0')}-${process.pid}-${randomHex(8)}.json`;
  writeFileAtomicSync(path.join(pendingDir(scratch, session), name), JSON.stringify(edit));
}

/** Pending edits in the order they were allowed (file names start with the time). */
export function listPending(scratch: string, session: string | null): PendingRecord[] {
  const dir = pendingDir(scratch, session);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out: PendingRecord[] = [];
  for (const name of names) {
    try {
      out.push({ path: path.join(dir, name), edit: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as PendingEdit });
    } catch {
      // taken by a concurrent confirm, or torn by a kill before the rename: nothing was confirmed
    }
  }
  return out;
}

/**
 * PostToolUse: the tool ran. Its pending edits (by tool_use_id, else by file) move into the turn buffer,
 * where a file already edited this turn keeps its first pre-edit copy. Returns the files confirmed.
 */
export function confirmPending(scratch: string, session: string | null, match: { toolUseId?: string; files: readonly string[] }): string[] {
  const all = listPending(scratch, session);
  const byId = match.toolUseId ? all.filter((p) => p.edit.tool_use_id === match.toolUseId) : [];
  const chosen = byId.length > 0 ? byId : all.filter((p) => match.files.includes(p.edit.file));
  return moveToTurn(scratch, session, chosen);
}

export interface Settled {
  /** Allowed, never confirmed, and the file is as it was: the edit did not happen. */
  dropped: string[];
  /** Allowed, never confirmed, yet the file changed (not by this tool call as far as the kernel knows). */
  unconfirmed: string[];
  /** Promoted into the turn without a PostToolUse (no PostToolUse hook is registered: older settings). */
  promoted: string[];
}

/**
 * At flush time, settles the edits still pending. With a PostToolUse hook registered, a pending edit
 * was refused or failed: it is dropped, never reverted or tested (and reported when the file changed
 * anyway, e.g. by the user). Without one (settings from before PostToolUse was registered), a file that
 * changed counts as edited, so the gate does not silently open.
 */
export function settlePending(scratch: string, session: string | null, root: string, postHook: boolean): Settled {
  const out: Settled = { dropped: [], unconfirmed: [], promoted: [] };
  const promote: PendingRecord[] = [];
  for (const p of listPending(scratch, session)) {
    const changed = changedSinceTurnStart(scratch, root, p.edit);
    if (changed && !postHook) {
      promote.push(p);
      continue;
    }
    (changed ? out.unconfirmed : out.dropped).push(p.edit.file);
    fs.rmSync(p.path, { force: true });
  }
  out.promoted = moveToTurn(scratch, session, promote);
  out.dropped = [...new Set(out.dropped)];
  out.unconfirmed = [...new Set(out.unconfirmed)];
  return out;
}

function moveToTurn(scratch: string, session: string | null, records: readonly PendingRecord[]): string[] {
  const entries = records.map(({ edit: { tool_use_id: _id, ...entry } }) => entry);
  // The turn lines are written before the records are removed: a kill in between leaves both, and a
  // concurrent confirm of the same record writes the same line twice; the turn merges per file either way.
  appendTurn(scratch, session, entries);
  for (const p of records) fs.rmSync(p.path, { force: true });
  return [...new Set(entries.map((e) => e.file))];
}
