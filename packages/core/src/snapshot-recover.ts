// Recovery after a run that could not clean up (SIGKILL, power loss, a crash in a signal handler):
// restores the files its journal lists, unless a person changed one since (that one is kept, and its
// original saved beside the journals), then deletes the journal, and sweeps stranded temp files.

import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomicSync } from './atomic-write.js';
import { isProcessAlive } from './process-alive.js';
import { decideRecovery, type CurrentFile, type KeptState } from './recovery-decision.js';
import { shellQuote } from './shell-quote.js';
import {
  contentHash,
  openJournals,
  readJournalSync,
  restoreEntriesSync,
  scratchDirs,
  type Journal,
  type RestorableEntry,
  type ScratchDirs,
} from './snapshot-journal.js';

export type { KeptState } from './recovery-decision.js';

/** A file recovery left as a person changed it after the killed run. */
export interface KeptFile {
  /** Relative to the run's root, forward slashes. */
  path: string;
  /** Where it is in the working tree (absolute). */
  file: string;
  now: KeptState;
  /** Where its content from before the run was saved (absolute, under the git dir); null when it did not exist then. */
  saved: string | null;
}

export interface RecoveredJournal {
  journalPath: string;
  tool: string;
  pid: number;
  startedAt: number;
  /** Paths (relative to the run's root) put back to their original state. */
  restored: string[];
  /** Files a person changed after the run was killed: left as they are, their originals saved. */
  kept: KeptFile[];
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
      results.push({ journalPath, tool: 'unknown', pid: 0, startedAt: 0, restored: [], kept: [], skipped: 'corrupt', error });
      continue;
    }
    const base = { journalPath, tool: journal.tool, pid: journal.pid, startedAt: journal.startedAt };
    if (isLive(journalPath, journal)) {
      log(`skipped files of a ${journal.tool} run that is still running (pid ${journal.pid})`);
      results.push({ ...base, restored: [], kept: [], skipped: 'live' });
      continue;
    }
    try {
      const { restored, kept } = recoverFiles(journalPath, journal, dirs);
      // Only once the files are back and the kept ones' originals saved: until then the journal is the only copy.
      fs.rmSync(journalPath, { force: true });
      for (const line of describeRecovery(journal, restored, kept)) log(line);
      results.push({ ...base, restored, kept });
    } catch (restoreError) {
      const message = restoreError instanceof Error ? restoreError.message : String(restoreError);
      log(`could not restore files of an interrupted ${journal.tool} run (pid ${journal.pid}); journal kept at ${journalPath}: ${message}`);
      results.push({ ...base, restored: [], kept: [], skipped: 'failed', error: message });
    }
  }
  sweepTemps(dirs.tmp);
  return results;
}

/** Saves the originals of the files a person changed since (before touching anything), then restores the rest. */
function recoverFiles(journalPath: string, journal: Journal, dirs: ScratchDirs): { restored: string[]; kept: KeptFile[] } {
  // A root that is gone (a removed worktree) must not be recreated; the journal stays.
  if (!fs.statSync(journal.root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${journal.root} no longer exists`);
  const savedDir = path.join(dirs.originals, path.basename(journalPath, '.json'));
  const toRestore: RestorableEntry[] = [];
  const kept: KeptFile[] = [];
  for (const entry of journal.entries) {
    const abs = path.join(journal.root, entry.path);
    const originalHash = entry.content === null ? null : contentHash(entry.content);
    const decision = decideRecovery({ existed: entry.existed, originalHash, written: entry.written }, currentFile(abs));
    if (decision.action === 'restore') toRestore.push(entry);
    else kept.push({ path: entry.path, file: abs, now: decision.now, saved: saveOriginal(entry, savedDir, dirs.tmp) });
  }
  return { restored: restoreEntriesSync(journal.root, toRestore, dirs.tmp), kept };
}

function currentFile(abs: string): CurrentFile {
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (stat === undefined) return { kind: 'missing' };
  return stat.isFile() ? { kind: 'file', hash: contentHash(fs.readFileSync(abs)) } : { kind: 'other' };
}

/** The original of a kept file, outside the working tree so `git status` stays the person's own. */
function saveOriginal(entry: RestorableEntry, savedDir: string, tmpDir: string): string | null {
  if (entry.content === null) return null;
  const saved = path.join(savedDir, entry.path);
  writeFileAtomicSync(saved, entry.content, { tmpDir, ...(entry.mode === null ? {} : { mode: entry.mode }) });
  return saved;
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

function describeRecovery(journal: Journal, restored: string[], kept: KeptFile[]): string[] {
  const run = `an interrupted ${journal.tool} run (pid ${journal.pid})`;
  if (restored.length === 0 && kept.length === 0) return [`removed the journal of ${run}: its files were already intact`];
  const lines = restored.length === 0 ? [] : [`restored ${restored.length} file(s) left by ${run}: ${restored.join(', ')}`];
  return [...lines, ...kept.map((k) => describeKept(k, run))];
}

function describeKept(kept: KeptFile, run: string): string {
  const what = { changed: 'changed', missing: 'deleted', 'not-a-file': 'replaced by something that is not a file' }[kept.now];
  const head = `kept ${kept.path} as it is: it was ${what} after ${run} ended`;
  if (kept.saved === null) return `${head}; it did not exist before that run (delete it to go back)`;
  const [saved, file] = [shellQuote(kept.saved), shellQuote(kept.file)];
  const how = kept.now === 'missing' ? `bring it back: cp ${saved} ${file}` : `compare: git diff --no-index ${saved} ${file}`;
  return `${head}; its content from before that run is saved at ${kept.saved} (${how})`;
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
