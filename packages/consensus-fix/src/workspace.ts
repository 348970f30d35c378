// Where a candidate is tried: the user's tree itself (the seed's sequential evaluation, through the
// journaled snapshot), or a private copy of it (parallel evaluation). Both restore the originals.

import type { FileSnapshot } from '@adlc/core';
import type { ResolvedChange } from './candidate.js';

export interface Workspace {
  /** Where the test and rails commands run: the user's directory, or its counterpart in a copy. */
  readonly cwd: string;
  write(changes: ReadonlyArray<ResolvedChange>): Promise<void>;
  /** Back to the snapshot's bytes and modes. */
  restore(): Promise<void>;
}

/** The user's tree; every write goes through the snapshot, so a signal or a SIGKILL can be undone. */
export function inPlaceWorkspace(snapshot: FileSnapshot, cwd: string): Workspace {
  return {
    cwd,
    async write(changes) {
      for (const change of changes) await snapshot.write(change.file, change.content);
    },
    async restore() {
      await snapshot.restore();
    },
  };
}
