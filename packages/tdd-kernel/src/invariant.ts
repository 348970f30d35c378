// The invariant, as a pure decision: may this file be edited now, and if not, what exactly is missing
// and which command fixes it.

import type { RefusalCode } from './event-types.js';
import type { KernelState } from './state.js';
import { targetCovers } from './globs.js';

export interface EditQuery {
  /** Relative to the root, forward slashes. */
  file: string;
  session: string | null;
  isTestFile: boolean;
  isProtected: boolean;
}

export type EditDecision =
  | { allow: true; via: 'claim'; test_ids: string[] }
  | { allow: true; via: 'test-file' | 'refactor'; test_ids: [] }
  | { allow: false; code: RefusalCode; reason: string };

export function decideEdit(state: KernelState, q: EditQuery): EditDecision {
  if (q.isProtected) {
    return {
      allow: false,
      code: 'protected',
      reason: `${q.file} belongs to tdd-kernel (its log, config, scratch or the hook settings) and cannot be edited by the agent`,
    };
  }
  if (q.isTestFile) return { allow: true, via: 'test-file', test_ids: [] };
  if (state.refactor.on) return { allow: true, via: 'refactor', test_ids: [] };

  const mine = state.claims.filter((c) => c.session === q.session && targetCovers(c.target, q.file));
  const open = mine.filter((c) => state.tests[c.test_id]?.status === 'fail');
  if (open.length > 0) return { allow: true, via: 'claim', test_ids: unique(open.map((c) => c.test_id)) };
  return refusal(state, q);
}

function refusal(state: KernelState, q: EditQuery): EditDecision & { allow: false } {
  const reds = Object.entries(state.tests)
    .filter(([, t]) => t.status === 'fail' && t.failure_kind !== 'error' && t.failure_kind !== 'not_found')
    .map(([id]) => id);
  const claimCmd = (id: string) => `\`tdd-kernel claim ${quoteArg(id)} ${quoteArg(q.file)}\``;

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
        reason: `the claim on ${q.file} for ${closed.test_id} was closed after two failed greens; run \`tdd-kernel run ${quoteArg(closed.test_id)}\` to see it red again, then ${claimCmd(closed.test_id)}`,
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
      reason: `no red test for ${q.file}: write a failing test, run \`tdd-kernel run <test_id>\` to see it fail (\`tdd-kernel run\` alone runs every test and prints each id, \`<test-file>::<describe> <test name>\`), then \`tdd-kernel claim <test_id> ${quoteArg(q.file)}\``,
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

/** Quotes a shell argument only when it needs it, so the suggested commands can be pasted. */
export function quoteArg(text: string): string {
  if (/^[\w./:@%+=,-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
