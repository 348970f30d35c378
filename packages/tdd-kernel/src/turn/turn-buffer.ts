// The per-turn buffer in scratch: which files were edited under which claims, with their pre-edit
// content (content-addressed copies), so the end-of-turn flush can revert exactly this turn's edits.

import * as fs from 'node:fs';
import path from 'node:path';
import { randomHex, sha1Hex, writeFileAtomicSync } from '@adlc/core';

export interface TurnEntry {
  /** Relative to the root. */
  file: string;
  existed: boolean;
  /** sha1 of the pre-edit content (the copy's name), null when the file did not exist. */
  blob: string | null;
  mode: number | null;
  test_ids: string[];
  ts: number;
}

export function sessionKey(session: string | null): string {
  return session === null ? 'default' : sha1Hex(session).slice(0, 16);
}

export function turnFile(scratch: string, session: string | null): string {
  return path.join(scratch, `turn-${sessionKey(session)}.jsonl`);
}

/** The buffered edits, merged per file: the first record keeps the pre-turn content, test_ids accumulate. */
export function readTurn(scratch: string, session: string | null, file = turnFile(scratch, session)): TurnEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const byFile = new Map<string, TurnEntry>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: TurnEntry;
    try {
      entry = JSON.parse(line) as TurnEntry;
    } catch {
      continue; // a torn line from a killed writer: its edit was never confirmed
    }
    if (typeof entry.file !== 'string' || !Array.isArray(entry.test_ids)) continue; // a flush's revert plan
    const seen = byFile.get(entry.file);
    if (seen) seen.test_ids = [...new Set([...seen.test_ids, ...entry.test_ids])];
    else byFile.set(entry.file, { ...entry, test_ids: [...entry.test_ids] });
  }
  return [...byFile.values()];
}

/**
 * Records `file` for this turn. Its pre-edit content is copied only the first time in the turn, so a
 * second edit of the same file never replaces the copy of what was there before the turn.
 */
export function bufferEdit(scratch: string, session: string | null, root: string, file: string, testIds: string[], now: number): void {
  const known = readTurn(scratch, session).some((e) => e.file === file);
  const entry: TurnEntry = known ? { file, existed: true, blob: null, mode: null, test_ids: testIds, ts: now } : snapshot(scratch, root, file, testIds, now);
  appendTurn(scratch, session, [entry]);
}

/** The file's pre-edit state as a turn entry: its content saved as a content-addressed copy. */
export function snapshot(scratch: string, root: string, file: string, testIds: string[], now: number): TurnEntry {
  const abs = path.join(root, file);
  let content: Buffer | null = null;
  let mode: number | null = null;
  try {
    content = fs.readFileSync(abs);
    mode = fs.statSync(abs).mode & 0o7777;
  } catch {
    content = null;
  }
  const blob = content === null ? null : saveBlob(scratch, content);
  return { file, existed: content !== null, blob, mode, test_ids: testIds, ts: now };
}

/** Appends entries to the turn buffer in one write (readers merge per file, first record wins). */
export function appendTurn(scratch: string, session: string | null, entries: readonly TurnEntry[]): void {
  if (entries.length === 0) return;
  fs.mkdirSync(scratch, { recursive: true });
  fs.appendFileSync(turnFile(scratch, session), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
}

function saveBlob(scratch: string, content: Buffer): string {
  const hash = sha1Hex(content);
  const dir = path.join(scratch, 'pre');
  const target = path.join(dir, hash);
  if (fs.existsSync(target)) {
    const now = new Date();
    fs.utimesSync(target, now, now); // still in use: not old enough to prune
  } else {
    writeFileAtomicSync(target, content);
  }
  return hash;
}

export function readBlob(scratch: string, hash: string): Buffer {
  return fs.readFileSync(path.join(scratch, 'pre', hash));
}

/** True when the file is no longer what it was before the turn. */
export function changedSinceTurnStart(scratch: string, root: string, entry: TurnEntry): boolean {
  const abs = path.join(root, entry.file);
  let now: Buffer | null;
  try {
    now = fs.readFileSync(abs);
  } catch {
    now = null;
  }
  if (!entry.existed) return now !== null;
  if (now === null) return true;
  return entry.blob === null || sha1Hex(now) !== entry.blob;
}

/**
 * Takes the turn's buffer for a flush: renamed away first, so an edit buffered while the flush runs
 * starts the next turn instead of being lost. Returns the taken file (remove it with `endTurn`).
 */
export function takeTurn(scratch: string, session: string | null): { entries: TurnEntry[]; taken: string | null } {
  const live = turnFile(scratch, session);
  // The pid and the wall-clock time it was taken tell recovery whether its flush still runs (a pid can be reused).
  const taken = `${live}.flushing-${process.pid}-${Date.now()}-${randomHex(6)}`;
  try {
    fs.renameSync(live, taken);
  } catch {
    return { entries: [], taken: null };
  }
  return { entries: readTurn(scratch, session, taken), taken };
}

/** A flush that failed or was interrupted gives its buffer back, so the edits can still be flushed or reverted. */
export function restoreTurn(scratch: string, session: string | null, taken: string | null): void {
  if (!taken) return;
  try {
    fs.appendFileSync(turnFile(scratch, session), fs.readFileSync(taken));
    fs.rmSync(taken, { force: true });
  } catch {
    // leave the taken file in place: nothing is lost
  }
}

const BLOB_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** Drops the taken buffer; pre-edit copies are content-addressed (shared), so only old ones are pruned. */
export function endTurn(scratch: string, taken: string | null, now: number): void {
  if (taken) fs.rmSync(taken, { force: true });
  const dir = path.join(scratch, 'pre');
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    try {
      if (now - fs.statSync(path.join(dir, name)).mtimeMs > BLOB_MAX_AGE_MS) fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // gone already
    }
  }
}
