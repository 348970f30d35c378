// Crash-safe snapshots of the files a tool is about to overwrite. The originals are journaled to disk
// before the first write, restored on SIGINT/SIGTERM by a synchronous cleanup, and recoverable by
// recoverJournals after a SIGKILL or power loss.

import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomicSync } from './atomic-write.js';
import { OpError } from './errors.js';
import { onInterrupt, throwIfInterrupted } from './interrupt.js';
import { isInsideRoot, resolveOnDisk, toPosix } from './paths.js';
import {
  clearNonFileSync,
  contentHash,
  deepestExistingDir,
  journalFileName,
  openJournals,
  restoreEntriesSync,
  scratchDirs,
  writeJournalSync,
  type Journal,
  type RestorableEntry,
} from './snapshot-journal.js';

export { journalDir } from './snapshot-journal.js';

export interface SnapshotEntry {
  /** Relative to the snapshot root, forward slashes. */
  path: string;
  absPath: string;
  existed: boolean;
  content: Buffer | null;
  mode: number | null;
}

export interface FileSnapshotOptions {
  root: string;
  /** Relative to root, or absolute inside it. Resolved through symlinks; anything landing outside is refused. */
  files: string[];
  /** Names the run in the journal and in recovery messages, e.g. 'consensus-fix'. */
  tool: string;
}

export class FileSnapshot {
  /** The root's real path (symlinks resolved), which may differ from the path given to create. */
  readonly root: string;
  readonly tool: string;
  /** The originals; their buffers are what restore writes back, so treat them as read-only. */
  readonly entries: ReadonlyArray<SnapshotEntry>;
  readonly journalPath: string;
  /** What the journal holds; rewritten whenever a write adds a content hash. */
  private readonly journal: Journal;
  private readonly restorable: RestorableEntry[];
  private readonly tmpDir: string;
  private readonly unregister: () => void;
  private closed = false;

  private constructor(init: { journal: Journal; journalPath: string; tmpDir: string }) {
    this.root = init.journal.root;
    this.tool = init.journal.tool;
    this.journal = init.journal;
    this.restorable = init.journal.entries;
    this.entries = this.restorable.map((e) => ({
      path: e.path,
      absPath: path.join(this.root, e.path),
      existed: e.existed,
      content: e.content,
      mode: e.mode,
    }));
    this.journalPath = init.journalPath;
    this.tmpDir = init.tmpDir;
    openJournals().add(this.journalPath);
    // Runs inside the signal handler (and at exit after a crash): put everything back right away.
    this.unregister = onInterrupt(() => {
      if (this.closed) return;
      this.restoreSync();
      this.finish();
    });
  }

  /** Reads every file and writes the journal; nothing in the tree may be touched before this resolves. */
  static async create(opts: FileSnapshotOptions): Promise<FileSnapshot> {
    throwIfInterrupted();
    const root = realRoot(opts.root);
    const restorable = readEntries(root, opts.files);
    const dirs = await scratchDirs(root);
    throwIfInterrupted();
    const journalPath = path.join(dirs.journals, journalFileName(opts.tool));
    const journal: Journal = { version: 2, tool: opts.tool, pid: process.pid, hostname: os.hostname(), startedAt: Date.now(), root, entries: restorable };
    writeJournalSync(journalPath, journal, dirs.tmp);
    // No await between writing the journal and registering its cleanup: a signal cannot fall in between.
    return new FileSnapshot({ journal, journalPath, tmpDir: dirs.tmp });
  }

  /** The original bytes of a snapshotted file (null if it did not exist). */
  original(file: string): Buffer | null {
    return this.lookup(file).content;
  }

