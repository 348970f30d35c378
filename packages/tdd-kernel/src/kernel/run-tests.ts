// Runs tests through the adapter in one invocation and appends a test_run event per test.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import type { TestRunEvent } from '../schemas/events.js';
import { isGlob } from '../project/globs.js';
import { projectFiles } from '../project/walk-files.js';
import { findAnnotations, testTitles } from '../runners/annotations.js';
import { fileHash } from '../runners/files.js';
import type { RunnerAdapter, RunOutcome, TestRequest, TestResult } from '../runners/types.js';
import type { KernelState } from './state.js';
import type { RunOutput } from '../schemas/outputs.js';
import { redactSecrets } from '@adlc/core';
import { KernelUsageError } from './errors.js';
import { withMissingReds } from './missing-red.js';
import { nearestIds } from './nearest-ids.js';

export type RunSummary = RunOutput;

export class NoRunnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoRunnerError';
  }
}

export async function resolveRunner(ctx: KernelContext): Promise<RunnerAdapter> {
  if (ctx.runner) return withoutSecrets(ctx.runner);
  const { createRunner } = await import('../runners/select-runner.js');
  const runner = createRunner(ctx.paths.root, ctx.config);
  if (!runner) throw new NoRunnerError('no test runner found (vitest, jest, node --test or pytest)');
  ctx.runner = runner;
  return withoutSecrets(runner);
}

/**
 * The runner with secrets taken out of what it reports. A test that prints its environment, or an
 * assertion on a variable (`expected 'ghp_…' to be …`), would put the keys the agent runs with into
 * the kernel's state and log and into what the agent is told: the values of this process's key
 * variables and credential-shaped text are redacted from every message, file error, output tail and
 * runner error.
 */
function withoutSecrets(runner: RunnerAdapter): RunnerAdapter {
  return {
    id: runner.id,
    ...(runner.key === undefined ? {} : { key: runner.key }),
    async run(requests, runCtx) {
      const env = { ...process.env, ...runCtx.env };
      const clean = (text: string) => redactSecrets(text, env);
      try {
        const outcome = await runner.run(requests, runCtx);
        return {
          ...outcome,
          results: outcome.results.map((r) => (r.message === undefined ? r : { ...r, message: clean(r.message) })),
          fileErrors: Object.fromEntries(Object.entries(outcome.fileErrors).map(([file, message]) => [file, clean(message)])),
          outputTail: clean(outcome.outputTail),
        };
      } catch (error) {
        if (error instanceof Error) error.message = clean(error.message);
        throw error;
      }
    },
  };
}

/** Turns ids into requests: `<file>::<name>` directly, slugs through the log or the annotations on disk. */
export function resolveRequests(ctx: KernelContext, ids: readonly string[], state: KernelState): { requests: TestRequest[]; unknown: string[] } {
  const requests: TestRequest[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const sep = id.indexOf('::');
    if (sep > 0) {
      const titles = state.tests[id]?.titles;
      requests.push({ id, file: id.slice(0, sep), name: id.slice(sep + 2), ...(titles ? { titles } : {}) });
      continue;
    }
    const known = state.tests[id]?.test_file;
    const found = known ? annotationIn(ctx.paths.root, known, id) : findAnnotated(ctx.paths.root, id);
    const titles = state.tests[id]?.titles;
    if (found) requests.push({ id, file: found.file, name: null, title: found.title, ...(titles ? { titles } : {}) });
    else unknown.push(id);
  }
  return { requests, unknown };
}

function annotationIn(root: string, rel: string, slug: string): { file: string; title: string } | null {
  try {
    const a = findAnnotations(fs.readFileSync(path.join(root, rel), 'utf8')).find((x) => x.slug === slug);
    return a ? { file: rel, title: a.title } : null;
  } catch {
    return null;
  }
}

const MAX_FILES = 20_000;

/** Looks for `@test-id: <slug>` in source files under the root (bounded walk). */
function findAnnotated(root: string, slug: string): { file: string; title: string } | null {
  const needle = new RegExp(`@(?:reasonix-)?test-id:\\s*${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|$)`);
  for (const rel of projectFiles(root, (_rel, name) => /\.(?:[cm]?[jt]sx?|py)$/.test(name), { maxFiles: MAX_FILES })) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, rel), 'utf8');
    } catch {
      continue;
    }
    if (needle.test(text)) return annotationIn(root, rel, slug);
  }
  return null;
}

/**
 * `ids` null runs the whole suite. A requested id that no test has is a KernelUsageError naming the
 * nearest known ids; nothing is recorded then. A test that fails because what it names does not exist
 * yet is red with reason `missing`.
 */
export async function runTests(ctx: KernelContext, ids: readonly string[] | null): Promise<RunSummary> {
  const runner = await resolveRunner(ctx);
  const state = ctx.state();
  let outcome: RunOutcome;
  const missing: TestResult[] = [];
  if (ids === null) {
    outcome = await runRequests(ctx, runner, 'all');
  } else {
    const { requests, unknown } = resolveRequests(ctx, ids, state);
    for (const id of unknown) {
      missing.push({ test_id: id, test_id_source: 'annotation', file: '', status: 'fail', failure_kind: 'not_found', message: `no test is annotated @test-id: ${id}, and it is not a <file>::<name> id`, duration_ms: 0 });
    }
    outcome = requests.length > 0 ? await runRequests(ctx, runner, requests) : emptyOutcome();
  }
  const results = withMissingReds([...outcome.results, ...missing], ctx.paths.root);
  unknownIds(results, state, ctx.paths.root);
  const gone = ids === null ? vanishedReds(state, results, outcome.fileErrors) : [];
  recordTestRun(ctx, outcome.command, [...results, ...gone], runner.key);
  return {
    command: outcome.command,
    invocations: outcome.invocations,
    duration_ms: outcome.durationMs,
    results,
    green: results.length > 0 && results.every((r) => r.status === 'pass') && Object.keys(outcome.fileErrors).length === 0,
    file_errors: outcome.fileErrors,
  };
}

