// The RFC's /refactor bypass. `on` needs a green suite and remembers its size; `off` runs the verify
// command and the suite again, and ends refactor mode only when both pass with no fewer tests.

import type { KernelContext } from '../project/context.js';
import { readPackageJson } from '../runners/select-runner.js';
import { NoRunnerError, resolveRunner, runTests, type RunSummary } from './run-tests.js';
import type { RefactorOutput } from '../schemas/outputs.js';
import { redactSecrets, runCommand } from '@adlc/core';

export type RefactorResult = RefactorOutput;

export async function refactorOn(ctx: KernelContext): Promise<RefactorResult> {
  if (ctx.state().refactor.on) return { refactor: true, changed: false, reason: 'refactor mode is already on' };
  const suite = await runTests(ctx, null);
  const summary = summarize(suite);
  if (summary.failed > 0) {
    const reds = suite.results.filter((r) => r.status === 'fail').slice(0, 5).map((r) => r.test_id);
    return { refactor: false, changed: false, suite: summary, reason: `refactor mode starts only from green: ${summary.failed} test(s) fail (${reds.join(', ')})` };
  }
  ctx.append([{ type: 'refactor_on', test_count: summary.passed, ts: ctx.now() }]);
  return { refactor: true, changed: true, suite: summary };
}

export async function refactorOff(ctx: KernelContext): Promise<RefactorResult> {
  const state = ctx.state();
  if (!state.refactor.on) return { refactor: false, changed: false, reason: 'refactor mode is not on' };
  const command = verifyCommand(ctx);
  let verify: RefactorResult['verify'];
  if (command) {
    const run = await runCommand(command, { cwd: ctx.paths.root, timeoutMs: ctx.config.timeoutMs ?? 600_000, env: { CI: '1', PYTHONDONTWRITEBYTECODE: '1' } });
    // What the verify command printed goes to the agent: without the keys it runs with (see run-tests.ts).
    const tail = run.outputTail.trim().split('\n').slice(-15).join('\n');
    verify = { command, passed: run.exitCode === 0, exit_code: run.exitCode, output_tail: redactSecrets(tail, process.env) };
    ctx.append([{ type: 'verify', command, passed: verify.passed, exit_code: run.exitCode, duration_ms: run.durationMs, ts: ctx.now() }]);
    if (!verify.passed) {
      // The default (the package's test script) may need tools the agent's shell lacks: say where to pick another.
      const other = ctx.config.verify ? '' : '; to verify with another command, set "verify" in .tdd-kernel/config.json';
      return { refactor: true, changed: false, verify, reason: `\`${command}\` failed (exit ${run.exitCode ?? 'killed'}): refactor mode stays on until it passes${other}` };
    }
  }
  let suite: RefactorResult['suite'];
  if (await runnerAvailable(ctx)) {
    suite = summarize(await runTests(ctx, null));
    const before = state.refactor.test_count ?? 0;
    if (suite.failed > 0) return { refactor: true, changed: false, verify, suite, reason: `${suite.failed} test(s) fail: refactor mode stays on` };
    if (suite.passed < before) return { refactor: true, changed: false, verify, suite, reason: `the suite went from ${before} to ${suite.passed} passing tests: a refactor may not delete tests` };
  } else if (!command) {
    return { refactor: true, changed: false, reason: 'no verify command and no test runner: set "verify" in .tdd-kernel/config.json' };
  }
  ctx.append([{ type: 'refactor_off', ts: ctx.now() }]);
  return { refactor: false, changed: true, ...(verify ? { verify } : {}), ...(suite ? { suite } : {}) };
}

async function runnerAvailable(ctx: KernelContext): Promise<boolean> {
  try {
    await resolveRunner(ctx);
    return true;
  } catch (error) {
    if (error instanceof NoRunnerError) return false;
    throw error;
  }
}

/** Config's verify, else `npm run verify` when package.json has it, else its test script. */
export function verifyCommand(ctx: KernelContext): string | null {
  if (ctx.config.verify) return ctx.config.verify;
  const pkg = readPackageJson(ctx.paths.root);
  if (pkg?.scripts?.verify) return 'npm run verify';
  if (pkg?.scripts?.test) return 'npm test';
  return null;
}

function summarize(suite: RunSummary): { command: string; passed: number; failed: number } {
  return {
    command: suite.command,
    passed: suite.results.filter((r) => r.status === 'pass').length,
    failed: suite.results.filter((r) => r.status === 'fail').length,
  };
}
