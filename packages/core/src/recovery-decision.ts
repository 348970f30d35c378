// What recovery does with each file a killed run journaled: it puts the original back only while the
// file still holds the original or something the run wrote. Anything else is a person's work since
// the crash, and a person's work is never overwritten.

/** A journaled file as recovery finds it on disk. */
export type CurrentFile = { kind: 'missing' } | { kind: 'file'; hash: string } | { kind: 'other' };

/** Why a file was kept: its content changed, an existing file is gone, or a directory or symlink stands there. */
export type KeptState = 'changed' | 'missing' | 'not-a-file';

export type RecoveryDecision = { action: 'restore' } | { action: 'keep'; now: KeptState };

export interface JournaledFile {
  existed: boolean;
  /** sha256 of the original bytes; null when the file did not exist before the run. */
  originalHash: string | null;
  /** Hashes of every content the run wrote; null when the journal did not record them (version 1). */
  written: readonly string[] | null;
}

const RESTORE: RecoveryDecision = { action: 'restore' };
const keep = (now: KeptState): RecoveryDecision => ({ action: 'keep', now });

export function decideRecovery(file: JournaledFile, current: CurrentFile): RecoveryDecision {
  // An old journal cannot tell the run's writes from a person's: restore, as that version did.
  if (file.written === null) return RESTORE;
  switch (current.kind) {
    case 'missing':
      // Absent is the original state of a file the run created; the run never deletes a file that existed.
      return file.existed ? keep('missing') : RESTORE;
    case 'other':
      // The run writes regular files only: a directory or symlink there was put by someone else.
      return keep('not-a-file');
    case 'file':
      return current.hash === file.originalHash || file.written.includes(current.hash) ? RESTORE : keep('changed');
  }
}
