// The compact state kept beside the log (in scratch): the folded state plus the log offset it covers.
// Loading reads only the log bytes appended since, so the hook's cost does not grow with the log.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelEvent } from '../schemas/events.js';
import { appendEvents, readEventsFrom } from './log.js';
import type { ProjectPaths } from '../project/paths.js';
import { sha1Hex, writeFileAtomicSync } from '@adlc/core';
import { applyEvent, emptyState, type KernelState } from './state.js';

/** Raised when the folded state's shape changes (2: reds per test), so an older state file is refolded. */
const STATE_VERSION = 2;
/** Bytes before the covered offset whose hash must still match: a log replaced by another one is refolded. */
const FINGERPRINT_BYTES = 256;
/**
 * Uncovered log bytes from which a load writes the state file again. Below it the tail is simply folded
 * again at the next load: a hook that appends one refusal per call would otherwise serialise and write the
 * whole state (tens of kilobytes with a few hundred tests) on every call, to save reading one line.
 */
export const STATE_REWRITE_BYTES = 32 * 1024;

/**
 * Whether a load that folded the log from `start` to `end` writes the state file (`cached`: it had a valid
 * one). A tail with corrupt lines is covered at once, so their warnings are given once, not at every load.
 */
export function shouldRewriteState(cached: boolean, start: number, end: number, corruptLines: number): boolean {
  return end !== start && (!cached || corruptLines > 0 || end - start >= STATE_REWRITE_BYTES);
}

interface StateFile {
  version: number;
  log: string;
  offset: number;
  fingerprint: string;
  corrupt: number;
  state: KernelState;
}

export interface LoadedState {
  state: KernelState;
  /** Warnings about corrupt lines met while catching up (not repeated for lines already covered). */
  warnings: string[];
  /** Corrupt lines skipped in the whole log so far. */
  corrupt: number;
}

export function stateFilePath(paths: ProjectPaths): string {
  return path.join(paths.scratch, 'state.json');
}

export function loadState(paths: ProjectPaths): LoadedState {
  const cached = readStateFile(paths);
  let size: number;
  try {
    size = fs.statSync(paths.log).size;
  } catch {
    return { state: emptyState(), warnings: [], corrupt: 0 };
  }
  let base: StateFile | null = cached;
  if (base && (base.offset > size || fingerprint(paths.log, base.offset) !== base.fingerprint)) base = null;
  const start = base?.offset ?? 0;
  const state = base?.state ?? emptyState();
  let corrupt = base?.corrupt ?? 0;
  if (start === size) return { state, warnings: [], corrupt };
  const read = readEventsFrom(paths.log, start);
  for (const event of read.events) applyEvent(state, event);
  corrupt += read.warnings.length;
  if (shouldRewriteState(base !== null, start, read.end, read.warnings.length)) {
    writeStateFile(paths, { version: STATE_VERSION, log: paths.log, offset: read.end, fingerprint: fingerprint(paths.log, read.end), corrupt, state });
  }
  return { state, warnings: read.warnings, corrupt };
}

/** Appends events to the log. The state file catches up on the next load (another writer may be between). */
export function recordEvents(paths: ProjectPaths, events: readonly KernelEvent[]): void {
  appendEvents(paths.log, events);
}

function readStateFile(paths: ProjectPaths): StateFile | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(stateFilePath(paths), 'utf8')) as StateFile;
    if (parsed.version !== STATE_VERSION || parsed.log !== paths.log || typeof parsed.offset !== 'number') return null;
    if (typeof parsed.state !== 'object' || parsed.state === null || !Array.isArray(parsed.state.claims)) return null;
    return parsed;
  } catch {
    return null;
  }
}

/** Atomic (temp + rename): concurrent writers each leave a whole, valid state for some offset. */
function writeStateFile(paths: ProjectPaths, file: StateFile): void {
  try {
    writeFileAtomicSync(stateFilePath(paths), JSON.stringify(file), { durable: false });
  } catch {
    // The state file is only a cache: the next load refolds from the log.
  }
}

function fingerprint(logPath: string, offset: number): string {
  if (offset === 0) return '';
  const length = Math.min(FINGERPRINT_BYTES, offset);
  const buffer = Buffer.alloc(length);
  const fd = fs.openSync(logPath, 'r');
  try {
    fs.readSync(fd, buffer, 0, length, offset - length);
  } finally {
    fs.closeSync(fd);
  }
  return sha1Hex(buffer);
}
