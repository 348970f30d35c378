// The consensus-synthesis command: options → stage-1 input → reviewers in parallel → blind
// chairman with fallback → report file, SARIF, and the verdict. The one function cli.ts calls;
// each phase is a function of its own, named for it: preflight, inputs, ask, settle, chair,
// decide, write.

import { randomInt } from 'node:crypto';
import path from 'node:path';
import {
  createReporter,
  gateFail,
  loadProjectConfig,
  mulberry32,
  opError,
  pass,
  prewarmProviders,
  promptOnly,
  sumUsage,
  terminalSafe,
  withConfigEnv,
  writeFileAtomic,
  type Outcome,
  type Reporter,
} from '@adlc/core';
import { callFailureHint, type CallOptions, type Settled } from './panel/call-models.js';
import { askInParts, type PanelAnswers } from './panel/ask-in-parts.js';
import { chunksOutput, partProblems } from './report/chunks-output.js';
import { qualifyVerdict } from './chair/coverage-verdict.js';
import { chairPromptFor } from './chair/chair-prompt.js';
import { buildConsensus, reviewerResults, synthesisProblem, type BuiltConsensus } from './chair/consensus.js';
import { buildStage1Input, type Stage1Input } from './inputs/stage1-input.js';
import { assignLetters } from './panel/letters.js';
import { checkOptions, SYNTHESIS_OPTIONS, type Options, type RawOptions } from './options.js';
import { decidePartialSuccess, minReviewersProblem } from './review/partial-success.js';
import { createRedactor, type Redactor } from './inputs/redact-context.js';
import { renderText } from './report/render-text.js';
import { renderReport, writeReport, type ReportInput } from './report/report-file.js';
import { chairmenFor, defaultReviewers, parseReviewerList, type ReviewerSpec } from './panel/reviewers.js';
import { toSarif } from './report/sarif.js';
import { readFlaggedLines } from './report/flagged-lines.js';
import type { Chairman, Chunks, Consensus, ConsensusOutput, GitHubReview, ReviewerResult } from './report/output-schema.js';
import { pullRequestTarget, type PullRequestTarget } from './github/pull-request-target.js';
import { postReview, retireReviews, type PostDeps } from './github/post-review.js';
import { appendJobSummary } from './github/job-summary.js';
import { checkOutputPaths } from './report/output-paths.js';
import { chair, type ChairResult } from './chair/chair.js';
import pkg from '../package.json' with { type: 'json' };

/** The package's version (SARIF's tool.driver.version). */
export const VERSION: string = pkg.version;

export interface RunDeps {
  env: NodeJS.ProcessEnv;
  cwd: string;
  readStdin?: () => Promise<string>;
  now?: () => Date;
  /** Where progress and warnings go instead of stderr (an MCP host turns progress into notifications). */
  reporter?: Reporter;
}

/** What every phase after the pre-flight needs: the checked options, the panel and the edges. */
interface Run {
  opts: Options;
  env: NodeJS.ProcessEnv;
  cwd: string;
  reporter: Reporter;
  redactor: Redactor;
  reviewers: ReviewerSpec[];
  chairmen: ReviewerSpec[];
  callOpts: CallOptions;
  /** Settles once every provider's SDK has loaded (or failed to): stage 1 waits for it, so its requests leave together. */
  providersReady: Promise<void>;
  /** Where --github-review posts; null without it. */
  pullRequest: PullRequestTarget | null;
}

/** Stage 1 settled: who answered under which letter, and what the run must say about it. */
interface Stage1 {
  settled: Settled[];
  /** code-review: the diff's parts and their calls. */
  chunks: Chunks | undefined;
  instructions: ConsensusOutput['instructions'];
  letters: Array<{ letter: string; name: string }>;
  results: ReviewerResult[];
  knownFiles: readonly string[];
  answered: number;
  total: number;
  /** The partial-success rule's warnings, then one note per reviewer that did not answer. */
  warnings: string[];
  /** The partial-success rule's verdict: a single analysis, so nothing stays High Priority. */
  demoteHigh: boolean;
  /** The report's fields known once stage 1 settled. */
  reportBase: Omit<ReportInput, 'chairman' | 'chairFailures' | 'synthesis' | 'gate' | 'error' | 'warnings'>;
}

