// gateEdit: the edit rule (invariant.ts) applied to one file at dispatch time. It gathers the inputs and
// records the answer: on allow under a claim, the pre-edit content and the claim's tests for the flush.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import { isProtected, isTestFile } from '../project/globs.js';
import { isGated } from '../project/gated-files.js';
import { claimedTestsIn, decideEdit, type EditDecision, type TestFileChange } from './invariant.js';
import { relativeToRoot } from '../project/paths.js';
import { addPending } from '../turn/pending-edits.js';
import type { KernelState } from './state.js';
import { countTests } from './test-count.js';
import { bufferEdit } from '../turn/turn-buffer.js';
import { findWeakening } from './test-weakening.js';
import type { CheckOutput } from '../schemas/outputs.js';

export interface GateOptions {
  /** The content the file will have after the edit, when known: checked for weakening a claimed test. */
  newContent?: string;
  /** The tool asking (Edit, Write, Bash, ...), recorded in the event. */
  tool?: string;
  /**
   * What to do with an edit allowed under a claim: `true` (default) records the pre-edit content in the
   * turn buffer now (the CLI's `check`, which has no after-step); `'pending'` records it as pending until
   * `confirmEdit` / PostToolUse says the edit happened; `false` records nothing.
   */
  buffer?: boolean | 'pending';
  /** The tool call's id, matched by the confirmation (Claude Code's tool_use_id). */
  toolUseId?: string;
  /** The edit writes the file in a way whose result cannot be computed (a Bash sed -i, a redirect). */
  contentUnknown?: boolean;
}

/** What `check --json` prints. */
export type GateResult = CheckOutput;

export function gateEdit(ctx: KernelContext, file: string, opts: GateOptions = {}): GateResult {
  const rel = relativeToRoot(ctx.paths.root, file);
  if (rel === null) {
    // Outside the project: not a source file of this project (temp files, other checkouts).
    return { file: path.resolve(ctx.paths.root, file), decision: 'allow', via: 'outside-root', test_ids: [] };
  }
  const state = ctx.state();
  const testFile = isTestFile(rel, ctx.config);
  const protectedFile = isProtected(rel, ctx.logRel);
  const change = testFile && !protectedFile ? testFileChange(ctx, state, rel, opts) : undefined;
  const gated = testFile || protectedFile || isGated(rel, ctx.config, ctx.paths.scratch);
  const decision = decideEdit(state, { file: rel, session: ctx.session, isTestFile: testFile, isProtected: protectedFile, isGated: gated, cli: ctx.cli(), ...(change ? { change } : {}) });
  return applyDecision(ctx, rel, decision, opts);
}

/** Records the decision: on allow under a claim the pre-edit content (buffered or pending), then the event. */
function applyDecision(ctx: KernelContext, rel: string, decision: EditDecision, opts: GateOptions): GateResult {
  const ts = ctx.now();
  const tool = opts.tool === undefined ? {} : { tool: opts.tool };
  if (decision.allow) {
    if (decision.via === 'claim' && opts.buffer === 'pending') addPending(ctx.paths.scratch, ctx.session, ctx.paths.root, rel, decision.test_ids, ts, opts.toolUseId);
    else if (decision.via === 'claim' && opts.buffer !== false) bufferEdit(ctx.paths.scratch, ctx.session, ctx.paths.root, rel, decision.test_ids, ts);
    ctx.append([{ type: 'edit_allowed', file: rel, via: decision.via, test_ids: decision.test_ids, ts, ...tool }]);
    return { file: rel, decision: 'allow', via: decision.via, test_ids: decision.test_ids };
  }
  // --mode warn reports the refusal and lets the edit through; the kernel's own files stay protected.
  const warned = ctx.mode === 'warn' && decision.code !== 'protected';
  ctx.append([{ type: 'edit_refused', file: rel, code: decision.code, reason: decision.reason, ts, ...tool, ...(warned ? { warned: true } : {}) }]);
  return { file: rel, decision: warned ? 'allow' : 'deny', test_ids: [], code: decision.code, reason: decision.reason, ...(warned ? { warned: true } : {}) };
}

/** What the edit does to the test file `rel`: tests before and after, and which claimed test it weakens. */
function testFileChange(ctx: KernelContext, state: KernelState, rel: string, opts: GateOptions): TestFileChange | undefined {
  if (opts.newContent === undefined) return opts.contentUnknown ? { content: 'unknown' } : undefined;
  const oldContent = readText(path.join(ctx.paths.root, rel));
  if (oldContent === null) return { content: 'known', testsBefore: 0, testsAfter: countTests(opts.newContent), weakening: null };
  return {
    content: 'known',
    testsBefore: countTests(oldContent),
    testsAfter: countTests(opts.newContent),
    weakening: claimedWeakening(claimedTestsIn(state, ctx.session, rel), rel, oldContent, opts.newContent),
  };
}

/** The first claimed test of the file that the new content deletes, skips, out-focuses or strips of assertions. */
function claimedWeakening(claimed: readonly string[], rel: string, oldContent: string, newContent: string): { test_id: string; detail: string } | null {
  for (const id of claimed) {
    const slug = id.includes('::') ? undefined : id;
    const found = findWeakening(oldContent, newContent, slug ? `${rel}::` : id, slug, rel.endsWith('.py'));
    if (found) return { test_id: id, detail: found.detail };
  }
  return null;
}

function readText(abs: string): string | null {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}
