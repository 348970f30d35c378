// Crash safety of the end-of-turn flush. The taken turn buffer (`turn-*.jsonl.flushing-<pid>-*` in
// scratch) is the journal: before any file is reverted, the flush appends its revert plan to it. A flush
// killed before the plan gives its buffer back (the next flush runs the tests again); one killed after
// it is finished: the planned files are put back to their pre-edit bytes and the events appended once.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import type { EditRevertedEvent, KernelEvent } from '../schemas/events.js';
import { readBlob, readTurn, type TurnEntry } from './turn-buffer.js';
import { isProcessAlive, writeFileAtomicSync } from '@adlc/core';
import type { RevertedFile } from '../schemas/outputs.js';

export interface RevertPlan {
  revert_plan: true;
  flush_id: string;
  session: string | null;
  files: string[];
  failed_test_ids: string[];
  closed_test_ids: string[];
}

export type { RevertedFile };

/** `turn-<session key>.jsonl.flushing-<pid>-<ms when taken>-<hex>`; journals of older versions lack the time. */
const TAKEN = /^turn-([0-9a-f]{16}|default)\.jsonl\.flushing-(\d+)-(?:(\d+)-)?[0-9a-f]+$/;

/** Taken buffers whose flush is no longer running (its process is gone). Cheap: one readdir. */
export function interruptedFlushes(scratch: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(scratch);
  } catch {
    return [];
  }
  return names.filter((n) => {
    const m = TAKEN.exec(n);
    if (m === null || Number(m[2]) === process.pid) return false;
    // core's isProcessAlive: a zombie, or a later process that got the pid, is no live flush.
    return !isProcessAlive(Number(m[2]), m[3] === undefined ? undefined : Number(m[3]));
  }).map((n) => path.join(scratch, n));
}

/** Writes the plan into the journal (synced) before the first file is touched. */
export function writePlan(taken: string, plan: RevertPlan): void {
  const fd = fs.openSync(taken, 'a');
  try {
    fs.writeSync(fd, `${JSON.stringify(plan)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function readPlan(taken: string): RevertPlan | null {
  let text: string;
  try {
    text = fs.readFileSync(taken, 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n').reverse()) {
    try {
      const value = JSON.parse(line) as Partial<RevertPlan>;
      if (value.revert_plan === true && Array.isArray(value.files)) return value as RevertPlan;
    } catch {
      // a torn line: the plan was not complete, so nothing was reverted yet
    }
  }
  return null;
}

/** Puts each entry's file back to its pre-turn bytes and mode, or deletes it when it did not exist. Idempotent. */
export async function revertEntries(ctx: KernelContext, entries: readonly TurnEntry[]): Promise<RevertedFile[]> {
  if (entries.length === 0) return [];
  return entries.map((e) => {
    const abs = path.join(ctx.paths.root, e.file);
    if (!e.existed) fs.rmSync(abs, { force: true });
    else writeFileAtomicSync(abs, readBlob(ctx.paths.scratch, e.blob ?? ''), { tmpDir: path.join(ctx.paths.scratch, 'tmp'), ...(e.mode === null ? {} : { mode: e.mode }) });
    return { file: e.file, action: e.existed ? 'restored' : 'deleted', test_ids: e.test_ids };
  });
}

export function revertEvents(plan: RevertPlan, reverted: readonly RevertedFile[], ts: number): KernelEvent[] {
  const session = plan.session === null ? {} : { session_id: plan.session };
  return [
    ...reverted.map((r): EditRevertedEvent => ({ type: 'edit_reverted', file: r.file, action: r.action, test_ids: r.test_ids, ts, ...session })),
    { type: 'repair', failed_test_ids: plan.failed_test_ids, reverted: reverted.map((r) => r.file), closed_test_ids: plan.closed_test_ids, flush_id: plan.flush_id, ts, ...session },
  ];
}

/**
 * Finishes or gives back every interrupted flush. Returns one line per recovered flush, for stderr.
 * Called by flush and by every command before it reads the turn (the fast path only when one exists).
 */
export async function recoverInterrupted(ctx: KernelContext): Promise<string[]> {
  const notes: string[] = [];
  for (const taken of interruptedFlushes(ctx.paths.scratch)) {
    const plan = readPlan(taken);
    const live = taken.slice(0, taken.indexOf('.flushing-'));
    if (!plan) {
      // Killed before any revert: the buffer goes back, and the next flush runs the tests again.
      fs.appendFileSync(live, fs.readFileSync(taken));
      fs.rmSync(taken, { force: true });
      notes.push('an interrupted flush was found before it reverted anything: its edits are buffered again for the next flush');
      continue;
    }
    const planned = new Set(plan.files);
    const entries = readTurn(ctx.paths.scratch, null, taken).filter((e) => planned.has(e.file));
    const reverted = await revertEntries(ctx, entries);
    if (!logMentions(ctx.paths.log, plan.flush_id)) ctx.append(revertEvents(plan, reverted, ctx.now()));
    fs.rmSync(taken, { force: true });
    notes.push(`an interrupted flush was finished: reverted ${reverted.map((r) => r.file).join(', ')} (${plan.failed_test_ids.join(', ')} did not pass)`);
  }
  return notes;
}

/** The flush's events, if it got that far, are among the last lines of the log. */
function logMentions(log: string, flushId: string): boolean {
  try {
    const fd = fs.openSync(log, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 256 * 1024);
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, size - length);
      return buffer.toString('utf8').includes(`"flush_id":"${flushId}"`);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}
