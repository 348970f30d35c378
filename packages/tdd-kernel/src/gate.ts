// gateEdit: the invariant applied to one file at dispatch time. On allow under a claim, the pre-edit
// content is recorded and the claim's tests buffered for the end-of-turn flush.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from './context.js';
import type { RefusalCode } from './event-types.js';
import { isProtected, isTestFile } from './globs.js';
import { decideEdit } from './invariant.js';
import { relativeToRoot } from './project.js';
import { addPending } from './pending.js';
import { bufferEdit } from './turn.js';
import { findWeakening } from './weaken.js';

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

export interface GateResult {
  file: string;
  decision: 'allow' | 'deny';
  via?: 'claim' | 'test-file' | 'refactor' | 'outside-root';
  test_ids: string[];
  code?: RefusalCode;
  reason?: string;
  /** --mode warn: the invariant refused, the edit was let through. */
  warned?: boolean;
}

export function gateEdit(ctx: KernelContext, file: string, opts: GateOptions = {}): GateResult {
  const rel = relativeToRoot(ctx.paths.root, file);
  if (rel === null) {
    // Outside the project: not a source file of this project (temp files, other checkouts).
    return { file: path.resolve(ctx.paths.root, file), decision: 'allow', via: 'outside-root', test_ids: [] };
  }
  const state = ctx.state();
  const testFile = isTestFile(rel, ctx.config);
  let decision = decideEdit(state, { file: rel, session: ctx.session, isTestFile: testFile, isProtected: isProtected(rel, ctx.logRel) });
  if (decision.allow && testFile && opts.newContent !== undefined) {
    const weakening = weakensClaimedTest(ctx, rel, opts.newContent);
    if (weakening) decision = { allow: false, code: 'weakens-test', reason: weakening };
    else if (state.refactor.on) {
      const lost = lostTests(ctx, rel, opts.newContent);
      if (lost) decision = { allow: false, code: 'refactor-lowers-tests', reason: lost };
    }
  } else if (decision.allow && testFile && opts.contentUnknown) {
    // The test count or the claimed test's assertions cannot be checked on a write whose result is unknown.
    if (state.refactor.on) decision = { allow: false, code: 'refactor-lowers-tests', reason: `in refactor mode ${rel} may only be changed with Edit/Write, so the kernel can check that it keeps its tests` };
    else if (claimedTestsIn(ctx, rel).length > 0) decision = { allow: false, code: 'weakens-test', reason: `${rel} holds the claimed test ${claimedTestsIn(ctx, rel)[0]}: change it with Edit/Write, so the kernel can check that the test stays as strict` };
  }
  const ts = ctx.now();
  const tool = opts.tool === undefined ? {} : { tool: opts.tool };
  if (decision.allow) {
    if (decision.via === 'claim' && opts.buffer === 'pending') addPending(ctx.paths.scratch, ctx.session, ctx.paths.root, rel, decision.test_ids, ts, opts.toolUseId);
    else if (decision.via === 'claim' && opts.buffer !== false) bufferEdit(ctx.paths.scratch, ctx.session, ctx.paths.root, rel, decision.test_ids, ts);
    ctx.append([{ type: 'edit_allowed', file: rel, via: decision.via, test_ids: decision.test_ids, ts, ...tool }]);
    return { file: rel, decision: 'allow', via: decision.via, test_ids: decision.test_ids };
  }
  const warned = ctx.mode === 'warn' && decision.code !== 'protected';
  ctx.append([{ type: 'edit_refused', file: rel, code: decision.code, reason: decision.reason, ts, ...tool, ...(warned ? { warned: true } : {}) }]);
  return { file: rel, decision: warned ? 'allow' : 'deny', test_ids: [], code: decision.code, reason: decision.reason, ...(warned ? { warned: true } : {}) };
}

const TEST_DECL = /(?:^|[^.\w])(?:it|test)(?:\.each\s*\([^)]*\))?\s*\(|^\s*(?:async\s+)?def\s+test\w*\s*\(/gm;

/** Refactor mode permits edits but not fewer tests: a refactor that deletes tests is not a refactor. */
function lostTests(ctx: KernelContext, rel: string, newContent: string): string | null {
  let oldContent: string;
  try {
    oldContent = fs.readFileSync(path.join(ctx.paths.root, rel), 'utf8');
  } catch {
    return null;
  }
  const before = [...oldContent.matchAll(TEST_DECL)].length;
  const after = [...newContent.matchAll(TEST_DECL)].length;
  return after < before ? `in refactor mode a test file may not lose tests: ${rel} would go from ${before} to ${after}` : null;
}

/** While a claim is open, its test may not be deleted, skipped, out-focused or stripped of assertions. */
function weakensClaimedTest(ctx: KernelContext, rel: string, newContent: string): string | null {
  const claimed = claimedTestsIn(ctx, rel);
  if (claimed.length === 0) return null;
  let oldContent: string;
  try {
    oldContent = fs.readFileSync(path.join(ctx.paths.root, rel), 'utf8');
  } catch {
    return null;
  }
  for (const id of claimed) {
    const slug = id.includes('::') ? undefined : id;
    const nativeLike = slug ? `${rel}::` : id;
    const found = findWeakening(oldContent, newContent, nativeLike, slug, rel.endsWith('.py'));
    if (found) return `this edit weakens the claimed test ${id}: ${found.detail}; a claimed test must stay as strict as when it went red (make the code pass it instead)`;
  }
  return null;
}

/** The tests of this session's open claims that live in the test file `rel`. */
function claimedTestsIn(ctx: KernelContext, rel: string): string[] {
  const state = ctx.state();
  const open = new Set(state.claims.filter((c) => c.session === ctx.session && state.tests[c.test_id]?.status === 'fail').map((c) => c.test_id));
  return [...open].filter((id) => (state.tests[id]?.test_file ?? (id.includes('::') ? id.slice(0, id.indexOf('::')) : null)) === rel);
}