interface Chaired {
  result: Extract<ChairResult, { ok: true }>;
  /** One note per chairman that failed before this one answered. */
  warnings: string[];
}

interface Decided {
  built: BuiltConsensus;
  chairman: Chairman;
  synthesis: string;
}

export async function runConsensusSynthesis(raw: RawOptions, deps: RunDeps): Promise<Outcome<ConsensusOutput>> {
  const run = await preflight(raw, deps);
  const input = await buildStage1Input(run.opts, { cwd: run.cwd, redactor: run.redactor, readStdin: deps.readStdin ?? readAllStdin });
  const early = await answerWithoutAsking(run, input);
  if (early !== null) return early;
  const answers = await askReviewers(run, input);
  const stage1 = await settle(run, input, answers, (deps.now ?? (() => new Date()))());
  const stage2 = await chairConsensus(run, input, stage1);
  const decided = decide(run, input, stage1, stage2);
  return write(run, input, stage1, stage2, decided);
}

/** Pre-flight: options (over the config file's), panel and chairmen, output paths; everything refused before a model is paid for. */
async function preflight(raw: RawOptions, deps: RunDeps): Promise<Run> {
  const { cwd } = deps;
  const config = await loadProjectConfig(SYNTHESIS_OPTIONS, { cwd });
  const opts = checkOptions(raw, config);
  const env = withConfigEnv(deps.env, config);
  const reporter = deps.reporter ?? createReporter({ name: 'consensus-synthesis', json: opts.json, quiet: opts.quiet, env });
  const redactor = createRedactor(env);
  const reviewers = opts.reviewers ? parseReviewerList(opts.reviewers) : opts.promptOnly ? [] : defaultReviewers(env);
  const tooMany = opts.promptOnly ? null : minReviewersProblem(opts.minReviewers, reviewers.length);
  if (tooMany) throw opError(tooMany.error, { hint: tooMany.hint });
  const chairmen = opts.promptOnly ? [] : chairmenFor(opts.chairman, reviewers, env);
  if (!opts.promptOnly && chairmen.length === 0) {
    throw opError('no chairman available: none of Claude, Gemini or OpenAI has a key', { hint: 'name one with --chairman (e.g. --chairman "command:claude -p")' });
  }
  await checkOutputPaths(opts, cwd);
  const pullRequest = opts.mode === 'code-review' && opts.githubReview && !opts.promptOnly ? pullRequestTarget(env, opts.githubPr) : null;
  // The SDKs load while git and the files are read, instead of after.
  const providersReady = opts.promptOnly ? Promise.resolve() : prewarmProviders([...reviewers, ...chairmen].map((spec) => spec.provider), { env, cwd });
  const callOpts: CallOptions = { env, cwd, tier: opts.tier, timeoutMs: opts.timeoutMs };
  return { opts, env, cwd, reporter, redactor, reviewers, chairmen, callOpts, providersReady, pullRequest };
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function redactionsOf(redactor: Redactor): ConsensusOutput['redactions'] {
  return { count: redactor.total.count, kinds: { ...redactor.total.kinds } };
}

/**
 * Inputs read: --prompt-only prints the prompt, and an empty diff has nothing to ask about; with
 * --github-review the tool's earlier reviews are retired, their items being about code now gone.
 */
async function answerWithoutAsking(run: Run, input: Stage1Input): Promise<Outcome<ConsensusOutput> | null> {
  const { opts } = run;
  if (opts.promptOnly) return promptOnly(stage1Prompts(input), opts.json) as Outcome<never>;
  if (input.mode !== 'code-review' || !input.empty) return null;
  const doc: ConsensusOutput = {
    mode: 'code-review',
    reviewers: [],
    answered: 0,
    total: 0,
    consensus: { high: [], medium: [], consider: [], recommendation: 'approve', recommendationText: null },
    chairman: null,
    synthesis: '',
    gate: { failOn: opts.failOn, failed: false, reason: `no changes between ${input.target}` },
    reportPath: null,
    sarifPath: null,
    redactions: redactionsOf(run.redactor),
    truncated: false,
    warnings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  if (run.pullRequest !== null) {
    const target = run.pullRequest;
    const why = input.excluded.length > 0 ? 'every changed file is excluded by --exclude' : 'the diff is empty';
    doc.githubReview = await publishReview(run, `Nothing to review; retiring earlier reviews on ${target.owner}/${target.repo}#${target.number}...`, input.change.headSha, (deps) =>
      retireReviews(target, why, deps),
    );
  }
  return pass(doc, opts.json ? { json: doc } : { text: renderText(doc) });
}

/** The stage-1 prompts with their labels: one, or one per part of the diff. */
function stage1Prompts(input: Stage1Input): Array<{ label: string; prompt: string }> {
  const prompts = input.mode === 'code-review' ? input.prompts : [input.prompt];
  if (prompts.length === 1) return [{ label: 'stage 1 (sent to every reviewer)', prompt: prompts[0]! }];
  return prompts.map((prompt, i) => ({ label: `stage 1, part ${i + 1} of ${prompts.length} (sent to every reviewer)`, prompt }));
}

/** Stage 1, ask: every prompt (one per part of the diff) to every reviewer in parallel, with progress on a terminal. */
async function askReviewers(run: Run, input: Stage1Input): Promise<PanelAnswers> {
  const { reporter, redactor } = run;
  if (redactor.total.count > 0) reporter.warn(`redacted ${redactor.total.count} secret(s) before sending (see the report for kinds)`);
  const prompts = input.mode === 'code-review' ? input.prompts : [input.prompt];
  const calls = prompts.length > 1 ? ` calls (${run.reviewers.length} reviewers × ${prompts.length} parts)` : '';
  const total = run.reviewers.length * prompts.length;
  reporter.progress(`Stage 1: Collecting reviews... 0/${total}${calls} complete`, 'stage 1');
  // One reviewer's request must not leave while another's SDK still loads (the loads run on this thread).
  await run.providersReady;
  const answers = await askInParts(run.reviewers, prompts, {
    ...run.callOpts,
    jobs: run.opts.jobs,
    partFiles: input.mode === 'code-review' ? input.parts.chunks.map((c) => c.files) : [[]],
    partCount: input.mode === 'code-review' ? input.parts.chunks.length : 1,
    onSettled: (done) => reporter.progress(`Stage 1: Collecting reviews... ${done}/${total}${calls} complete`, 'stage 1'),
  });
  reporter.endProgress();
  return answers;
}

/** Stage 1, settle: blind letters, parsed results, notes; the partial-success rule may stop the run here. */
async function settle(run: Run, input: Stage1Input, answers: PanelAnswers, date: Date): Promise<Stage1> {
  const { opts, reporter } = run;
  const { settled } = answers;
  const chunks = input.mode === 'code-review' ? chunksOutput(input.parts, input.excluded, answers.calls) : undefined;
  const knownFiles = input.mode === 'code-review' ? input.context.files : [];
  const answeredSpecs = settled.filter((s) => s.ok);
  const seed = opts.seed ?? randomInt(0, 2 ** 31);
  const letters = assignLetters(answeredSpecs.map((s) => s.spec.name), mulberry32(seed));
  const results = reviewerResults(input.mode, settled, letters, knownFiles);
  const failures = results.filter((r) => r.status !== 'ok').map((r) => `${r.name} ${r.status === 'truncated' ? 'was cut off' : 'did not answer'}: ${r.error}`);
  const reportBase: Stage1['reportBase'] = {
    mode: input.mode,
    date,
    target: input.target,
    stage1Prompt: input.prompt,
    stage1Prompts: stage1Prompts(input),
    chunks: chunks ?? null,
    reviewers: results,
    redactions: redactionsOf(run.redactor),
    truncated: input.mode === 'code-review' ? !(chunks?.complete ?? true) : input.context.contextTruncated,
  };
  const answered = answeredSpecs.length;
  const total = run.reviewers.length;
  const instructions = input.instructions && { file: input.instructions.file, bytes: input.instructions.bytes, truncated: input.instructions.truncated };
  const stage1 = { settled, chunks, instructions, letters, results, knownFiles, answered, total, reportBase };
  const kinds = settled.flatMap((s) => (s.ok ? [] : [s.kind]));
  const partial = decidePartialSuccess({ answered, requested: total, minReviewers: opts.minReviewers, failures, kinds });
  if (!partial.ok) {
    if (opts.json) for (const failure of failures) reporter.warn(terminalSafe(failure));
    return stopWithReport(run, { ...stage1, warnings: failures }, partial.error, {}, partial.hint);
  }
  // The run goes on without them: each note says what to check (core's table), as a refusal's hint would.
  const notes = failures.map((failure, i) => `${failure}; ${callFailureHint([kinds[i]!])}`);
  if (opts.json) for (const note of notes) reporter.warn(terminalSafe(note));
  // A part no reviewer answered was not reviewed: an operational error, never silently skipped.
  const parts = chunks ? partProblems(chunks) : { unreviewed: [], missed: [] };
  if (parts.unreviewed.length > 0) {
    return stopWithReport(run, { ...stage1, warnings: [...notes, ...parts.missed] }, parts.unreviewed.join('; '), {}, 'run again, raise --timeout, or lower --jobs if a provider limits the calls');
  }
  notes.push(...parts.missed);
  if (opts.json) for (const note of parts.missed) reporter.warn(terminalSafe(note));
  if (opts.json) for (const w of partial.warnings) reporter.warn(terminalSafe(w.replace(/^WARNING: /, '')));
  return { ...stage1, warnings: [...partial.warnings, ...notes], demoteHigh: partial.demoteHigh };
}

/** A run that stops after stage 1 still writes its report, and the error names it. */
async function stopWithReport(run: Run, stage1: Pick<Stage1, 'reportBase' | 'warnings'>, message: string, extra: Partial<ReportInput>, hint: string): Promise<never> {
  const report = renderReport({
    ...stage1.reportBase,
    chairman: null,
    chairFailures: [],
    synthesis: null,
    gate: null,
    warnings: stage1.warnings,
    error: message,
    ...extra,
  });
  const reportPath = await writeReport(report, { out: run.opts.out, cwd: run.cwd, env: run.env });
  throw opError(terminalSafe(message), { hint: `${hint}; detailed breakdown: ${reportPath}` });
}

/** Stage 2, chair: the blind chairman, with fallback; when every chairman fails the run stops. */
async function chairConsensus(run: Run, input: Stage1Input, stage1: Stage1): Promise<Chaired> {
  const { opts, reporter } = run;
  const chairPrompt = chairPromptFor(input, stage1.letters, stage1.settled, stage1.total);
  const stage2 = await chair(chairPrompt, run.chairmen, {
    ...run.callOpts,
    validate: (text) => synthesisProblem(input.mode, text),
    onAttempt: (spec) => reporter.progress(`Stage 2: ${spec.name} is compiling the consensus...`),
  });
  reporter.endProgress();
  const chairWarnings = stage2.failed.map((f) => `${f.name} could not chair: ${f.error}`);
  if (!stage2.ok) {
    return stopWithReport(
      run,
      stage1,
      `every chairman failed: ${chairWarnings.join('; ')}`,
      { chairFailures: stage2.failed },
      `${callFailureHint(stage2.kinds)}; or pick a chairman with --chairman`,
    );
  }
  if (opts.json) for (const w of chairWarnings) reporter.warn(terminalSafe(w));
  return { result: stage2, warnings: chairWarnings };
}

/** Decide: the chairman's report parsed, the agreement rules applied, and the gate. */
function decide(run: Run, input: Stage1Input, stage1: Stage1, stage2: Chaired): Decided {
  const names = Object.fromEntries(stage1.letters.map(({ letter, name }) => [letter, name]));
  const { settled, failed } = stage2.result;
  const synthesis = settled.text;
  const built = buildConsensus(input.mode, synthesis, names, stage1.knownFiles, stage1.demoteHigh, run.opts.failOn);
  if (stage1.chunks) {
    const qualified = qualifyVerdict(built.consensus, stage1.chunks);
    built.consensus = qualified.consensus;
    if (qualified.warning) built.warnings.push(qualified.warning);
  }
  const chairman: Chairman = {
    name: settled.spec.name,
    provider: settled.spec.provider,
    model: settled.model,
    durationMs: Math.round(settled.durationMs),
    failed,
  };
  return { built, chairman, synthesis };
}

/** Write: the report file, the SARIF file, and the document the verdict carries. */
async function write(run: Run, input: Stage1Input, stage1: Stage1, stage2: Chaired, decided: Decided): Promise<Outcome<ConsensusOutput>> {
  const { opts } = run;
  const { built, chairman, synthesis } = decided;
  // Notes in the order they arose: stage 1, the chairmen, the consensus.
  const warnings = [...stage1.warnings, ...stage2.warnings, ...built.warnings];
  const reportPath = await writeReport(
    renderReport({ ...stage1.reportBase, chairman, chairFailures: stage2.result.failed, synthesis, gate: built.gate, warnings, error: null }),
    { out: opts.out, cwd: run.cwd, env: run.env },
  );
  const sarifPath = await writeSarif(run, input, stage1.results, built.consensus, reportPath);
  const doc: ConsensusOutput = {
    mode: stage1.reportBase.mode,
    reviewers: stage1.results,
    answered: stage1.answered,
    total: stage1.total,
    consensus: built.consensus,
    chairman,
    synthesis,
    gate: built.gate,
    reportPath,
    sarifPath,
    redactions: redactionsOf(run.redactor),
    truncated: stage1.reportBase.truncated,
    warnings,
    usage: sumUsage(...stage1.settled.map((s) => s.usage), stage2.result.usage),
    ...(stage1.chunks ? { chunks: stage1.chunks } : {}),
    instructions: stage1.instructions,
  };
  const target = run.pullRequest;
  if (target !== null && input.mode === 'code-review') {
    doc.githubReview = await publishReview(run, `Posting the review to ${target.owner}/${target.repo}#${target.number}...`, input.change.headSha, (deps) =>
      postReview(target, doc, deps),
    );
  }
  const output = opts.json ? { json: doc } : { text: renderText(doc) };
  return built.gate.failed ? gateFail(doc, output) : pass(doc, output);
}

/** Publish: the consensus as one review of the pull request (or the earlier ones retired); GitHub's failures are warnings, never the verdict. */
async function publishReview(run: Run, progress: string, reviewedHead: string | null, publish: (deps: PostDeps) => Promise<GitHubReview>): Promise<GitHubReview> {
  run.reporter.progress(progress);
  const review = await publish({ env: run.env, reviewedHead, version: VERSION });
  run.reporter.endProgress();
  for (const warning of review.warnings) run.reporter.warn(terminalSafe(warning));
  if (review.warnings.length > 0) {
    await appendJobSummary(run.env, ['### consensus-synthesis: GitHub review', '', ...review.warnings.map((w) => `- WARNING: ${w}`)].join('\n'));
  }
  return review;
}

async function writeSarif(run: Run, input: Stage1Input, reviewers: readonly ReviewerResult[], consensus: Consensus, reportPath: string): Promise<string | null> {
  if (run.opts.sarif === undefined) return null;
  const target = path.resolve(run.cwd, run.opts.sarif);
  const items = [...consensus.high, ...consensus.medium, ...consensus.consider];
  const lineText = input.mode === 'code-review' ? await readFlaggedLines(items, input.change) : () => null;
  const log = toSarif({ consensus, reviewers, version: VERSION, lineText });
  await writeFileAtomic(target, `${JSON.stringify(log, null, 2)}\n`).catch((error: unknown) => {
    throw opError(`cannot write --sarif ${run.opts.sarif}: ${(error as Error).message}`, { hint: `the report was written to ${reportPath}` });
  });
  return target;
}
