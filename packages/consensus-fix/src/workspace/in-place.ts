// Where a candidate is tried: the user's tree itself (the seed's sequential evaluation, through the
// journaled snapshot), or a private copy of it (parallel evaluation). Both restore the originals.

import { lstatSync, readFileSync } from 'node:fs';
import type { FileSnapshot, SnapshotEntry } from '@adlc/core';
import type { ResolvedChange } from '../candidates/candidate.js';

export interface Workspace {
  /** Where the test and rails commands run: the user's directory, or its counterpart in a copy. */
  readonly cwd: string;
  /** Afterwards the snapshotted files hold `changes`, and those it does not name their originals. */
  write(changes: ReadonlyArray<ResolvedChange>): Promise<void>;
  /** Back to the snapshot's bytes and modes (in place: deferred, see inPlaceWorkspace). */
  restore(): Promise<void>;
}

/**
 * The user's tree; every write goes through the snapshot, so a signal or a SIGKILL can be undone.
 * Candidates follow one another here, so the originals are not put back between two of them: the
 * next write leaves a file that already holds its bytes alone (agreeing candidates often write the
 * same ones), restores only the files it does not name, and the snapshot's close restores the rest.
 * Each skipped write is one fsync'd temp file and rename fewer, and one restore fewer per candidate.
 */
export function inPlaceWorkspace(snapshot: FileSnapshot, cwd: string): Workspace {
  return {
    cwd,
    async write(changes) {
      const named = new Set(changes.map((c) => c.file));
      await snapshot.restore(snapshot.entries.filter((e) => !named.has(e.path)).map((e) => e.path));
      for (const change of changes) {
        const entry = snapshot.entries.find((e) => e.path === change.file);
        if (entry === undefined || !holds(entry, change.content)) await snapshot.write(change.file, change.content);
      }
    },
    async restore() {
      // Deferred to the next write or to the snapshot's close (in `finally`, and on a signal).
    },
  };
}

/** True when the file on disk is a regular file with exactly these bytes and the mode a write would give it. */
function holds(entry: SnapshotEntry, content: string): boolean {
  try {
    const stat = lstatSync(entry.absPath);
    if (!stat.isFile() || (entry.mode !== null && (stat.mode & 0o7777) !== entry.mode)) return false;
    return readFileSync(entry.absPath).equals(Buffer.from(content));
  } catch {
    return false;
  }
}
