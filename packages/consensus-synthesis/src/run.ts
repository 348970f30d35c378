// The consensus-synthesis command: options → stage-1 input → reviewers in parallel → blind
// chairman with fallback → report file, SARIF, and the verdict. The one function cli.ts calls.

import { randomInt } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createReporter, gateFail, mulberry32, opError, pass, prewarmProviders, promptOnly, writeFileAtomic, type Outcome } from '@adlc/core';
import { addUsage, buildConsensus, reviewerResults, synthesisProblem } from './consensus.js';
import { buildStage1Input, type Stage1Input } from './inputs.js';
import { assignLetters } from './letters.js';
import { checkOptions, type RawOptions } from './options.js';
import { chairmanCodeReviewPrompt, chairmanGeneralPrompt, type LetteredReview } from './prompts.js';
import { createRedactor } from './redact-context.js';
import { renderText } from './render.js';
import { renderReport, writeReport, type ReportInput } from './report.js';
import { chairmenFor, defaultReviewers, parseReviewerList } from './reviewers.js';
import { toSarif } from './sarif.js';
import type { ConsensusOutput } from './schema.js';
import { collectReviews } from './stage1.js';
import { terminalSafe } from './terminal-safe.js';
import { chair } from './stage2.js';
import pkg from '../package.json' with { type: 'json' };

/** The package's version (SARIF's tool.driver.version). */
export const VERSION: string = pkg.version;

