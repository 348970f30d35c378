// The on-disk journal of a file snapshot, where it lives, and the one restore routine shared by a
// live snapshot and by crash recovery. Journals and temps live under the git common dir (or the OS
// temp dir outside git), never in the working tree.

import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { writeFileAtomicSync } from './atomic-write.js';
import { git } from './git.js';
import { isWithin } from './paths.js';

export interface ScratchDirs {
  journals: string;
  /** Temps of atomic writes; on the working tree's filesystem when it is under the git dir. */
  tmp: string;
  /** Originals recovery could not put back because a person changed the file since (one folder per journal). */
  originals: string;
}

/** Scratch directories for the repository containing `cwd` (shared by its worktrees). */
export async function scratchDirs(cwd: string): Promise<ScratchDirs> {
  let common: string | null = null;
  try {
    common = await git.commonDir(cwd);
  } catch {
    // Not a git repository: fall back to the OS temp dir, keyed by the directory's real path.
  }
  if (common !== null) {
    const base = path.join(common, 'adlc');
    return { journals: path.join(base, 'journals'), tmp: path.join(base, 'tmp'), originals: path.join(base, 'originals') };
  }
  const key = createHash('sha1').update(await realpath(cwd)).digest('hex');
  return {
    journals: path.join(os.tmpdir(), 'adlc-journals', key),
    tmp: path.join(os.tmpdir(), 'adlc-tmp', key),
    originals: path.join(os.tmpdir(), 'adlc-originals', key),
  };
}

/** Where journals live for the repository containing `cwd`. */
export async function journalDir(cwd: string): Promise<string> {
  return (await scratchDirs(cwd)).journals;
}

// On globalThis so recovery in a duplicated copy of this package still sees this process's open journals.
const OPEN_JOURNALS_KEY = Symbol.for('adlc.openJournals');

/** Journals of snapshots open in this process: never "recovered" from under a live snapshot. */
export function openJournals(): Set<string> {
  const holder = globalThis as typeof globalThis & { [OPEN_JOURNALS_KEY]?: Set<string> };
  holder[OPEN_JOURNALS_KEY] ??= new Set();
  return holder[OPEN_JOURNALS_KEY];
}

export interface RestorableEntry {
  /** Repository-relative, forward slashes. */
  path: string;
  existed: boolean;
  content: Buffer | null;
  mode: number | null;
  /** For a file that did not exist: its deepest ancestor that did ('' = root), so created directories can go too. */
  existingDir: string | null;
  /**
   * sha256 (hex) of every content the run wrote to this file, journaled before each write lands, so
   * recovery can tell the run's leftovers from a person's later edit. null: a version 1 journal, which
   * did not record them.
   */
  written: string[] | null;
}

