// One calibration trial: filter equivalent plants by their witnesses, run the two controls, plant
// every bug, run the reviewer, take the plants out again (always), and score what it said.

import { opError, type FileSnapshot, type Reporter } from '@adlc/core';
import { applyPlants, byFile } from '../plants/apply.js';
import { echoOutput, judgeControls, oracleOutput, type ControlVerdict } from '../score/controls.js';
import { locateFindings, score, type Score } from '../score/score.js';
import type { EquivalentPlants, Identification, Plant, Scorer } from '../types.js';
import { checkKey, coveredFiles, onCleanTree, runChecks, type CheckContext } from './discriminate.js';
import { identify, judgeAgreement } from './identify.js';
import type { JudgeContext } from './judge.js';
import { parseFindings, type FindingsFormat } from './parse-findings.js';
import { parseUsage, type ReviewerUsage } from './parse-usage.js';
import type { Reviewer } from './reviewers.js';
import { runReviewCommand, type ReviewRun } from './run-reviewer.js';

export interface TrialContext {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  commit: string;
  /** Each sees the same plants in turn, the files restored before the next. */
  reviewers: readonly Reviewer[];
  scorer: Scorer;
  snapshot: FileSnapshot;
  checks: CheckContext;
  judge?: JudgeContext;
  reviewTimeoutMs: number;
  /** The project's tests: a model plant they do not tell apart from the original is marked unverified. */
  testCmd?: string;
  /**
   * Fewer valid plants than this is an operational error; `fromFile` says whether they came from
   * --plants-file, `discarded` what the model proposed that failed its checks (the error names them).
   */
  minPlants: { count: number; fromFile: boolean; discarded?: ReadonlyArray<{ file: string; reason: string }> };
  reporter: Reporter;
}

export interface TrialResult {
  seed: number;
  score: Score;
  controls: ControlVerdict;
  reviewExitCode: number;
  format: FindingsFormat;
  judgeAgreement: number | null;
  judgeInvalid: number;
  warnings: string[];
  /** Model plants the project's tests (--test-cmd) do not tell apart from the original: reported, still scored. */
  unverified: ReadonlySet<string>;
  /** The reviewer's wall time and what it said it used, for the side-by-side comparison. */
  wallMs: number;
  usage: ReviewerUsage | null;
}

/** One trial: the same plants shown to every reviewer; one result per reviewer, in their order. */
export async function runTrial(plants: readonly Plant[], seed: number, ctx: TrialContext): Promise<TrialResult[]> {
  const warnings: string[] = [];
  const equivalent = await equivalentPlants(plants, ctx, warnings);
  const valid = plants.filter((p) => !equivalent.has(p.id));
  if (valid.length === 0) {
    throw opError(`no valid plants: all ${plants.length} witnesses fail to tell the plant from the original (equivalent mutants)`, {
      hint: 'check the witness commands in --plants-file: each must pass on the clean tree and fail with its plant applied',
    });
  }
  assertEnoughPlants(valid.length, plants.length - valid.length, ctx.minPlants);
  const unverified = await unverifiedPlants(valid, ctx, warnings);

  const runControls = async (): Promise<ControlVerdict> => {
    // The echoer brings no repros; saying so keeps the controls off the tree while the reviewer runs.
    const echo = await assess(echoOutput(valid), plants, equivalent, ctx, { useRepros: false, measureAgreement: false });
    // Under the judge the oracle is judged like any reviewer (no repros); under repro it brings its own.
    const oracle = await assess(oracleOutput(valid, ctx.scorer === 'repro'), plants, equivalent, ctx, {
      useRepros: ctx.scorer === 'repro',
      measureAgreement: false,
    });
    const verdict = judgeControls(ctx.scorer, echo.score, oracle.score);
    if (verdict.failures.length > 0) {
      throw opError(`the scorer is broken: ${verdict.failures.join('; ')}`, {
        hint:
          ctx.scorer === 'judge'
            ? 'the judge model does not tell a real finding from a pointer; try another model (ADLC_MODEL_CHEAP) or --scorer repro'
            : 'this is a bug in review-calibration; report it with --json output',
      });
    }
    return verdict;
  };

  let controls: ControlVerdict;
  let reviews: ReviewRun[];
  if (ctx.scorer === 'repro') {
    // The oracle's repros need the tree, so the controls go first.
    controls = await runControls();
    reviews = await runReviewers(plants, ctx);
  } else {
    // Judging the controls needs no tree: it runs while the reviewers do. A failed control stops
    // the reviewer running, and waits for it to be gone before the files are restored.
    const stop = new AbortController();
    const [c, r] = await Promise.allSettled([
      runControls().catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
      runReviewers(plants, ctx, stop.signal),
    ]);
    if (c.status === 'rejected') throw c.reason;
    if (r.status === 'rejected') throw r.reason;
    controls = c.value;
    reviews = r.value;
  }
  warnings.push(...controls.warnings);

  const results: TrialResult[] = [];
  for (const [i, review] of reviews.entries()) {
    const mine = [...warnings];
    const reviewed = await assess(review.stdout, plants, equivalent, ctx, { useRepros: true, measureAgreement: true });
    const judgeInvalid = reviewed.identifications.filter((x) => x.judgeInvalid).length;
    if (judgeInvalid > 0) mine.push(`${who(ctx, i)}${judgeInvalid} judge answer(s) were invalid twice and counted as no match`);
    results.push({
      seed,
      score: reviewed.score,
      controls,
      reviewExitCode: review.exitCode,
      format: reviewed.format,
      judgeAgreement: ctx.scorer === 'judge' ? judgeAgreement(reviewed.identifications) : null,
      judgeInvalid,
      warnings: mine,
      unverified,
      wallMs: review.wallMs,
      usage: parseUsage(review.stdout),
    });
  }
  return results;
}

