// The two gates a candidate must pass once its files are written: the repro (--test-cmd), then the
// rails (--rails) on the same applied changes. Each run is bounded by --timeout.

import { runCommand, type CommandResult } from '@adlc/core';
import { shownOutput } from '../output/ansi.js';
import type { Stage } from '../output/schema.js';

export interface Gates {
  testCmd: string;
  rails: string | undefined;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
}

export type GateOutcome =
  | { ok: true; durationMs: number }
  | { ok: false; stage: Exclude<Stage, 'syntax'>; gate: 'repro' | 'rails'; exitCode: number | null; outputTail: string; durationMs: number };

/** Kept in failedDetails; the full 4000-character tail would swamp a JSON report of N candidates. */
export const FAILED_TAIL_CHARS = 2000;

export async function runGates(gates: Gates, cwd: string, onStage?: (gate: 'repro' | 'rails') => void): Promise<GateOutcome> {
  const started = Date.now();
  onStage?.('repro');
  const repro = await runGate(gates.testCmd, gates, cwd);
  if (repro.timedOut || repro.exitCode !== 0) return failure('repro', repro, gates.env, started);
  if (gates.rails === undefined) return { ok: true, durationMs: Date.now() - started };
  onStage?.('rails');
  const rails = await runGate(gates.rails, gates, cwd);
  if (rails.timedOut || rails.exitCode !== 0) return failure('rails', rails, gates.env, started);
  return { ok: true, durationMs: Date.now() - started };
}

export function runGate(command: string, gates: Pick<Gates, 'timeoutMs' | 'env'>, cwd: string, signal?: AbortSignal, tailChars?: number): Promise<CommandResult> {
  return runCommand(command, { cwd, timeoutMs: gates.timeoutMs, env: gates.env, ...(signal ? { signal } : {}), ...(tailChars === undefined ? {} : { tailChars }) });
}

function failure(gate: 'repro' | 'rails', result: CommandResult, env: NodeJS.ProcessEnv, started: number): GateOutcome {
  return {
    ok: false,
    stage: result.timedOut ? 'timeout' : gate,
    gate,
    exitCode: result.timedOut ? null : result.exitCode,
    outputTail: failureTail(result.outputTail, env),
    durationMs: Date.now() - started,
  };
}

/**
 * A failed gate's output as failedDetails keeps it: shown (shownOutput), then cut to its last
 * FAILED_TAIL_CHARS. In that order: a key the cut went through would leave its end behind unredacted.
 */
export function failureTail(output: string, env: NodeJS.ProcessEnv): string {
  return tail(shownOutput(output, env));
}

export function tail(text: string, chars = FAILED_TAIL_CHARS): string {
  return text.length > chars ? text.slice(-chars) : text;
}