export interface RunDeps {
  env: NodeJS.ProcessEnv;
  cwd: string;
  readStdin?: () => Promise<string>;
  now?: () => Date;
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function emptyOutput(input: Extract<Stage1Input, { mode: 'code-review' }>, failOn: ConsensusOutput['gate']['failOn'], redactions: ConsensusOutput['redactions']): ConsensusOutput {
  return {
    mode: 'code-review',
    reviewers: [],
    answered: 0,
    total: 0,
    consensus: { high: [], medium: [], consider: [], recommendation: 'approve', recommendationText: null },
    chairman: null,
    synthesis: '',
    gate: { failOn, failed: false, reason: `no changes between ${input.target}` },
    reportPath: null,
    sarifPath: null,
    redactions,
    truncated: false,
    warnings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

export async function runConsensusSynthesis(raw: RawOptions, deps: RunDeps): Promise<Outcome<ConsensusOutput>> {
  const opts = checkOptions(raw);
  const { env, cwd } = deps;
  const reporter = createReporter({ name: 'consensus-synthesis', json: opts.json, env });
  const redactor = createRedactor(env);
  const reviewers = opts.reviewers ? parseReviewerList(opts.reviewers) : opts.promptOnly ? [] : defaultReviewers(env);
  if (!opts.promptOnly && opts.minReviewers > reviewers.length) {
    throw opError(`--min-reviewers ${opts.minReviewers} is more than the ${reviewers.length} reviewer(s) configured`, {
      hint: 'lower --min-reviewers, or configure more providers (or name them with --reviewers)',
    });
  }
  const chairmen = opts.promptOnly ? [] : chairmenFor(opts.chairman, reviewers, env);
  if (!opts.promptOnly && chairmen.length === 0) {
    throw opError('no chairman available: none of Claude, Gemini or OpenAI has a key', { hint: 'name one with --chairman (e.g. --chairman "command:claude -p")' });
  }

  // Output paths are checked before any model is paid for.
  for (const [flag, file] of [['--out', opts.out], ['--sarif', opts.sarif]] as const) {
    if (file !== undefined && (await stat(path.resolve(cwd, file)).catch(() => null))?.isDirectory()) {
      throw opError(`${flag} ${file} is a directory`, { hint: `give ${flag} a file path` });
    }
  }
  // The SDKs load while git and the files are read, instead of after.
  if (!opts.promptOnly) prewarmProviders([...reviewers, ...chairmen].map((spec) => spec.provider), { env, cwd });
  const input = await buildStage1Input(opts, { cwd, redactor, readStdin: deps.readStdin ?? readAllStdin });
  if (opts.promptOnly) return promptOnly([{ label: 'stage 1 (sent to every reviewer)', prompt: input.prompt }], opts.json) as Outcome<never>;
  const redactions = () => ({ count: redactor.total.count, kinds: { ...redactor.total.kinds } });
  if (input.mode === 'code-review' && input.empty) {
    const doc = emptyOutput(input, opts.failOn, redactions());
    return pass(doc, opts.json ? { json: doc } : { text: `Nothing to review: no changes between ${input.target}.` });
  }
  if (redactor.total.count > 0) reporter.warn(`redacted ${redactor.total.count} secret(s) before sending (see the report for kinds)`);

  const callOpts = { env, cwd, tier: opts.tier, timeoutMs: opts.timeoutMs };
  const total = reviewers.length;
  reporter.progress(`Stage 1: Collecting reviews... 0/${total} complete`);
  const settled = await collectReviews(input.prompt, reviewers, {
    ...callOpts,
    onSettled: (_s, done) => reporter.progress(`Stage 1: Collecting reviews... ${done}/${total} complete`),
  });
  reporter.endProgress();

  const knownFiles = input.mode === 'code-review' ? input.context.files : [];
  const answeredSpecs = settled.filter((s) => s.ok);
  const seed = opts.seed ?? randomInt(0, 2 ** 31);
  const letters = assignLetters(answeredSpecs.map((s) => s.spec.name), mulberry32(seed));
  const results = reviewerResults(input.mode, settled, letters, knownFiles);
  const warnings = results.filter((r) => r.status !== 'ok').map((r) => `${r.name} did not answer: ${r.error}`);
  const answered = answeredSpecs.length;
  const date = (deps.now ?? (() => new Date()))();
  const truncated = input.mode === 'code-review' ? input.context.diffTruncated : input.context.contextTruncated;
  const reportBase: Omit<ReportInput, 'chairman' | 'chairFailures' | 'synthesis' | 'gate' | 'error' | 'warnings'> = {
    mode: input.mode,
    date,
    target: input.target,
    stage1Prompt: input.prompt,
    reviewers: results,
    redactions: redactions(),
    truncated,
  };
  const stopWithReport = async (message: string, extra: Partial<ReportInput>, hint: string): Promise<never> => {
    const reportPath = await writeReport(renderReport({ ...reportBase, chairman: null, chairFailures: [], synthesis: null, gate: null, warnings, error: message, ...extra }), {
      out: opts.out,
      cwd,
      env,
    });
    throw opError(terminalSafe(message), { hint: `${hint}; detailed breakdown: ${reportPath}` });
  };
  for (const warning of warnings) if (opts.json) reporter.warn(terminalSafe(warning));

  if (answered === 0) {
    await stopWithReport(`no reviewer answered (0/${total}): ${warnings.join('; ')}`, {}, 'check the keys, models (ADLC_MODEL_*) and --timeout');
  }
  if (answered < opts.minReviewers) {
    await stopWithReport(`only ${answered}/${total} reviewers answered, fewer than --min-reviewers ${opts.minReviewers}: ${warnings.join('; ')}`, {}, 'run again, or lower --min-reviewers');
  }
  if (answered === 1) {
    warnings.unshift(`WARNING: only 1 of ${total} reviewer${total === 1 ? '' : 's'} answered: this is a single analysis, not a consensus; the gate ran on a single reviewer, so nothing can reach High Priority`);
    if (opts.json) reporter.warn(terminalSafe(warnings[0]!.replace(/^WARNING: /, '')));
  }

  const reviews: LetteredReview[] = letters.map(({ letter, name }) => {
    const s = settled.find((x) => x.spec.name === name);
    return { letter, text: s && s.ok ? capReview(s.text) : '' };
  });
  const chairPrompt =
    input.mode === 'code-review'
      ? chairmanCodeReviewPrompt({ description: input.context.description, files: input.context.files, reviews, asked: total })
      : chairmanGeneralPrompt({ prompt: input.context.prompt, reviews, asked: total });
  const stage2 = await chair(chairPrompt, chairmen, {
    ...callOpts,
    validate: (text) => synthesisProblem(input.mode, text),
    onAttempt: (spec) => reporter.progress(`Stage 2: ${spec.name} is compiling the consensus...`),
  });
  reporter.endProgress();
  const chairWarnings = stage2.failed.map((f) => `${f.name} could not chair: ${f.error}`);
  if (!stage2.ok) {
    return stopWithReport(
      `every chairman failed: ${chairWarnings.join('; ')}`,
      { chairFailures: stage2.failed },
      'check the keys and --timeout, or pick a chairman with --chairman',
    );
  }
  warnings.push(...chairWarnings);
  if (opts.json) for (const w of chairWarnings) reporter.warn(terminalSafe(w));

  const names = Object.fromEntries(letters.map(({ letter, name }) => [letter, name]));
  const synthesis = stage2.settled.text;
  const built = buildConsensus(input.mode, synthesis, names, knownFiles, answered, opts.failOn);
  warnings.push(...built.warnings);
  const chairman = {
    name: stage2.settled.spec.name,
    provider: stage2.settled.spec.provider,
    model: stage2.settled.model,
    durationMs: Math.round(stage2.settled.durationMs),
    failed: stage2.failed,
  };
  const reportPath = await writeReport(
    renderReport({ ...reportBase, chairman, chairFailures: stage2.failed, synthesis, gate: built.gate, warnings, error: null }),
    { out: opts.out, cwd, env },
  );
  let sarifPath: string | null = null;
  if (opts.sarif !== undefined) {
    sarifPath = path.resolve(cwd, opts.sarif);
    const target = sarifPath;
    await writeFileAtomic(target, `${JSON.stringify(toSarif(results, VERSION), null, 2)}\n`).catch((error: unknown) => {
      throw opError(`cannot write --sarif ${opts.sarif}: ${(error as Error).message}`, { hint: `the report was written to ${reportPath}` });
    });
  }
  const doc: ConsensusOutput = {
    mode: input.mode,
    reviewers: results,
    answered,
    total,
    consensus: built.consensus,
    chairman,
    synthesis,
    gate: built.gate,
    reportPath,
    sarifPath,
    redactions: redactions(),
    truncated,
    warnings,
    usage: addUsage(...settled.map((s) => s.usage), stage2.usage),
  };
  const output = opts.json ? { json: doc } : { text: renderText(doc) };
  return built.gate.failed ? gateFail(doc, output) : pass(doc, output);
}

/** A reviewer's answer as the chairman gets it: long answers are cut, so stage 2 stays bounded. */
const REVIEW_LIMIT_CHARS = 24_000;
function capReview(text: string): string {
  return text.length <= REVIEW_LIMIT_CHARS ? text : `${text.slice(0, REVIEW_LIMIT_CHARS)}\n[Review truncated - showing first ${REVIEW_LIMIT_CHARS} characters]`;
}