/** `name: ` before a reviewer's own warnings when there are several. */
function who(ctx: TrialContext, i: number): string {
  return ctx.reviewers.length > 1 ? `${ctx.reviewers[i]?.name ?? i}: ` : '';
}

/** Every reviewer in turn on the planted tree; the plants are written afresh and taken out for each. */
async function runReviewers(plants: readonly Plant[], ctx: TrialContext, signal?: AbortSignal): Promise<ReviewRun[]> {
  const runs: ReviewRun[] = [];
  for (const [i, reviewer] of ctx.reviewers.entries()) {
    ctx.reporter.progress(`${ctx.reviewers.length > 1 ? `reviewer ${reviewer.name} (${i + 1}/${ctx.reviewers.length})` : 'reviewer'}: running on ${plants.length} planted ${plants.length === 1 ? 'bug' : 'bugs'}…`);
    runs.push(await runReviewer(reviewer.command, plants, ctx, signal));
  }
  return runs;
}

/** A recall over fewer plants than `--min-plants` is no number to gate on: say so and stop. */
function assertEnoughPlants(valid: number, excluded: number, min: TrialContext['minPlants']): void {
  if (valid >= min.count) return;
  const plants = `${valid} plant${valid === 1 ? '' : 's'}`;
  const equivalent = excluded > 0 ? ` (${excluded} more excluded as equivalent mutants)` : '';
  if (min.fromFile) {
    throw opError(`only ${plants} of --plants-file ${valid === 1 ? 'is' : 'are'} valid${equivalent}: add plants, or lower --min-plants (now ${min.count})`);
  }
  const discarded = min.discarded ?? [];
  const why =
    discarded.length === 0
      ? ''
      : `${discarded.length} of the model's plants failed their checks (${discarded
          .slice(0, 3)
          .map((d) => `${d.file}: ${d.reason}`)
          .join('; ')}${discarded.length > 3 ? '; …' : ''}); `;
  throw opError(`only ${plants} ${valid === 1 ? 'fits' : 'fit'} in this commit${equivalent}: widen it with --commit A..B or --files, or lower --min-plants (now ${min.count})`, {
    hint: `${why}a recall over ${plants} can only be ${recallSteps(valid)}`,
  });
}

