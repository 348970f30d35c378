// The edit rule, as one pure decision: may this file be edited now, and if not, what exactly is missing
// and which command fixes it. The gate gathers the inputs (state, paths, what the edit does to a test
// file) and applies the answer; every rule lives here.

import type { RefusalCode } from '../schemas/events.js';
import type { KernelState } from './state.js';
import { targetCovers } from '../project/globs.js';
import { shellQuote } from '@adlc/core';

export interface EditQuery {
  /** Relative to the root, forward slashes. */
  file: string;
  session: string | null;
  isTestFile: boolean;
  isProtected: boolean;
  /** Whether the gate applies to the file (config `files`); default true. */
  isGated?: boolean;
  /** How the agent's shell runs the CLI, in the commands a refusal names (default `tdd-kernel`). */
  cli?: string;
  /** For a test file: what the edit does to it, as far as the gate could tell. Absent: not looked at. */
  change?: TestFileChange;
}

export type TestFileChange =
  /** The content after the edit is known: tests counted before and after, and a claimed test it weakens. */
  | { content: 'known'; testsBefore: number; testsAfter: number; weakening: { test_id: string; detail: string } | null }
  /** A write whose result cannot be computed (a Bash `sed -i`, a redirect, an MCP write). */
  | { content: 'unknown' };

export type EditDecision =
  | { allow: true; via: 'claim'; test_ids: string[] }
  | { allow: true; via: 'test-file' | 'refactor' | 'not-gated'; test_ids: [] }
  | { allow: false; code: RefusalCode; reason: string };

export function decideEdit(state: KernelState, q: EditQuery): EditDecision {
  if (q.isProtected) {
    return {
      allow: false,
      code: 'protected',
      reason: `${q.file} belongs to tdd-kernel (its log, config, scratch or the hook settings) and cannot be edited by the agent`,
    };
  }
  if (q.isTestFile) return testFileDecision(state, q);
  if (q.isGated === false) return { allow: true, via: 'not-gated', test_ids: [] };
  if (state.refactor.on) return { allow: true, via: 'refactor', test_ids: [] };

  const mine = state.claims.filter((c) => c.session === q.session && targetCovers(c.target, q.file));
  const open = mine.filter((c) => state.tests[c.test_id]?.status === 'fail');
  if (open.length > 0) return { allow: true, via: 'claim', test_ids: unique(open.map((c) => c.test_id)) };
  return refusal(state, q);
}

/**
 * Test files are always editable (the failing test comes first), except that a claimed test may not be
 * weakened, and in refactor mode a test file may not lose tests (a refactor that deletes tests is not one).
 */
function testFileDecision(state: KernelState, q: EditQuery): EditDecision {
  const change = q.change;
  if (change?.content === 'known') {
    if (change.weakening) {
      return { allow: false, code: 'weakens-test', reason: `this edit weakens the claimed test ${change.weakening.test_id}: ${change.weakening.detail}; a claimed test must stay as strict as when it went red (make the code pass it instead)` };
    }
    if (state.refactor.on && change.testsAfter < change.testsBefore) {
      return { allow: false, code: 'refactor-lowers-tests', reason: `in refactor mode a test file may not lose tests: ${q.file} would go from ${change.testsBefore} to ${change.testsAfter}` };
    }
  } else if (change?.content === 'unknown') {
    // Neither the test count nor the claimed test's assertions can be checked on a write whose result is unknown.
    if (state.refactor.on) {
      return { allow: false, code: 'refactor-lowers-tests', reason: `in refactor mode ${q.file} may only be changed with Edit/Write, so the kernel can check that it keeps its tests` };
    }
    const claimed = claimedTestsIn(state, q.session, q.file);
    if (claimed.length > 0) {
      return { allow: false, code: 'weakens-test', reason: `${q.file} holds the claimed test ${claimed[0]}: change it with Edit/Write, so the kernel can check that the test stays as strict` };
    }
  }
  return { allow: true, via: 'test-file', test_ids: [] };
}

/** The tests of the session's open claims that live in the test file `rel`. */
export function claimedTestsIn(state: KernelState, session: string | null, rel: string): string[] {
  const open = new Set(state.claims.filter((c) => c.session === session && state.tests[c.test_id]?.status === 'fail').map((c) => c.test_id));
  return [...open].filter((id) => (state.tests[id]?.test_file ?? (id.includes('::') ? id.slice(0, id.indexOf('::')) : null)) === rel);
}

function refusal(state: KernelState, q: EditQuery): EditDecision & { allow: false } {
  const reds = Object.entries(state.tests)
    .filter(([, t]) => t.status === 'fail' && t.failure_kind !== 'error' && t.failure_kind !== 'not_found')
    .map(([id]) => id);
  const cli = q.cli ?? 'tdd-kernel';
  const claimCmd = (id: string) => `\`${cli} claim ${shellQuote(id)} ${shellQuote(q.file)}\``;

  const others = state.claims.filter((c) => c.session !== q.session && targetCovers(c.target, q.file));
  if (others.length > 0 && reds.length > 0) {
    const id = others[0]!.test_id;
    return {
      allow: false,
      code: 'other-session',
      reason: `the claim on ${q.file} for ${id} was made in another session; claim it in this one: ${claimCmd(id)}`,
    };
  }
  const closed = [...state.closed].reverse().find((c) => c.session === q.session && targetCovers(c.target, q.file));
  if (closed) {
    const test = state.tests[closed.test_id];
    if (closed.why === 'failed-greens') {
      return {
        allow: false,
        code: 'claim-closed',
        reason: `the claim on ${q.file} for ${closed.test_id} was closed after two failed greens; run \`${cli} run ${shellQuote(closed.test_id)}\` to see it red again, then ${claimCmd(closed.test_id)}`,
      };
    }
    if (test?.status === 'fail' && test.last_red_ts !== undefined && test.last_red_ts > closed.ts) {
      return {
        allow: false,
        code: 'stale-claim',
        reason: `the claim on ${q.file} for ${closed.test_id} is older than its latest red run (the test went green in between); claim again: ${claimCmd(closed.test_id)}`,
      };
    }
  }
  if (reds.length === 0) {
    return {
      allow: false,
      code: 'no-red',
      reason: `no red test for ${q.file}: write a failing test, run \`${cli} run <test_id>\` to see it fail (\`${cli} run\` alone runs every test and prints each id, \`<test-file>::<describe> <test name>\`), then \`${cli} claim <test_id> ${shellQuote(q.file)}\``,
    };
  }
  const shown = reds.slice(0, 5);
  const more = reds.length > shown.length ? ` (and ${reds.length - shown.length} more)` : '';
  return {
    allow: false,
    code: 'no-claim',
    reason: `no claim names ${q.file}: red tests: ${shown.join(', ')}${more}; claim the one this edit advances: ${claimCmd(shown[0]!)}`,
  };
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

