// Which of the ranked files the fix may change: the deterministic top --max-files, or, when the
// ranking has no clear winner (or under --localize model), the files one cheap-tier model picks
// among the top 10 from their outlines and the failing tests' messages (localization/rerank.ts). A
// call that fails or an answer that is invalid (or picks nothing it was shown) keeps the
// deterministic top, and says so; an interrupt still ends the run.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { complete, extractJson, InterruptedError, type CommandResult } from '@adlc/core';
import { outlineFiles, renderOutline, type LocalizedFile } from '@adlc/localize';
import { failureSection } from '../candidates/failure-section.js';
import { OUTPUT_TAIL_CHARS } from '../candidates/prompt.js';
import { TOOL } from '../cli/options.js';
import { buildRerankPrompt, judgePicks, RERANK_SYSTEM, RERANK_TOP, RerankAnswerSchema, rerankTrigger, type RerankTrigger } from '../localization/rerank.js';
import { shownOutput } from '../output/ansi.js';
import type { Rerank } from '../output/schema.js';
import { repositoryFailures } from '../candidates/repository-failures.js';
import type { Run } from './start-up.js';

/** An answer naming ten files with a sentence each fits well within this. */
const RERANK_MAX_TOKENS = 2048;

export interface Picked {
  files: LocalizedFile[];
  rerank?: Rerank;
}

/** The files the fix may change, from the ranking (best first, at least its top 10 when there are as many). */
export async function pickFiles(run: Run, ranked: readonly LocalizedFile[], calledFunctions: ReadonlyMap<string, readonly number[]>, failing: CommandResult): Promise<Picked> {
  const { opts, reporter } = run;
  const top = ranked.slice(0, opts.maxFiles);
  const trigger = rerankTrigger(opts.localize, ranked.map((f) => f.score), opts.maxFiles);
  if (trigger === null) return { files: top };
  // --localize-only and --prompt-only need no key: a model is asked there only under --localize model.
  if (run.providers.length === 0) {
    if (trigger === 'no-clear-winner') reporter.info(`${TOOL}: the ranking has no clear winner (${lead(ranked)}); --localize model lets a cheap model pick among the top ${RERANK_TOP}`);
    else reporter.info(`${TOOL}: --prompt-only asks no model: the deterministic top ${opts.maxFiles} stands`);
    return { files: top };
  }
  const shown = ranked.slice(0, RERANK_TOP);
  reporter.info(`${TOOL}: ${trigger === 'no-clear-winner' ? `the ranking has no clear winner (${lead(ranked)})` : '--localize model'}: a cheap model picks among the top ${shown.length}`);
  reporter.progress('localization: a model picks the files to fix');
  const prompt = await rerankPrompt(run, shown, calledFunctions, failing);
  run.log.file('rerank-prompt.txt', prompt);
  const rerank = await askModel(run, prompt, shown, trigger);
  reporter.endProgress();
  report(run, rerank);
  run.log.event('rerank', { ...rerank });
  run.log.file('rerank.json', JSON.stringify(rerank, null, 2));
  const byFile = new Map(shown.map((f) => [f.file, f] as const));
  return { files: rerank.files.map((file) => byFile.get(file)!), rerank };
}

async function askModel(run: Run, prompt: string, shown: readonly LocalizedFile[], trigger: RerankTrigger): Promise<Rerank> {
  const { opts, ctx } = run;
  const provider = run.providers[0]!;
  const ranking = shown.map((f) => ({ file: f.file, score: f.score }));
  const deterministic = ranking.slice(0, opts.maxFiles).map((f) => f.file);
  const base = { trigger, provider, model: '', ranking, chosen: [], rejected: [] };
  let text: string;
  try {
    const completion = await complete(prompt, { provider, tier: 'cheap', system: RERANK_SYSTEM, temperature: 0, maxTokens: RERANK_MAX_TOKENS, env: ctx.env, cwd: ctx.cwd });
    base.model = completion.model;
    if (completion.truncated) return { ...base, fallback: 'the answer was cut off at its token limit', files: deterministic };
    text = completion.text;
  } catch (error) {
    if (InterruptedError.isInstance(error)) throw error;
    return { ...base, fallback: `the call failed: ${(error as Error).message}`, files: deterministic };
  }
  let answer;
  try {
    answer = extractJson(text, RerankAnswerSchema);
  } catch (error) {
    return { ...base, fallback: `the answer is invalid: ${(error as Error).message}`, files: deterministic };
  }
  const { chosen, rejected } = judgePicks(answer, ranking.map((f) => f.file), opts.maxFiles);
  if (chosen.length === 0) return { ...base, rejected, fallback: 'the answer picked none of the files shown', files: deterministic };
  return { ...base, chosen, rejected, fallback: null, files: chosen.map((c) => c.file) };
}

async function rerankPrompt(run: Run, shown: readonly LocalizedFile[], calledFunctions: ReadonlyMap<string, readonly number[]>, failing: CommandResult): Promise<string> {
  const { target, ctx, testCmd, opts } = run;
  const inputs = await Promise.all(
    shown.map(async (f) => ({
      file: f.file,
      text: await readFile(path.join(target.root, f.file), 'utf8').catch(() => ''),
      executedLines: [...(calledFunctions.get(f.file) ?? []), ...(f.evidence.frames ?? []).map((fr) => fr.line), ...(f.evidence.functions ?? []).map((fn) => fn.line)],
    })),
  );
  const output = shownOutput(failing.outputTail, ctx.env);
  const section = failureSection(output, repositoryFailures(target.root)(output), OUTPUT_TAIL_CHARS);
  const failures = [section.failures, section.tail.trim()].filter((t) => t !== '').join('\n\n');
  const outlines = (await outlineFiles(inputs)).map(renderOutline);
  return buildRerankPrompt({ testCmd, failures, outlines, maxFiles: opts.maxFiles });
}

/** stderr: the choice with its reasons, what was dropped, or why the deterministic top stands; and the ranking. */
function report(run: Run, rerank: Rerank): void {
  const say = (line: string) => run.reporter.info(`${TOOL}: ${line}`);
  for (const r of rerank.rejected) say(`the model's pick ${JSON.stringify(r.file)} was dropped: ${r.why}`);
  if (rerank.fallback !== null) say(`the model's pick is not used (${rerank.fallback}): keeping the deterministic top ${rerank.files.length}`);
  else say(`the model picked: ${rerank.chosen.map((c) => `${c.file} (${c.reason})`).join('; ')}`);
  say(`the deterministic ranking it picked from: ${rerank.ranking.map((f, i) => `${i + 1}. ${f.file} ${f.score.toFixed(3)}`).join(', ')}`);
}

function lead(ranked: readonly LocalizedFile[]): string {
  return `top ${ranked[0]!.score.toFixed(3)}, second ${ranked[1]?.score.toFixed(3) ?? '-'}`;
}
