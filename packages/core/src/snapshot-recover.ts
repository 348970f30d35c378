// Recovery after a run that could not clean up (SIGKILL, power loss, a crash in a signal handler):
// restores the files its journal lists, then deletes the journal, and sweeps stranded temp files.

import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from './process-alive.js';
import { openJournals, readJournalSync, restoreEntriesSync, scratchDirs, type Journal } from './snapshot-journal.js';

export interface RecoveredJournal {
  journalPath: string;
  tool: string;
  pid: number;
  startedAt: number;
  /** Paths (relative to the run's root) put back to their original state. */
  restored: string[];
  /** live: its run is still going; corrupt: unreadable, left in place; failed: the restore threw, journal kept. */
  skipped?: 'live' | 'corrupt' | 'failed';
  error?: string;
}

export interface RecoverOptions {
  cwd: string;
  log?: (line: string) => void;
}

/** Restores what every interrupted run of this repository left behind. Never throws for a bad journal. */
export async function recoverJournals(opts: RecoverOptions): Promise<RecoveredJournal[]> {
  const log = opts.log ?? (() => undefined);
  const dirs = await scratchDirs(opts.cwd);
  const loaded = listJournals(dirs.journals).map((journalPath) => load(journalPath));
  // Newest first: if a run started on top of an earlier crashed run's leftovers, its "originals" are
  // that run's garbage, and the older journal must have the last word.
  loaded.sort((a, b) => (b.journal?.startedAt ?? 0) - (a.journal?.startedAt ?? 0));

  const results: RecoveredJournal[] = [];
  for (const { journalPath, journal, error } of loaded) {
    if (journal === undefined) {
      log(`left a corrupt journal in place: ${journalPath} (${error})`);
      results.push({ journalPath, tool: 'unknown', pid: 0, startedAt: 0, restored: [], skipped: 'corrupt', error });
      continue;
    }
    const base = { journalPath, tool: journal.tool, pid: journal.pid, startedAt: journal.startedAt };
    if (isLive(journalPath, journal)) {
      log(`skipped files of a ${journal.tool} run that is still running (pid ${journal.pid})`);
      results.push({ ...base, restored: [], skipped: 'live' });
      continue;
    }
    try {
      const restored = restoreEntriesSync(journal.root, journal.entries, dirs.tmp);
      // Only once the files are back: until then the journal is the only copy of the originals.
      fs.rmSync(journalPath, { force: true });
      log(describeRecovery(journal, restored));
      results.push({ ...base, restored });
    } catch (restoreError) {
      const message = restoreError instanceof Error ? restoreError.message : String(restoreError);
      log(`could not restore files of an interrupted ${journal.tool} run (pid ${journal.pid}); journal kept at ${journalPath}: ${message}`);
      results.push({ ...base, restored: [], skipped: 'failed', error: message });
    }
  }
  sweepTemps(dirs.tmp);
  return results;
}

function listJournals(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

function load(journalPath: string): { journalPath: string; journal?: Journal; error?: string } {
  try {
    return { journalPath, journal: readJournalSync(journalPath) };
  } catch (error) {
    return { journalPath, error: error instanceof Error ? error.message : String(error) };
  }
}

function isLive(journalPath: string, journal: Journal): boolean {
  if (journal.pid === process.pid) return openJournals().has(journalPath);
  // Another host's pid says nothing here; restoring originals is the safe side (its run restores them too).
  if (journal.hostname !== os.hostname()) return false;
  return isProcessAlive(journal.pid, journal.startedAt);
}

function describeRecovery(journal: Journal, restored: string[]): string {
  const run = `an interrupted ${journal.tool} run (pid ${journal.pid})`;
  if (restored.length === 0) return `removed the journal of ${run}: its files were already intact`;
  return `restored ${restored.length} file(s) left by ${run}: ${restored.join(', ')}`;
}

/** Temp names start with the writer's pid; a dead writer's temps are garbage. */
function sweepTemps(tmpDir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(tmpDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-[0-9a-f]+\.tmp$/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    fs.rmSync(path.join(tmpDir, name), { force: true });
  }
}