/** The hash the journal records for a content the run writes. */
export function contentHash(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface Journal {
  /** 2 records the hashes of the run's writes; 1 (older runs) does not, and is still recovered. */
  version: 1 | 2;
  tool: string;
  pid: number;
  hostname: string;
  startedAt: number;
  root: string;
  entries: RestorableEntry[];
}

const relativePath = z
  .string()
  .min(1)
  .refine((p) => !path.isAbsolute(p) && !p.split('/').includes('..'), 'must stay inside the root');

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 in hex');

const journalSchema = z
  .object({
    version: z.union([z.literal(1), z.literal(2)]),
    tool: z.string().min(1),
    pid: z.number().int().positive(),
    hostname: z.string(),
    startedAt: z.number(),
    root: z.string().refine((p) => path.isAbsolute(p), 'must be absolute'),
    entries: z.array(
      z
        .object({
          path: relativePath,
          existed: z.boolean(),
          mode: z.number().int().min(0).max(0o7777).nullable(),
          content: z.string().nullable(),
          existingDir: z.string().nullable(),
          written: z.array(sha256Hex).optional(),
        })
        .refine((e) => !e.existed || e.content !== null, 'an existing file needs its content'),
    ),
  })
  .refine((j) => j.version === 1 || j.entries.every((e) => e.written !== undefined), 'a version 2 journal lists the hashes written to every file');

export function journalFileName(tool: string): string {
  const safeTool = tool.replace(/[^A-Za-z0-9._-]/g, '-');
  return `${safeTool}-${process.pid}-${randomBytes(4).toString('hex')}.json`;
}

/** Atomic and fsynced: the journal is either complete on disk or absent, never half-written. */
export function writeJournalSync(journalPath: string, journal: Journal, tmpDir: string): void {
  const json = JSON.stringify({
    ...journal,
    entries: journal.entries.map(({ written, ...e }) => ({
      ...e,
      content: e.content === null ? null : e.content.toString('base64'),
      ...(written === null ? {} : { written }),
    })),
  });
  fs.mkdirSync(path.dirname(journalPath), { recursive: true });
  writeFileAtomicSync(journalPath, json, { tmpDir, mode: 0o600 });
}

/** Parses and validates a journal; throws with a readable reason when it is corrupt. */
export function readJournalSync(journalPath: string): Journal {
  const parsed = journalSchema.safeParse(JSON.parse(fs.readFileSync(journalPath, 'utf8')));
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { version } = parsed.data;
  return {
    ...parsed.data,
    entries: parsed.data.entries.map((e) => ({
      ...e,
      content: e.content === null ? null : Buffer.from(e.content, 'base64'),
      // A version 1 journal knows nothing of the run's writes, whatever a stray field says.
      written: version === 1 ? null : (e.written ?? []),
    })),
  };
}

/**
 * Puts every entry back to its original bytes and mode, deleting files that did not exist.
 * Synchronous on purpose: it runs inside signal handlers, and no async write can interleave with it.
 * Idempotent; returns the paths it actually changed.
 */
export function restoreEntriesSync(root: string, entries: readonly RestorableEntry[], tmpDir: string): string[] {
  // A root that is gone (a removed worktree) must not be recreated by mkdir -p; the journal stays.
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${root} no longer exists`);
  const changed: string[] = [];
  for (const entry of entries) {
    const abs = path.join(root, entry.path);
    if (!isWithin(root, abs)) throw new Error(`refusing to restore ${entry.path}: outside ${root}`);
    const current = inspect(abs);
    if (entry.existed) {
      const original = entry.content as Buffer;
      if (current.kind === 'file' && current.mode === entry.mode && fs.readFileSync(abs).equals(original)) continue;
      clearNonFileSync(abs);
      writeFileAtomicSync(abs, original, { tmpDir, ...(entry.mode === null ? {} : { mode: entry.mode }) });
      changed.push(entry.path);
    } else {
      if (current.kind === 'missing') continue;
      fs.rmSync(abs, { recursive: true, force: true });
      removeCreatedDirs(root, entry);
      changed.push(entry.path);
    }
  }
  return changed;
}

/**
 * Removes a symlink or directory standing where a snapshotted file belongs (something a test
 * command may have put there), so a write replaces it instead of following it out of the tree.
 */
export function clearNonFileSync(abs: string): void {
  if (inspect(abs).kind === 'other') fs.rmSync(abs, { recursive: true, force: true });
}

type Inspection = { kind: 'missing' } | { kind: 'file'; mode: number } | { kind: 'other' };

function inspect(abs: string): Inspection {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(abs);
  } catch {
    return { kind: 'missing' };
  }
  return stat.isFile() ? { kind: 'file', mode: stat.mode & 0o7777 } : { kind: 'other' };
}

/** Removes now-empty directories a candidate created for a new file, up to the ancestor that existed. */
function removeCreatedDirs(root: string, entry: RestorableEntry): void {
  if (entry.existingDir === null) return;
  const stop = path.join(root, entry.existingDir);
  for (let dir = path.dirname(path.join(root, entry.path)); dir !== stop && isWithin(stop, dir); dir = path.dirname(dir)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      return; // not empty (or already gone): someone else's files live there
    }
  }
}

/** The deepest ancestor directory of `rel` that exists now, relative to root ('' for the root). */
export function deepestExistingDir(root: string, rel: string): string {
  let dir = path.posix.dirname(rel);
  while (dir !== '.' && !fs.existsSync(path.join(root, dir))) dir = path.posix.dirname(dir);
  return dir === '.' ? '' : dir;
}
