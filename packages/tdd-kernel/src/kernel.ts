// The library API for agent builders: one kernel per project, called from the agent's tool
// dispatcher so the invariant is enforced in-process, without spawning the CLI.

import { claim, type ClaimResult } from './claim.js';
import { createContext, type KernelContext, type KernelOptions } from './context.js';
import { flush, type FlushResult } from './flush.js';
import { gateEdit, type GateOptions, type GateResult } from './gate.js';
import { refactorOff, refactorOn, type RefactorResult } from './refactor.js';
import { recordTestRun, runTests, type RunSummary } from './run-tests.js';
import type { TestResult } from './runners/types.js';
import { status, type StatusResult } from './status.js';
import type { TestRunEvent } from './event-types.js';

export interface Kernel {
  readonly root: string;
  readonly log: string;
  /** The gate: may this file be edited now? On allow under a claim, records the pre-edit content. */
  gateEdit(file: string, opts?: GateOptions): GateResult;
  /** Runs tests (all when `ids` is omitted) in one invocation and records them. */
  run(ids?: readonly string[]): Promise<RunSummary>;
  /** Records results of a run the agent did itself. */
  recordTestRun(command: string, results: readonly TestResult[]): TestRunEvent[];
  claim(testId: string, files: readonly string[]): ClaimResult;
  /** End of turn: one batched run of the buffered tests; reverts the edits whose tests are red. */
  flush(): Promise<FlushResult>;
  status(planFile?: string): StatusResult;
  refactorOn(): Promise<RefactorResult>;
  refactorOff(): Promise<RefactorResult>;
  readonly context: KernelContext;
}

export function createKernel(options: KernelOptions = {}): Kernel {
  const ctx = createContext(options);
  return {
    root: ctx.paths.root,
    log: ctx.paths.log,
    context: ctx,
    gateEdit: (file, opts) => gateEdit(ctx, file, opts),
    run: (ids) => runTests(ctx, ids ?? null),
    recordTestRun: (command, results) => recordTestRun(ctx, command, results),
    claim: (testId, files) => claim(ctx, testId, files),
    flush: () => flush(ctx),
    status: (planFile) => status(ctx, planFile),
    refactorOn: () => refactorOn(ctx),
    refactorOff: () => refactorOff(ctx),
  };
}

export type { KernelOptions };
