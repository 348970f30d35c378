// claim: "this edit advances this red test". Accepted only while the test's latest run is an assertion
// red on the unchanged test file; one edit_claim event per file or glob.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import type { EditClaimEvent } from '../schemas/events.js';
import { KernelUsageError } from './errors.js';
import { isGlob, isProtected } from '../project/globs.js';
import { shellQuote } from '@adlc/core';
import { relativeToRoot } from '../project/paths.js';
import { fileHash } from '../runners/files.js';
import { createRunner } from '../runners/select-runner.js';
import type { KernelState, RedContext } from './state.js';
import type { ClaimOutput } from '../schemas/outputs.js';

export type ClaimResult = ClaimOutput;

export function claim(ctx: KernelContext, testId: string, files: readonly string[]): ClaimResult {
  if (files.length === 0) throw new KernelUsageError('a claim names at least one file', 'tdd-kernel claim <test_id> <file...>');
  const targets = files.map((f) => claimTarget(ctx, f));
  const found = findRed(ctx, ctx.state(), testId, targets);
  if ('refusal' in found) return { test_id: testId, files: targets, claimed: false, reason: found.refusal };
  const ts = ctx.now();
  const events = targets.map((t): EditClaimEvent => {
    const event: EditClaimEvent = { type: 'edit_claim', test_id: testId, edit_target: t, ts };
    if (!isGlob(t)) {
      event.red_ts = found.red.ts;
      event.source_hash = fileHash(path.join(ctx.paths.root, t));
    }
    return event;
  });
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
  const found = findRed(ctx, state, testId, targets);
  return 'refusal' in found ? found.refusal : null;
}

/**
 * The red a claim rests on: the latest run must be an assertion red, and one of the reds in a row up
 * to it must have run on the content there is now (the newest that does). Bytes a red saw count
 * wherever they came from: after a flush reverts a wrong edit, the red before the edit fits again.
 * A claim closed by two failed greens needs a red run after it.
 */
function findRed(ctx: KernelContext, state: KernelState, testId: string, targets: readonly string[]): { red: RedContext } | { refusal: string } {
  const test = state.tests[testId];
  const run = `\`${ctx.cli()} run ${shellQuote(testId)}\``;
  if (!test) return { refusal: `${testId} has never run: run ${run} and see it fail first` };
  if (test.status === 'pass') return { refusal: `${testId} is green: a claim needs a red test; write or change the test so it fails, then run ${run}` };
  if (test.failure_kind === 'error') return { refusal: `${testId} fails with an error, not an assertion (a syntax, import or collection error is not a red test): fix the test so it fails on an assertion, then run ${run}` };
  if (test.failure_kind === 'not_found') return { refusal: `${testId} was not found by the runner: check the id (\`${ctx.cli()} status\` lists the known ones), then run ${run}` };
  const closedAt = closedByFailedGreens(state, testId, ctx.session);
  const reds = (test.reds ?? []).filter((r) => r.ts > closedAt).reverse();
  if (reds.length === 0) {
    const why = closedAt > 0 ? `the claim for ${testId} was closed after two failed greens` : `no red of ${testId} is known`;
    return { refusal: `${why}; run ${run} to see it red again, then claim it` };
  }
  const now = contentNow(ctx);
  const refusals = reds.map((red) => redMismatch(ctx, now, testId, red, targets));
  const fits = refusals.indexOf(null);
  return fits < 0 ? { refusal: refusals[0]! } : { red: reds[fits]! };
}

/** Why the content now is not what `red` ran on (the test file, the runner, a claimed file), or null. */
function redMismatch(ctx: KernelContext, now: ContentNow, testId: string, red: RedContext, targets: readonly string[]): string | null {
  const run = `\`${ctx.cli()} run ${shellQuote(testId)}\``;
  if (red.test_file && red.test_file_hash && now.hash(red.test_file) !== red.test_file_hash) {
    return `${red.test_file} changed since ${testId} went red, so that red no longer counts: run ${run} again`;
  }
  const runner = red.runner ? now.runner() : null;
  if (runner && runner !== red.runner) return `${testId} went red under another test command (${red.runner}), not the current one (${runner}): run ${run} again`;
  for (const target of targets) {
    if (isGlob(target)) continue;
    const recorded = red.source_hashes[target];
    // A file whose hash the red knows must have it; any other file must not be newer than the red.
    const changed = recorded !== undefined ? now.hash(target) !== recorded : modifiedAfter(path.join(ctx.paths.root, target), red.ts);
    if (changed) return `${target} changed since ${testId} went red, so that red no longer counts (it may pass now): run ${run} again`;
  }
  return null;
}

interface ContentNow {
  hash(rel: string): string | null;
  runner(): string | null;
}

/** The files' hashes and the runner key as they are now, each computed once however many reds are compared. */
function contentNow(ctx: KernelContext): ContentNow {
  const hashes = new Map<string, string | null>();
  let runner: string | null | undefined;
  return {
    hash(rel) {
      if (!hashes.has(rel)) hashes.set(rel, fileHash(path.join(ctx.paths.root, rel)));
      return hashes.get(rel) ?? null;
    },
    runner: () => (runner === undefined ? (runner = currentRunnerKey(ctx)) : runner),
  };
}

/** When this session's claim of the test was last closed by two failed greens (0: never). */
function closedByFailedGreens(state: KernelState, testId: string, session: string | null): number {
  let at = 0;
  for (const c of state.closed) if (c.test_id === testId && c.session === session && c.why === 'failed-greens') at = Math.max(at, c.closed_ts);
  return at;
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