  /**
   * Atomically replaces a snapshotted file. Synchronous inside, so an interrupt cleanup can never run
   * between the temp write and the rename and be overtaken by it. Every write of the tool to a
   * snapshotted file must come through here: recovery keeps any content it has not seen written.
   */
  async write(file: string, content: Buffer | string): Promise<void> {
    throwIfInterrupted();
    const entry = this.lookup(file);
    if (this.closed) throw new OpError(`cannot write ${entry.path}: the ${this.tool} snapshot is already closed`);
    if (!fs.existsSync(this.journalPath)) {
      throw new OpError(`cannot write ${entry.path}: the snapshot journal ${this.journalPath} is missing`);
    }
    this.journalWrite(entry, content);
    const abs = path.join(this.root, entry.path);
    clearNonFileSync(abs);
    writeFileAtomicSync(abs, content, {
      tmpDir: this.tmpDir,
      ...(entry.mode === null ? {} : { mode: entry.mode }),
    });
  }

  /**
   * Back to the original bytes and modes (only `files`, when given; a file already back is not
   * rewritten); the journal stays, since a snapshot serves many candidates.
   */
  async restore(files?: readonly string[]): Promise<string[]> {
    if (files === undefined) return this.restoreSync();
    if (this.closed) return [];
    return restoreEntriesSync(this.root, files.map((file) => this.lookup(file)), this.tmpDir);
  }

  restoreSync(): string[] {
    if (this.closed) return [];
    return restoreEntriesSync(this.root, this.restorable, this.tmpDir);
  }

  /** Restore, then drop the journal. Use in `finally`. If the restore fails the journal stays for recovery. */
  async close(): Promise<string[]> {
    if (this.closed) return [];
    const changed = this.restoreSync();
    this.finish();
    return changed;
  }

  /** Drop the journal without restoring: the tool deliberately applied its result. */
  async release(): Promise<void> {
    if (this.closed) return;
    this.finish();
  }

  private finish(): void {
    fs.rmSync(this.journalPath, { force: true });
    this.closed = true;
    openJournals().delete(this.journalPath);
    this.unregister();
  }

  /**
   * Journals the content's hash before the bytes land: a SIGKILL between the two leaves a hash
   * that was never written (harmless), never a write recovery would mistake for a person's edit.
   */
  private journalWrite(entry: RestorableEntry, content: Buffer | string): void {
    const hash = contentHash(content);
    const written = (entry.written ??= []);
    if (written.includes(hash)) return;
    written.push(hash);
    writeJournalSync(this.journalPath, this.journal, this.tmpDir);
  }

  private lookup(file: string): RestorableEntry {
    // The snapshotted spelling first: a symlink planted on that path since must not make it unknown
    // (the write replaces the link). Then where the path lands, for other spellings of a covered file.
    const lexical = toPosix(path.relative(this.root, path.resolve(this.root, file)));
    const resolved = isInsideRoot(this.root, file);
    const entry =
      this.restorable.find((e) => e.path === lexical) ??
      (resolved.ok ? this.restorable.find((e) => e.path === resolved.rel) : undefined);
    if (entry === undefined) throw new OpError(`${file} is not one of the files the ${this.tool} snapshot covers`);
    return entry;
  }
}

function realRoot(root: string): string {
  const resolved = resolveOnDisk(path.resolve(root));
  if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) {
    throw new OpError(`snapshot root ${root} is not a directory`);
  }
  return resolved;
}

function readEntries(root: string, files: readonly string[]): RestorableEntry[] {
  const entries = new Map<string, RestorableEntry>();
  for (const file of files) {
    const resolved = isInsideRoot(root, file);
    if (!resolved.ok) throw new OpError(`${file} resolves outside ${root} (${resolved.reason}); refusing to touch it`);
    if (resolved.rel === '') throw new OpError(`${file} is the root directory, not a file`);
    if (!entries.has(resolved.rel)) entries.set(resolved.rel, readEntry(root, resolved.rel, resolved.abs));
  }
  return [...entries.values()];
}

function readEntry(root: string, rel: string, abs: string): RestorableEntry {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { path: rel, existed: false, content: null, mode: null, existingDir: deepestExistingDir(root, rel), written: [] };
    }
    throw new OpError(`cannot read ${rel}: ${(error as Error).message}`, { cause: error });
  }
  if (!stat.isFile()) throw new OpError(`${rel} is not a regular file`);
  return { path: rel, existed: true, content: fs.readFileSync(abs), mode: stat.mode & 0o7777, existingDir: null, written: [] };
}
