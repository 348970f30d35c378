// What every runner adapter takes and returns: requested tests in, one result per test out.

import type { FailureKind, TestIdSource } from '../schemas/events.js';

/** A requested test: its id, the file to run, and its name when known (null for a slug not yet resolved). */
export interface TestRequest {
  id: string;
  file: string;
  /** The runner's full name (JS: describe titles and title joined by spaces; pytest: the node id after the file). */
  name: string | null;
  /** The test's own title when only that is known (a slug resolved from its annotation). */
  title?: string;
  /** describe titles then the test title, when an earlier report gave them (Vitest 5's -t joins them with " > "). */
  titles?: string[];
}

export interface TestResult {
  test_id: string;
  test_id_source: TestIdSource;
  /** Relative to the root. */
  file: string;
  status: 'pass' | 'fail';
  failure_kind?: FailureKind;
  /** `missing`: red because something the test names does not exist yet (kernel/missing-red.ts). */
  reason?: 'missing';
  message?: string;
  duration_ms: number;
  /** describe titles then the test title (JSON reports), when the test is inside a describe. */
  titles?: string[];
}

export interface RunOutcome {
  /** The command actually run (one invocation per batch; several only for per-test commands). */
  command: string;
  invocations: number;
  results: TestResult[];
  /** Exit code of the (last) invocation, null when killed. */
  exitCode: number | null;
  durationMs: number;
  /** File-level errors (syntax, import, collection), by relative file. */
  fileErrors: Record<string, string>;
  outputTail: string;
  timedOut: boolean;
}

export interface RunContext {
  root: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunnerAdapter {
  readonly id: string;
  /** The runner and its base command: the `command` half of the red cache's key. */
  readonly key?: string;
  /** Runs the requested tests in one invocation; `all` runs the whole suite. */
  run(requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome>;
}
