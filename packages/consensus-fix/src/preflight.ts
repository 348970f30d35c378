// The pre-flight phase: the failing test must fail now, or there is nothing to fix. Its output goes
// into the prompt. In place, the journaled snapshot of --files is taken while the test runs.

import { FileSnapshot, opError, promptOnly, redactSecrets, type CommandResult, type Outcome } from '@adlc/core';
import { candidateTemperature } from './ask.js';
import { runGate } from './gates.js';
import { TOOL } from './options.js';
import { buildPrompt, SYSTEM_PROMPT } from './prompt.js';
import type { Run } from './start-up.js';

export interface Preflight {
  /** The pre-flight run of --test-cmd (non-zero exit, not timed out). */
  result: CommandResult;
  prompt: string;
  /** The in-place snapshot (--jobs 1); undefined with copies or under --prompt-only. The caller closes it. */
  snapshot: FileSnapshot | undefined;
}

/** Pre-flight: run --test-cmd once (it must fail), build the prompt, and have the snapshot ready. */
export async function preflight(run: Run): Promise<Preflight> {
  const { opts, target, allowed, testCmd, gates, reporter, log } = run;
  // In place, every write goes through the journaled snapshot, taken while the pre-flight runs (the
  // pre-flight writes nothing of ours); with copies the user's tree is only snapshotted by --apply.
  const snapshotP = opts.jobs === 1 && !opts.promptOnly ? FileSnapshot.create({ root: target.root, files: allowed.map((f) => f.file), tool: TOOL }) : undefined;
  snapshotP?.catch(() => undefined);
  try {
    reporter.progress(`pre-flight: ${testCmd}`);
    const result = await runGate(testCmd, gates, run.ctx.cwd);
    log.event('preflight', { exitCode: result.exitCode, timedOut: result.timedOut, durationMs: result.durationMs });
    if (result.timedOut) {
      throw opError(`pre-flight: \`${testCmd}\` did not finish within ${opts.timeout}s`, { hint: 'raise --timeout or give a faster --test-cmd' });
    }
    if (result.exitCode === 0) {
      throw opError(`pre-flight: \`${testCmd}\` already passes (exit 0); there is no failure to fix`, {
        hint: 'give a --test-cmd that fails because of the bug',
      });
    }
    const prompt = buildPrompt({ testCmd, output: result.outputTail, files: allowed.map((f) => ({ file: f.file, content: f.text })), rails: opts.rails });
    log.file('prompt.txt', prompt);
    return { result, prompt, snapshot: await snapshotP };
  } catch (error) {
    await (await snapshotP?.catch(() => undefined))?.close();
    throw error;
  }
}

/** --prompt-only: the prompt the pre-flight built, shown instead of sent. */
export function showPrompt(run: Run, prompt: string): Outcome {
  const { opts, ctx } = run;
  const label = `candidate prompt (sent ${opts.n} time${opts.n === 1 ? '' : 's'}; temperature 0 for candidate 0, ${candidateTemperature(1)} for the others)`;
  return promptOnly([{ label, system: redactSecrets(SYSTEM_PROMPT, ctx.env), prompt: redactSecrets(prompt, ctx.env) }], Boolean(opts.json));
}
