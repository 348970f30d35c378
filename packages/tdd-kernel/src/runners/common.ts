// What the adapters share: finding a runner's entry in node_modules, running one command through core's
// process-group runner, and turning "requested but not in the report" into not_found or error.

import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommandResult } from '@adlc/core';
import { RunnerError } from '../kernel/errors.js';
import { annotationsOf } from './files.js';
import type { RunContext, RunOutcome, TestRequest, TestResult } from './types.js';
import { runCommand } from '@adlc/core';

/** `<dir>/node_modules/<pkg>/<entry>` at or above the root, as a path relative to the root when inside it. */
export function findPackageEntry(root: string, pkg: string, entry: string): { path: string; version: string } | null {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, 'node_modules', pkg);
    const file = path.join(pkgDir, entry);
    if (fs.existsSync(file)) {
      let version = '';
      try {
        version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
      } catch {
        // version unknown
      }
      const rel = path.relative(root, file);
      return { path: rel.startsWith('..') ? file : rel.split(path.sep).join('/'), version };
    }
    if (path.dirname(dir) === dir) return null;
  }
}

export async function execute(command: string, ctx: RunContext): Promise<CommandResult> {
  return runCommand(command, {
    cwd: ctx.root,
    timeoutMs: ctx.timeoutMs,
    // No bytecode or cache files in the user's tree: git status stays what it was.
    env: { CI: '1', FORCE_COLOR: '0', NO_COLOR: '1', PYTHONDONTWRITEBYTECODE: '1', ...ctx.env },
    tailChars: 6000,
  });
}

export function withReportDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-report-'));
  return fn(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

export function readReport(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Keeps the results that were asked for (all of them for a full run) and adds a failing result for every
 * requested test that did not run: `error` when its file failed to load, `not_found` otherwise.
 */
export function finalize(
  requests: TestRequest[] | 'all',
  results: TestResult[],
  fileErrors: Record<string, string>,
  run: CommandResult,
  invocations = 1,
): RunOutcome {
  let kept = results;
  if (requests !== 'all') {
    const wanted = new Set(requests.map((r) => r.id));
    kept = results.filter((r) => wanted.has(r.test_id));
    const got = new Set(kept.map((r) => r.test_id));
    for (const req of requests) {
      if (got.has(req.id)) continue;
      const fileError = fileErrors[req.file];
      const problem = run.timedOut ? `the run timed out after ${run.durationMs} ms` : fileError;
      kept.push({
        test_id: req.id,
        test_id_source: req.id.includes('::') ? 'native' : 'annotation',
        file: req.file,
        status: 'fail',
        failure_kind: problem ? 'error' : 'not_found',
        message: problem ?? `the runner did not run ${req.id} (no test by that name in ${req.file})`,
        duration_ms: 0,
      });
    }
  } else if (run.timedOut) {
    throw new RunnerError(`the test run timed out after ${run.durationMs} ms: ${run.command}`);
  }
  return {
    command: run.command,
    invocations,
    results: kept,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    fileErrors,
    outputTail: run.outputTail,
    timedOut: run.timedOut,
  };
}

/** A runner that wrote no report: the command itself failed (not found, crashed, bad config). */
export function noReport(run: CommandResult, what: string): RunnerError {
  const tail = run.outputTail.trim().split('\n').slice(-8).join('\n');
  return new RunnerError(`${what} wrote no report (exit ${run.exitCode ?? run.signal ?? 'killed'}): ${run.command}${tail ? `\n${tail}` : ''}`);
}

export { annotationsOf };
