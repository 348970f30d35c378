// The compact state the gate decides on, folded from the events (pure). It is what the hook reads
// instead of the whole log: latest run per test, open claims, refactor mode.

import type { EditClaimEvent, FailureKind, KernelEvent, TestIdSource, TestRunEvent } from '../schemas/events.js';

export interface TestStatus {
  status: 'pass' | 'fail';
  failure_kind?: FailureKind;
  reason?: 'missing';
  ts: number;
  command: string;
  source: TestIdSource;
  test_file?: string;
  test_file_hash?: string;
  runner?: string;
  titles?: string[];
  /** ts of the latest assertion red, which is what a claim must follow. */
  last_red_ts?: number;
  /**
   * While the latest run is an assertion red: the reds in a row up to it (oldest first, at most
   * MAX_REDS), each with the content it ran on. A claim may rest on any of them whose content is
   * back (a flush's red saw the wrong edit; after the revert, the red before it fits again).
   */
  reds?: RedContext[];
}

/** What an assertion red ran on: the test file, the runner, and the claimed files (their sha1, null: absent). */
export interface RedContext {
  ts: number;
  test_file?: string;
  test_file_hash?: string;
  runner?: string;
  /** Files claimed for the test when it ran, and files claimed later on this red (their hash at the claim). */
  source_hashes: Record<string, string | null>;
}

export interface Claim {
  test_id: string;
  /** A path relative to the root, or a glob. */
  target: string;
  session: string | null;
  ts: number;
  /** Flushes that went red for this claim in a row; the second one closes it. */
  failed_greens: number;
}

export interface ClosedClaim extends Claim {
  closed_ts: number;
  why: 'green' | 'failed-greens';
}

export interface KernelState {
  tests: Record<string, TestStatus>;
  claims: Claim[];
  /** The most recent closed claim per (test, target, session): lets a refusal say why a claim no longer counts. */
  closed: ClosedClaim[];
  refactor: { on: boolean; since?: number; test_count?: number };
  events: number;
}

export function emptyState(): KernelState {
  return { tests: {}, claims: [], closed: [], refactor: { on: false }, events: 0 };
}

const MAX_CLOSED = 200;
/** Reds in a row kept per test: enough for a claim's two tries and the reds between them. */
export const MAX_REDS = 8;

/** Applies one event. Mutates and returns `state` (the fold runs over 100,000s of events). */
export function applyEvent(state: KernelState, event: KernelEvent): KernelState {
  state.events += 1;
  switch (event.type) {
    case 'test_run': {
      const previous = state.tests[event.test_id];
      const red = event.status === 'fail' && event.failure_kind !== 'error' && event.failure_kind !== 'not_found';
      const entry: TestStatus = {
        status: event.status,
        ts: event.ts,
        command: event.command,
        source: event.test_id_source,
      };
      if (event.failure_kind) entry.failure_kind = event.failure_kind;
      if (event.reason) entry.reason = event.reason;
      if (event.test_file) entry.test_file = event.test_file;
      if (event.test_file_hash) entry.test_file_hash = event.test_file_hash;
      if (event.runner) entry.runner = event.runner;
      if (event.titles) entry.titles = event.titles;
      const lastRed = red ? event.ts : previous?.last_red_ts;
      if (lastRed !== undefined && event.status === 'fail') entry.last_red_ts = lastRed;
      if (red) entry.reds = [...(previous?.reds ?? []), redContext(event)].slice(-MAX_REDS);
      state.tests[event.test_id] = entry;
      if (event.status === 'pass') closeClaims(state, (c) => c.test_id === event.test_id, event.ts, 'green');
      break;
    }
    case 'edit_claim': {
      const session = event.session_id ?? null;
      const same = (c: Claim) => c.test_id === event.test_id && c.target === event.edit_target && c.session === session;
      // Claiming again keeps the claim's failed greens: its two tries are not given back.
      const failedGreens = state.claims.find(same)?.failed_greens ?? 0;
      state.claims = state.claims.filter((c) => !same(c));
      state.claims.push({ test_id: event.test_id, target: event.edit_target, session, ts: event.ts, failed_greens: failedGreens });
      recordClaimedHash(state, event);
      break;
    }
    case 'repair': {
      const session = event.session_id ?? null;
      const failed = new Set(event.failed_test_ids);
      const closing = new Set(event.closed_test_ids);
      for (const claim of state.claims) {
        if (claim.session === session && failed.has(claim.test_id)) claim.failed_greens += 1;
      }
      closeClaims(
        state,
        (c) => c.session === session && (closing.has(c.test_id) || (failed.has(c.test_id) && c.failed_greens >= 2)),
        event.ts,
        'failed-greens',
      );
      break;
    }
    case 'refactor_on':
      state.refactor = { on: true, since: event.ts, test_count: event.test_count };
      break;
    case 'refactor_off':
      state.refactor = { on: false };
      break;
    default:
      break;
  }
  return state;
}

function redContext(event: TestRunEvent): RedContext {
  const context: RedContext = { ts: event.ts, source_hashes: { ...event.source_hashes } };
  if (event.test_file) context.test_file = event.test_file;
  if (event.test_file_hash) context.test_file_hash = event.test_file_hash;
  if (event.runner) context.runner = event.runner;
  return context;
}

/**
 * A claim accepted on a red proves the claimed file had, on that red, the bytes it has at the claim
 * (it was not modified since): its hash joins that red's content, so the red still fits once a
 * flush has put those bytes back.
 */
function recordClaimedHash(state: KernelState, event: EditClaimEvent): void {
  if (event.red_ts === undefined || event.source_hash === undefined) return;
  const red = state.tests[event.test_id]?.reds?.find((r) => r.ts === event.red_ts);
  if (red && !(event.edit_target in red.source_hashes)) red.source_hashes[event.edit_target] = event.source_hash;
}

function closeClaims(state: KernelState, match: (c: Claim) => boolean, ts: number, why: ClosedClaim['why']): void {
  const keep: Claim[] = [];
  for (const claim of state.claims) {
    if (!match(claim)) {
      keep.push(claim);
      continue;
    }
    state.closed = state.closed.filter(
      (c) => !(c.test_id === claim.test_id && c.target === claim.target && c.session === claim.session),
    );
    state.closed.push({ ...claim, closed_ts: ts, why });
  }
  state.claims = keep;
  if (state.closed.length > MAX_CLOSED) state.closed = state.closed.slice(-MAX_CLOSED);
}

export function foldEvents(events: readonly KernelEvent[], state: KernelState = emptyState()): KernelState {
  for (const event of events) applyEvent(state, event);
  return state;
}

/** Claims of `session` still open: the test's latest run is red and the claim was not closed. */
export function openClaims(state: KernelState, session: string | null): Claim[] {
  return state.claims.filter((c) => c.session === session && state.tests[c.test_id]?.status === 'fail');
}
