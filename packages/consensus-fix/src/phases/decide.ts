// The decide phase: the seed's rules applied to the settled candidates — group the survivors by
// agreement, the verdict, the smallest fix of the largest group — gathered into the run's result.

import { sumUsage, type CommandResult, type FanResult } from '@adlc/core';
import { withoutAnsi } from '@adlc/localize';
import { shownOutput } from '../output/ansi.js';
import type { Rounds } from './rounds.js';
import { decideVerdict, groupSurvivors, selectWinner, type Survivor } from '../candidates/grouping.js';
import { askedCount, verdictMessage, type CandidateRecord, type RunResult } from '../output/result.js';
import type { Run } from './start-up.js';

/** Decide: group, judge and select among the survivors; the result carries no output yet (`write` finishes it). */
export function decide(run: Run, { candidates, asked, rounds }: Rounds, preflight: CommandResult): RunResult {
  const { opts, testCmd, warnings } = run;
  const survivors = survivorsOf(candidates);
  const groups = groupSurvivors(survivors);
  const verdict = decideVerdict(opts.n, groups);
  const chosen = verdict === 'pass' ? selectWinner(survivors, groups) : null;
  explainRailsAtBaseline(candidates, asked.baselineRails, run);
  explainTruncated(candidates, run);
  explainCoverageThreshold(candidates, run);

  const { baselineRails } = asked;
  const result: RunResult = {
    testCmd,
    rails: opts.rails,
    n: opts.n,
    jobs: opts.jobs,
    normalize: opts.normalize,
    editFormat: run.editFormat ?? 'whole',
    railsChecked: opts.rails !== undefined,
    candidates,
    groups,
    verdict,
    winner: null,
    message: verdictMessage(verdict, survivors.length, askedCount({ rounds, n: opts.n })),
    failingTests: run.failingTests ?? [],
    baseline: { testExitCode: preflight.exitCode, railsExitCode: baselineRails?.exitCode ?? null, railsTimedOut: baselineRails?.timedOut ?? false },
    postApply: null,
    usage: usageOf(asked.completions),
    durationMs: 0,
    warnings,
    ...(run.localization ? { localization: run.localization } : {}),
    rounds,
    ...(run.rerank ? { rerank: run.rerank } : {}),
  };
  if (chosen) {
    const record = candidates.find((c) => c.index === chosen.index)!;
    result.winner = { ...chosen, changes: record.changes ?? [], diff: record.diff ?? '', applied: false, flaky: false };
  }
  return result;
}

/** The survivors as the grouping rules take them. */
export function survivorsOf(candidates: readonly CandidateRecord[]): Survivor[] {
  return candidates.filter((c) => c.status === 'survived').map((c) => ({ index: c.index, changedLines: c.changedLines ?? 0, key: c.key ?? '' }));
}

/** Every candidate that reached the rails failed there, and the rails were red before any change. */
function explainRailsAtBaseline(candidates: readonly CandidateRecord[], baseline: CommandResult | undefined, { warn, ctx }: Pick<Run, 'warn' | 'ctx'>): void {
  if (!baseline || baseline.exitCode === 0) return;
  const atRails = candidates.filter((c) => c.failure?.stage === 'rails').length;
  const elsewhere = candidates.filter((c) => c.status === 'survived' || c.failure?.stage === 'repro' || c.failure?.stage === 'syntax').length;
  if (atRails === 0 || elsewhere > 0) return;
  const state = baseline.timedOut ? 'timed out' : `exited ${baseline.exitCode}`;
  warn(
    `every candidate failed at the rails, and the rails were already red before any change (\`${baseline.command}\` ${state} at baseline). ` +
      `What failed at baseline:\n${failingLines(shownOutput(baseline.outputTail, ctx.env))}`,
  );
}

/**
 * The lines by which test runners fail a run on coverage, whatever its tests did: Jest; Istanbul's
 * check (Jest 30, nyc, c8 --check-coverage, Vitest); pytest-cov; node --test's --test-coverage-* flags.
 */
const COVERAGE_THRESHOLD = [
  /coverage threshold for \w+ \([\d.]+%\) not met/i,
  /Coverage for \w+ \([\d.]+%\) does not meet (?:"?global"? )?threshold/i,
  /Required test coverage of [\d.]+% not reached/i,
  /[\d.]+% \w+ coverage does not meet threshold of [\d.]+%/i,
];

/** The first line of a test run's output that fails it on a coverage threshold, or null. */
export function coverageThresholdLine(output: string): string | null {
  const line = withoutAnsi(output)
    .split(/\r?\n/)
    .find((l) => COVERAGE_THRESHOLD.some((re) => re.test(l)));
  return line === undefined ? null : line.trim();
}

/**
 * Candidates that failed the repro gate on a coverage threshold: a command that runs part of a suite
 * under a threshold fails for any fix, and "repro gate (exit 1)" alone does not say why. The tails
 * were already shown with secrets left out (gates.ts).
 */
function explainCoverageThreshold(candidates: readonly CandidateRecord[], { warn }: Pick<Run, 'warn'>): void {
  const failedRepro = candidates.filter((c) => c.failure?.stage === 'repro');
  const lines = failedRepro.map((c) => coverageThresholdLine(c.failure?.outputTail ?? '')).filter((l): l is string => l !== null);
  if (lines.length === 0) return;
  warn(
    `${lines.length} of the ${failedRepro.length} candidates that failed the repro gate failed it on a coverage threshold, not on a test ` +
      `(\`${lines[0]}\`): the test command fails for any fix. Turn coverage off in --test-cmd ` +
      '(Jest: --coverage=false; Vitest: --coverage.enabled=false; c8 or nyc: drop --check-coverage; pytest-cov: --no-cov)',
  );
}

/** Answers cut off at the token limit: how many, and how to raise it (or need less of it). */
function explainTruncated(candidates: readonly CandidateRecord[], run: Pick<Run, 'opts' | 'editFormat' | 'warn'>): void {
  const cut = candidates.filter((c) => c.discard?.reason === 'truncated').length;
  if (cut === 0) return;
  const { maxTokens } = run.opts;
  const shorter = run.editFormat === 'replace' ? '' : ', or ask for search/replace edits instead of whole files with --edit-format replace';
  run.warn(
    `${cut} of the ${candidates.length} answers ${cut === 1 ? 'was' : 'were'} cut off at the token limit (${maxTokens} tokens) and discarded: ` +
      `raise the limit with --max-tokens (e.g. --max-tokens ${maxTokens * 2})${shorter}`,
  );
}

/** The lines of a test run's output that name failures, or its last lines. */
export function failingLines(output: string, max = 12): string {
  const lines = withoutAnsi(output).split(/\r?\n/).filter((l) => l.trim() !== '');
  const failing = lines.filter((l) => /(^|\s)(not ok|FAIL|FAILED|✗|✖|×|Error:|AssertionError|failing)\b/i.test(l));
  const picked = (failing.length > 0 ? failing : lines).slice(-max);
  return picked.map((l) => `  ${l.trim()}`).join('\n');
}

function usageOf(completions: FanResult[]): RunResult['usage'] {
  const ok = completions.filter((c): c is Extract<FanResult, { ok: true }> => c.ok);
  return { ...sumUsage(...ok.map((c) => c.completion.usage)), calls: ok.length, failedCalls: completions.length - ok.length };
}
