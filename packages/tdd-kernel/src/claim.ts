// claim: "this edit advances this red test". Accepted only while the test's latest run is an assertion
// red on the unchanged test file; one edit_claim event per file or glob.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from './context.js';
import type { EditClaimEvent } from './event-types.js';
import { KernelUsageError } from './errors.js';
import { isGlob, isProtected } from './globs.js';
import { shellQuote } from '@adlc/core/light';
import { relativeToRoot } from './project.js';
import { fileHash } from './runners/files.js';
import { createRunner } from './runners/index.js';
import type { KernelState } from './state.js';

export interface ClaimResult {
  test_id: string;
  files: string[];
  claimed: boolean;
  reason?: string;
}

export function claim(ctx: KernelContext, testId: string, files: readonly string[]): ClaimResult {
  if (files.length === 0) throw new KernelUsageError('a claim names at least one file', 'tdd-kernel claim <test_id> <file...>');
  const targets = files.map((f) => claimTarget(ctx, f));
  const state = ctx.state();
  const refusal = claimRefusal(ctx, state, testId, targets);
  if (refusal) return { test_id: testId, files: targets, claimed: false, reason: refusal };
  const ts = ctx.now();
  const events = targets.map((t): EditClaimEvent => ({ type: 'edit_claim', test_id: testId, edit_target: t, ts }));
  ctx.append(events);
  return { test_id: testId, files: targets, claimed: true };
}

function claimTarget(ctx: KernelContext, file: string): string {
  if (isGlob(file)) {
    const glob = file.replaceAll('\\', '/').replace(/^\.\//, '');
    if (path.isAbsolute(glob) || glob.split('/').includes('..')) throw new KernelUsageError(`claim glob ${file} must be relative to the project root, without ..`);
    return glob;
  }
  const rel = relativeToRoot(ctx.paths.root, file);
  if (rel === null || rel === '') throw new KernelUsageError(`${file} is outside the project root ${ctx.paths.root}`, 'claim files inside the project');
  if (isProtected(rel, ctx.logRel)) throw new KernelUsageError(`${rel} belongs to tdd-kernel and cannot be claimed`);
  return rel;
}

/**
 * Why the test cannot be claimed now, or null. The red is a cache entry keyed by (test_id, runner
 * command) and valid only while the test file and the claimed files are what they were when it ran:
 * a red never outlives an edit (`tdd-kernel run` always executes, and refreshes it).
 */
export function claimRefusal(ctx: KernelContext, state: KernelState, testId: string, targets: readonly string[] = []): string | null {
  const test = state.tests[testId];
  const run = `\`tdd-kernel run ${shellQuote(testId)}\``;
  if (!test) return `${testId} has never run: run ${run} and see it fail first`;
  if (test.status === 'pass') return `${testId} is green: a claim needs a red test; write or change the test so it fails, then run ${run}`;
  if (test.failure_kind === 'error') return `${testId} fails with an error, not an assertion (a syntax, import or collection error is not a red test): fix the test so it fails on an assertion, then run ${run}`;
  if (test.failure_kind === 'not_found') return `${testId} was not found by the runner: check the id (\`tdd-kernel status\` lists the known ones), then run ${run}`;
  if (test.test_file && test.test_file_hash) {
    const now = fileHash(path.join(ctx.paths.root, test.test_file));
    if (now !== test.test_file_hash) return `${test.test_file} changed since ${testId} went red, so that red no longer counts: run ${run} again`;
  }
  const runner = test.runner ? currentRunnerKey(ctx) : null;
  if (runner && runner !== test.runner) return `${testId} went red under another test command (${test.runner}), not the current one (${runner}): run ${run} again`;
  for (const target of targets) {
    if (isGlob(target)) continue;
    const abs = path.join(ctx.paths.root, target);
    const recorded = test.source_hashes?.[target];
    // A file claimed before the red has its hash recorded; any other file must not be newer than the red.
    const changed = recorded !== undefined ? fileHash(abs) !== recorded : modifiedAfter(abs, test.last_red_ts ?? test.ts);
    if (changed) return `${target} changed since ${testId} went red, so that red no longer counts (it may pass now): run ${run} again`;
  }
  return null;
}

function modifiedAfter(abs: string, ts: number): boolean {
  try {
    return fs.statSync(abs).mtimeMs > ts;
  } catch {
    return false; // does not exist yet: a claim may name a file the edit will create
  }
}

function currentRunnerKey(ctx: KernelContext): string | null {
  try {
    return (ctx.runner ?? createRunner(ctx.paths.root, ctx.config))?.key ?? null;
  } catch {
    return null;
  }
}
