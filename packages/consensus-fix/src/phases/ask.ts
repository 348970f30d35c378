// The ask phase: N independent, stateless completions in parallel, while the baseline rails run
// once on the untouched tree. A provider that fails every call is an operational error, never a verdict.

import { failureHint, failureKind, fan, opError, type CommandResult, type FanResult } from '@adlc/core';
import { runGate } from '../candidates/gates.js';
import { SYSTEM_PROMPT } from '../candidates/prompt.js';
import type { Run } from './start-up.js';

export interface Asked {
  /** One per slot, in slot order; at least one returned text. */
  completions: FanResult[];
  /** The rails on the untouched tree; undefined without --rails. */
  baselineRails: CommandResult | undefined;
}

/** Temperature 0 for candidate 0 (the model's best guess), sampled above 0 for the others. */
export const candidateTemperature = (slot: number): number => (slot === 0 ? 0 : 0.8);

/**
 * Ask: fan the prompt out N times; the baseline rails run while the models think (nothing is written
 * yet). `onAnswer` sees each completion as it settles, so its preparation overlaps the others' wait.
 */
export async function ask(run: Run, prompt: string, onAnswer?: (result: FanResult) => void, round: AskRound = FIRST_ROUND): Promise<Asked> {
  const baseline = runBaselineRails(run);
  const completions = await askModels(run, prompt, onAnswer, round).catch(async (error: unknown) => {
    baseline.cancel();
    await baseline.result.catch(() => undefined);
    throw error;
  });
  const baselineRails = await baseline.result;
  if (round.round === 1) run.log.event('baseline', { railsExitCode: baselineRails?.exitCode ?? null, timedOut: baselineRails?.timedOut ?? false });
  return { completions, baselineRails };
}

/** Which round of --rounds is asked; its candidates are numbered on from the earlier rounds' (`offset`). */
export interface AskRound {
  round: number;
  offset: number;
}

const FIRST_ROUND: AskRound = { round: 1, offset: 0 };

async function askModels(run: Run, prompt: string, onAnswer: ((result: FanResult) => void) | undefined, { round, offset }: AskRound): Promise<FanResult[]> {
  const { opts, ctx, reporter, log } = run;
  const label = round === 1 ? 'completions' : `round ${round}: completions`;
  reporter.progress(`${label} 0/${opts.n}`, 'completions');
  const numbered = (result: FanResult): FanResult => ({ ...result, slot: result.slot + offset });
  const results = await fan(opts.n, prompt, {
    tier: opts.tier,
    providers: run.providers,
    system: SYSTEM_PROMPT,
    temperature: candidateTemperature,
    maxTokens: opts.maxTokens,
    env: ctx.env,
    cwd: ctx.cwd,
    onSettled: (settledSlot, settled) => {
      const result = numbered(settledSlot);
      reporter.progress(`${label} ${settled}/${opts.n}`, 'completions');
      log.event('completion', { index: result.slot, ok: result.ok, provider: result.provider, model: result.model, ...(result.ok ? { durationMs: result.completion.durationMs, truncated: result.completion.truncated } : { error: result.error.message }) });
      log.file(`answers/candidate-${result.slot}.txt`, result.ok ? result.completion.text : `(no answer) ${result.error.message}`);
      onAnswer?.(result);
    },
  });
  assertSomeAnswered(results);
  return results.map(numbered);
}

/** Not one completion returned text: exit 1 naming the provider and the status (one error, or each distinct one). */
function assertSomeAnswered(results: FanResult[]): void {
  const failed = results.filter((r): r is Extract<FanResult, { ok: false }> => !r.ok);
  if (failed.length < results.length) return;
  const distinct = new Map(failed.map((f) => [`${f.provider}\0${f.error.status}`, f.error] as const));
  if (distinct.size === 1) throw failed[0]!.error;
  const each = [...distinct.values()].map((e) => `${e.provider} (${e.model}): ${typeof e.status === 'number' ? `HTTP ${e.status}` : e.status}`);
  throw opError(`not one of the ${results.length} completions returned text: ${each.join('; ')}`, {
    hint: failureHint(failed.map((f) => failureKind(f.error))),
    cause: failed[0]!.error,
  });
}

function runBaselineRails({ gates, ctx, reporter, baselineRails }: Pick<Run, 'gates' | 'ctx' | 'reporter' | 'baselineRails'>): { result: Promise<CommandResult | undefined>; cancel: () => void } {
  const controller = new AbortController();
  // Localization already ran the rails on the untouched tree (for its coverage): that run is the baseline.
  if (gates.rails === undefined || baselineRails !== undefined) return { result: Promise.resolve(baselineRails), cancel: () => undefined };
  reporter.progress('baseline: running --rails');
  const result = runGate(gates.rails, gates, ctx.cwd, controller.signal);
  // Observed here so a failure while the models are still answering is not an unhandled rejection.
  result.catch(() => undefined);
  return { result, cancel: () => controller.abort() };
}
