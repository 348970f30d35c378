// The library API for agent builders: one kernel per project, called from the agent's tool
// dispatcher so the invariant is enforced in-process, without spawning the CLI.

import { claim, type ClaimResult } from './claim.js';
import { confirmEdits } from '../turn/confirm-edits.js';
import { relativeToRoot } from '../project/paths.js';
import { recoverInterrupted } from '../turn/flush-recovery.js';
import { contextForFlags, createContext, rootOf, type KernelContext, type KernelOptions } from '../project/context.js';
import { loadConfig } from '../project/load-config.js';
import type { GlobalFlags } from '../cli/options.js';
import { flush, type FlushResult } from '../turn/flush.js';
import { gateEdit, type GateOptions, type GateResult } from './gate.js';
import { refactorOff, refactorOn, type RefactorResult } from './refactor-mode.js';
import { recordTestRun, runTests, type RunSummary } from './run-tests.js';
import type { TestResult } from '../runners/types.js';
import { status, type StatusResult } from './status.js';
import type { TestRunEvent } from '../schemas/events.js';

export interface Kernel {
  readonly root: string;
  readonly log: string;
  /** The gate: may this file be edited now? On allow under a claim, records the pre-edit content. */
  gateEdit(file: string, opts?: GateOptions): GateResult;
  /** Runs tests (all when `ids` is omitted) in one invocation and records them. */
  run(ids?: readonly string[]): Promise<RunSummary>;
  /**
   * After an edit gated with `{buffer: 'pending'}` happened: moves it into the turn buffer (an edit never
   * confirmed is neither tested nor reverted). Edits gated with the default buffer need no confirmation.
   */
  confirmEdit(files: string | readonly string[], toolUseId?: string): string[];
  /** Finishes (or gives back) a flush that was killed; flush calls it too. Returns what it did. */
  recover(): Promise<string[]>;
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
  const root = rootOf(options.root);
  return kernelOf(createContext({ ...options, root, config: options.config ?? loadConfig(root) }));
}

/**
 * The kernel a CLI command run in `cwd` works with (for hosts that offer the commands in-process, such
 * as the MCP server): root, log and mode as the global flags resolve them, the session from --session,
 * $TDD_KERNEL_SESSION, else the one the hook last saw.
 */
export function commandKernel(flags: Omit<GlobalFlags, 'json'>, env: NodeJS.ProcessEnv, cwd: string): Kernel {
  const root = rootOf(flags.root, cwd);
  // The host's own script is no tdd-kernel bin: refusals name `tdd-kernel`, not `node <host>`.
  return kernelOf(contextForFlags(flags, env, root, loadConfig(root, cwd), null));
}

function kernelOf(ctx: KernelContext): Kernel {
  return {
    root: ctx.paths.root,
    log: ctx.paths.log,
    context: ctx,
    gateEdit: (file, opts) => gateEdit(ctx, file, opts),
    run: (ids) => runTests(ctx, ids ?? null),
    confirmEdit: (files, toolUseId) =>
      confirmEdits(ctx, { files: (typeof files === 'string' ? [files] : files).map((f) => relativeToRoot(ctx.paths.root, f) ?? f), ...(toolUseId ? { toolUseId } : {}) }),
    recover: () => recoverInterrupted(ctx),
    recordTestRun: (command, results) => recordTestRun(ctx, command, results),
    claim: (testId, files) => claim(ctx, testId, files),
    flush: () => flush(ctx),
    status: (planFile) => status(ctx, planFile),
    refactorOn: () => refactorOn(ctx),
    refactorOff: () => refactorOff(ctx),
  };
}

export type { KernelOptions };