/**
 * The reds a full run no longer reports (renamed or deleted), as not found: otherwise they stay red
 * for good, and a refusal tells the agent to claim a test that is gone. Tests of a file that did not
 * load are left as they were, and so are annotation ids, which a full run reports by their native id.
 */
function vanishedReds(state: KernelState, results: readonly TestResult[], fileErrors: Record<string, string>): TestResult[] {
  if (results.length === 0) return [];
  const reported = new Set(results.map((r) => r.test_id));
  return Object.entries(state.tests)
    .filter(([id, t]) => t.status === 'fail' && t.failure_kind !== 'not_found' && t.source === 'native' && !reported.has(id))
    .map(([id, t]) => ({ id, file: t.test_file ?? id.slice(0, Math.max(0, id.indexOf('::'))) }))
    .filter(({ file }) => file !== '' && !(file in fileErrors))
    .map(({ id, file }) => ({
      test_id: id,
      test_id_source: 'native' as const,
      file,
      status: 'fail' as const,
      failure_kind: 'not_found' as const,
      message: 'not in the latest full run: the test was renamed or deleted',
      duration_ms: 0,
    }));
}

/** A requested id that no test has is a mistake in the request (exit 1), never a red. */
function unknownIds(results: readonly TestResult[], state: KernelState, root: string): void {
  const unknown = results.filter((r) => r.failure_kind === 'not_found');
  if (unknown.length === 0) return;
  const known = [
    ...Object.keys(state.tests).filter((id) => state.tests[id]?.failure_kind !== 'not_found'),
    ...results.filter((r) => r.failure_kind !== 'not_found').map((r) => r.test_id),
    // Tests never run yet: the titles the requested files declare, as ids (describe titles unknown).
    ...[...new Set(unknown.map((r) => r.file))].flatMap((file) => declaredIds(root, file)),
  ];
  const lines = unknown.map((r) => {
    const near = nearestIds(r.test_id, known);
    return `no test with id ${r.test_id}${near.length > 0 ? `; nearest: ${near.join(', ')}` : ''}`;
  });
  throw new KernelUsageError(lines.join('\n'), '`tdd-kernel run` alone runs every test and prints each id (`<test-file>::<describe> <test name>`)');
}

function declaredIds(root: string, file: string): string[] {
  try {
    return testTitles(fs.readFileSync(path.join(root, file), 'utf8')).map((title) => `${file}::${title}`);
  } catch {
    return [];
  }
}

/** One invocation of the runner, shown on the CLI's progress line while it runs. */
export async function runRequests(ctx: KernelContext, runner: RunnerAdapter, requests: TestRequest[] | 'all'): Promise<RunOutcome> {
  const which = requests === 'all' ? 'every test' : `${requests.length} test${requests.length === 1 ? '' : 's'}`;
  ctx.reporter?.progress(`running ${which} (${runner.key ?? runner.id})`);
  try {
    return await runner.run(requests, runContext(ctx));
  } finally {
    ctx.reporter?.endProgress();
  }
}

export function runContext(ctx: KernelContext) {
  return { root: ctx.paths.root, timeoutMs: ctx.config.timeoutMs ?? 600_000, env: {} };
}

function emptyOutcome(): RunOutcome {
  return { command: '', invocations: 0, results: [], exitCode: 0, durationMs: 0, fileErrors: {}, outputTail: '', timedOut: false };
}

/** Appends one test_run event per result (the library entry for agents that run tests themselves). */
export function recordTestRun(ctx: KernelContext, command: string, results: readonly TestResult[], runnerKey?: string): TestRunEvent[] {
  const ts = ctx.now();
  const hashes = new Map<string, string | null>();
  const state = results.some(isAssertionRed) ? ctx.state() : null;
  const events = results.map((r): TestRunEvent => {
    if (r.file && !hashes.has(r.file)) hashes.set(r.file, fileHash(path.join(ctx.paths.root, r.file)));
    const hash = r.file ? hashes.get(r.file) : null;
    const event: TestRunEvent = {
      type: 'test_run',
      test_id: r.test_id,
      test_id_source: r.test_id_source,
      status: r.status,
      command,
      duration_ms: r.duration_ms,
      ts,
    };
    if (r.failure_kind) event.failure_kind = r.failure_kind;
    if (r.reason) event.reason = r.reason;
    if (r.message) event.message = r.message;
    if (r.file) event.test_file = r.file;
    if (hash) event.test_file_hash = hash;
    if (runnerKey) event.runner = runnerKey;
    if (r.titles) event.titles = r.titles;
    if (state && isAssertionRed(r)) event.source_hashes = claimedHashes(ctx, state, r.test_id, hashes);
    return event;
  });
  ctx.append(events);
  return events;
}

function isAssertionRed(r: TestResult): boolean {
  return r.status === 'fail' && (r.failure_kind ?? 'assertion') === 'assertion';
}

/** The files claimed for the test (any session, open or closed claims), hashed now: the red's context. */
function claimedHashes(ctx: KernelContext, state: KernelState, testId: string, cache: Map<string, string | null>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const c of [...state.claims, ...state.closed]) {
    if (c.test_id !== testId || isGlob(c.target) || c.target in out) continue;
    const key = `src:${c.target}`;
    if (!cache.has(key)) cache.set(key, fileHash(path.join(ctx.paths.root, c.target)));
    out[c.target] = cache.get(key) ?? null;
  }
  return out;
}
