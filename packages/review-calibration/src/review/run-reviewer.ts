// Runs a review command once, the same way for planted and clean (decoy) trees: {base} filled in,
// bounded by --review-timeout, its exit code checked (0 and 2 are verdicts, anything else a crash).

import { opError, runCommand } from '@adlc/core';
import { rangeEnd } from '../plants/commit-ref.js';
import { substituteBase } from './substitute-base.js';

export interface ReviewRun {
  stdout: string;
  exitCode: number;
  wallMs: number;
}

export interface ReviewRunContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  commit: string;
  reviewTimeoutMs: number;
}

export async function runReviewCommand(reviewCommand: string, ctx: ReviewRunContext, signal?: AbortSignal): Promise<ReviewRun> {
  const started = performance.now();
  const result = await runCommand(substituteBase(reviewCommand, rangeEnd(ctx.commit)), {
    cwd: ctx.cwd,
    env: ctx.env,
    timeoutMs: ctx.reviewTimeoutMs,
    captureStdout: true,
    tailChars: 2000,
    ...(signal ? { signal } : {}),
  });
  const wallMs = Math.round(performance.now() - started);
  if (result.timedOut) {
    throw opError(`the review command did not finish within ${Math.round(ctx.reviewTimeoutMs / 1000)}s and was stopped`, {
      hint: 'raise --review-timeout, or check that the reviewer does not wait for input',
    });
  }
  if (result.exitCode !== 0 && result.exitCode !== 2) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with ${result.exitCode}`;
    const tail = result.stderrTail.trim().split('\n').slice(-3).join(' | ');
    throw opError(`the review command crashed: it ${how} (only 0 and 2 are valid)${tail ? `: ${tail}` : ''}`, {
      hint: 'run the review command by hand to see why; the planted files were restored',
    });
  }
  return { stdout: result.stdout, exitCode: result.exitCode, wallMs };
}
