// The tdd-kernel commands an agent drives red-green with, without a shell: tdd_status, tdd_run,
// tdd_claim, tdd_flush and tdd_refactor, each the same call and document as `tdd-kernel <command> --json`,
// their arguments the CLI's operands (KERNEL_OPERANDS) so the two cannot drift.

import { opError, type Reporter } from '@adlc/core';
import {
  ClaimOutputSchema,
  commandKernel,
  describeKernelError,
  FlushOutputSchema,
  KERNEL_OPERANDS,
  RefactorOutputSchema,
  renderClaim,
  renderFlush,
  renderRefactor,
  renderRun,
  renderStatus,
  RunOutputSchema,
  StatusOutputSchema,
  type Kernel,
} from '@adlc/tdd-kernel';
import { defineTool, toolInput, type ToolContext } from '../tool.js';

/**
 * Runs `fn` on the kernel of the call's directory, as the CLI would (root, log, mode and session
 * resolved alike, an interrupted flush finished first unless `fn` is the flush), with the kernel's
 * own errors turned into operational errors with their hints.
 */
export async function withKernel<T>(ctx: ToolContext, fn: (kernel: Kernel) => Promise<T> | T, recover = true): Promise<T> {
  try {
    const kernel = commandKernel({}, ctx.env, ctx.cwd);
    if (recover) await recoverFirst(kernel, ctx.reporter);
    return await fn(kernel);
  } catch (error) {
    const described = describeKernelError(error);
    throw described ? opError(described.message, described.hint ? { hint: described.hint } : {}) : error;
  }
}

async function recoverFirst(kernel: Kernel, reporter: Reporter): Promise<void> {
  for (const note of await kernel.recover()) reporter.info(`tdd-kernel: ${note}`);
}

const WRITES = 'Runs one at a time per repository.';

export const tddStatusTool = defineTool({
  name: 'tdd_status',
  title: 'tdd-kernel status',
  description: 'Tests red and green, open claims, buffered edits and the mode (strict, warn, refactor) of the project cwd is in.',
  input: toolInput({}),
  output: StatusOutputSchema,
  access: 'read',
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (_args, ctx) => withKernel(ctx, (kernel) => {
    const doc = kernel.status();
    return { doc, summary: renderStatus(doc) };
  }),
});

export const tddRunTool = defineTool({
  name: 'tdd_run',
  title: 'tdd-kernel run',
  description: `Runs the given tests (or all) in one invocation of the project's runner and records them; a red test is what a claim needs. Red is a normal result. ${WRITES}`,
  input: toolInput({ testIds: KERNEL_OPERANDS.testIds.optional() }),
  output: RunOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: ({ testIds }, ctx) => withKernel(ctx, async (kernel) => {
    const doc = await kernel.run(testIds && testIds.length > 0 ? testIds : undefined);
    return { doc, summary: renderRun(doc) };
  }),
});

export const tddClaimTool = defineTool({
  name: 'tdd_claim',
  title: 'tdd-kernel claim',
  description: `Claims a red test for the files (or globs) an edit will touch: only then may tdd_write or tdd_edit change them. A refused claim is a normal result. ${WRITES}`,
  input: toolInput({
    testId: KERNEL_OPERANDS.testId,
    files: KERNEL_OPERANDS.files,
  }),
  output: ClaimOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: ({ testId, files }, ctx) => withKernel(ctx, (kernel) => {
    const doc = kernel.claim(testId, files);
    return { doc, summary: renderClaim(doc) };
  }),
});

export const tddFlushTool = defineTool({
  name: 'tdd_flush',
  title: 'tdd-kernel flush',
  description: `End of turn: runs the tests of this turn's edits once and reverts the edits whose tests are still red. A revert is a normal result. ${WRITES}`,
  input: toolInput({}),
  output: FlushOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  // The flush finishes an interrupted flush itself.
  run: (_args, ctx) => withKernel(ctx, async (kernel) => {
    const doc = await kernel.flush();
    return { doc, summary: renderFlush(doc) };
  }, false),
});

export const tddRefactorTool = defineTool({
  name: 'tdd_refactor',
  title: 'tdd-kernel refactor',
  description: `Refactor mode: on (from an all-green suite) lets edits through without a claim; off runs the suite and the verify command and ends it. ${WRITES}`,
  input: toolInput({ state: KERNEL_OPERANDS.state }),
  output: RefactorOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: ({ state }, ctx) => withKernel(ctx, async (kernel) => {
    const doc = state === 'on' ? await kernel.refactorOn() : await kernel.refactorOff();
    return { doc, summary: renderRefactor(doc) };
  }),
});