/** The values a recall over `n` plants can take, said for a few (`0%, 50% or 100%`). */
export function recallSteps(n: number): string {
  if (n < 1) return 'undefined';
  if (n > 4) return `a multiple of ${Math.round(1000 / n) / 10}%`;
  const steps = Array.from({ length: n + 1 }, (_, k) => `${Math.round((1000 * k) / n) / 10}%`);
  return `${steps.slice(0, -1).join(', ')} or ${steps[n]}`;
}

/** Parse → locate → identify → score: the one path for the reviewer and both controls. */
async function assess(
  output: string,
  plants: readonly Plant[],
  equivalent: EquivalentPlants,
  ctx: TrialContext,
  opts: { useRepros: boolean; measureAgreement: boolean },
): Promise<{ score: Score; format: FindingsFormat; identifications: Identification[] }> {
  const parsed = parseFindings(output);
  const located = locateFindings(parsed.findings, plants);
  const identifications = await identify(located, {
    scorer: ctx.scorer,
    equivalent,
    useRepros: opts.useRepros,
    measureAgreement: opts.measureAgreement,
    checks: ctx.checks,
    ...(ctx.judge ? { judge: ctx.judge } : {}),
  });
  return { score: score({ plants, equivalent, located, identifications }), format: parsed.format, identifications };
}

/**
 * Model plants (without a witness) in files the project's tests cover, that the tests pass with:
 * no test run tells them apart from the original. A file the tests do not cover says nothing of its plants.
 */
async function unverifiedPlants(plants: readonly Plant[], ctx: TrialContext, warnings: string[]): Promise<Set<string>> {
  const unverified = new Set<string>();
  const command = ctx.testCmd;
  const candidates = command ? plants.filter((p) => p.source === 'model' && !p.witness) : [];
  if (!command || candidates.length === 0) return unverified;
  const files = [...new Set(candidates.map((p) => p.file))];
  ctx.reporter.progress(`tests: which of ${files.length} file(s) they cover, then ${candidates.length} model plant(s)…`);
  // The clean run first: tests that fail on the clean tree tell nothing apart.
  const clean = await onCleanTree(command, ctx.checks);
  if (!clean.passed) {
    warnings.push(`--test-cmd fails on the clean tree (${clean.describe}): no model plant could be verified`);
    return unverified;
  }
  const covered = await coveredFiles(command, files, ctx.checks);
  for (const file of files.filter((f) => !covered.has(f))) {
    warnings.push(`--test-cmd does not cover ${file} (its tests pass with the file replaced by text that is no code): its model plants are not checked`);
  }
  const checks = candidates.filter((p) => covered.has(p.file)).map((plant) => ({ command, plant }));
  const results = await runChecks(checks, ctx.checks);
  for (const check of checks) {
    if (!results.get(checkKey(check))?.discriminates) unverified.add(check.plant.id);
  }
  return unverified;
}

/** The plants whose witness does not discriminate, each with why (the report shows it). */
async function equivalentPlants(plants: readonly Plant[], ctx: TrialContext, warnings: string[]): Promise<Map<string, string>> {
  const equivalent = new Map<string, string>();
  const checks = plants.flatMap((plant) => (plant.witness ? [{ command: plant.witness, plant }] : []));
  if (checks.length === 0) return equivalent;
  ctx.reporter.progress(`witnesses: checking ${checks.length} plant(s) for equivalent mutants…`);
  const results = await runChecks(checks, ctx.checks);
  for (const check of checks) {
    const result = results.get(checkKey(check));
    if (result?.discriminates) continue;
    const why = `its witness ${result?.reason ?? 'did not run'}`;
    equivalent.set(check.plant.id, `equivalent mutant: ${why}`);
    warnings.push(`plant ${check.plant.file}:${check.plant.line} is excluded as an equivalent mutant: ${why}`);
  }
  return equivalent;
}

async function runReviewer(command: string, plants: readonly Plant[], ctx: TrialContext, signal?: AbortSignal): Promise<ReviewRun> {
  try {
    for (const [file, mine] of byFile(plants)) {
      const original = ctx.snapshot.original(file)?.toString('utf8') ?? '';
      await ctx.snapshot.write(file, applyPlants(original, mine));
    }
    return await runReviewCommand(command, ctx, signal);
  } finally {
    await ctx.snapshot.restore();
  }
}
