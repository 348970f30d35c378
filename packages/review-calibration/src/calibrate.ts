// The review-calibration command, in phases: pre-flight (the options over the config file, recover,
// refuse a dirty tree, find the reviewers and the judge), plant (targets and plants), review (each
// trial's controls and every reviewer under a journaled snapshot), decoys (clean runs), score
// (summarize each reviewer, gate on all), write (history, reports).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertCleanTree,
  ownOutputs,
  createReporter,
  dirtyFiles,
  FileSnapshot,
  gateFail,
  git,
  loadProjectConfig,
  isGitRepo,
  OpError,
  opError,
  pass,
  recoverJournals,
  redactSecrets,
  requireProvider,
  withConfigEnv,
  type Outcome,
  type Reporter,
  type Tier,
} from '@adlc/core';
import { appendHistory, historyEntry } from './report/history.js';
import type { JudgeContext } from './review/judge.js';
import { renderText } from './report/render-text.js';
import { renderHtml } from './report/render-html.js';
import { toMutationReport } from './report/mutation-report.js';
import { restore } from './restore.js';
import type { CalibrationJson, RestoreJson } from './schema.js';
import { summarize } from './score/summarize.js';
import { plantSource, trialPlants, type PlantSource } from './plants/plant-source.js';
import { rangeEnd } from './plants/commit-ref.js';
import { runTrial, type TrialResult } from './review/trial.js';
import { decoyRuns, summarizeDecoys, type DecoyRun } from './review/decoys.js';
import { addUsage } from './review/parse-usage.js';
import { loadReviewers, type Reviewer } from './review/reviewers.js';
import { combine, reviewerRow } from './score/compare.js';
import { CALIBRATION_OPTIONS, calibrateOptions, type CalibrateInput, type CalibrateOptions } from './options.js';

export const TOOL = 'review-calibration';

export interface CalibrateDeps {
  cwd: string;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
  reporter?: Reporter;
  version?: string;
}

/** The command: `input` as the flags give it, over the config file's section (found from `deps.cwd`) over the defaults. */
export async function calibrate(input: CalibrateInput, given: CalibrateDeps): Promise<Outcome<CalibrationJson | RestoreJson>> {
  // --restore needs no other flag, and no config file that reads well: it only puts files back.
  if (input.restore === true) {
    const json = input.json === true;
    return restore({ json }, { cwd: given.cwd, reporter: given.reporter ?? createReporter({ name: TOOL, json, quiet: input.quiet === true, env: given.env }) });
  }
  const config = await loadProjectConfig(CALIBRATION_OPTIONS, { cwd: given.cwd });
  const opts = calibrateOptions(input, config);
  const deps = { ...given, env: withConfigEnv(given.env, config) };
  const reporter = deps.reporter ?? createReporter({ name: TOOL, json: opts.json, quiet: opts.quiet === true, env: deps.env });
  const run = await preflight(opts, deps, reporter);
  if (opts.plantSource !== 'rules' && !opts.plantsFile) reporter.progress(`plants: asking the ${opts.plantTier} model for plants…`);
  const source = await choosePlants(opts, run, deps);
  const { trials, sources } = await review(opts, deps, run, source, reporter);
  const decoys = await decoyRuns(run.reviewers, opts.decoys, { cwd: deps.cwd, env: deps.env, commit: opts.commit, reviewTimeoutMs: opts.reviewTimeout * 1000, reporter });
  const doc = scoreAll(opts, deps, run, source, trials, decoys);
  for (const warning of doc.warnings) reporter.warn(warning);
  await writeOutputs(opts, deps, run.reviewers[0]!.command, doc, sources);
  const output = opts.json ? { json: doc } : { text: renderText(doc) };
  return doc.gatePass ? pass(doc, output) : gateFail(doc, output);
}

/** What the pre-flight established, for the phases after it. */
interface Run {
  reviewers: Reviewer[];
  root: string;
  commitSha: string;
  /** The history and report files this run writes (repository-relative), which are not the user's changes. */
  outputs: Set<string>;
  judge?: JudgeContext;
  warnings: string[];
}

/** Pre-flight: the review command, the repository, recovery of a killed run, a clean tree, the judge. */
async function preflight(opts: CalibrateOptions, deps: CalibrateDeps, reporter: Reporter): Promise<Run> {
  const reviewers = await loadReviewers(opts.reviewCmd ?? [], opts.reviewersFile, deps);
  if (!opts.plantsFile && opts.plants < opts.minPlants) {
    throw opError(`--plants ${opts.plants} is below --min-plants ${opts.minPlants}`, { hint: 'ask for more plants, or lower --min-plants' });
  }
  if (opts.plantsFile && opts.plantSource !== 'rules') {
    throw opError(`--plant-source ${opts.plantSource} and --plants-file both say where the plants come from`, { hint: 'give one of them' });
  }
  if (opts.maxDecoyFindings !== undefined && opts.decoys === 0) {
    throw opError('--max-decoy-findings needs --decoys <n>: without clean runs there is nothing to count', { hint: 'e.g. --decoys 3 --max-decoy-findings 1' });
  }
  if (!(await isGitRepo(deps.cwd))) throw opError(`${deps.cwd} is not inside a git repository`);
  const root = await git.root(deps.cwd);
  // Recovery first: a killed run's plants must not be mistaken for the user's changes (or kept).
  await recoverJournals({ cwd: root, log: (line) => reporter.info(`${TOOL}: ${line}`) });
  // The history and reports this run was asked to write are ours, not the user's changes: a
  // second run with the same `--history calib.jsonl` must not refuse the tree the first one left.
  const outputs = await ownOutputs([...(opts.history ? [opts.history] : []), ...opts.report], deps.cwd, root);
  await assertCleanTree(root, { allow: outputs, why: 'bugs are planted into the working tree and taken out again' });
  const commitSha = await git.revParse(root, rangeEnd(opts.commit));
  if (opts.plantSource !== 'rules') {
    needModel(deps.env, `--plant-source ${opts.plantSource}`, 'or let the mutation rules write the plants: --plant-source rules (the default)');
  }
  const judge = opts.scorer === 'judge' ? judgeContext(deps.env, root, reporter) : undefined;
  const warnings: string[] = [];
  if (opts.scorer === 'string') {
    warnings.push('--scorer string is location-only matching: a reviewer that echoes changed lines scores high; this recall is NOT trustworthy');
  }
  return { reviewers, root, commitSha, outputs, ...(judge ? { judge } : {}), warnings };
}

/** A provider for `who`, or exit 1 saying so, with `hint` for a run without one. */
function needModel(env: NodeJS.ProcessEnv, who: string, hint: string): void {
  try {
    requireProvider(env);
  } catch (error) {
    if (!(error instanceof OpError)) throw error;
    throw opError(`${who} needs a model: ${error.message}`, { hint });
  }
}

function judgeContext(env: NodeJS.ProcessEnv, root: string, reporter: Reporter): JudgeContext {
  // Fail closed: no provider means no trustworthy number, so no number at all.
  needModel(env, '--scorer judge (the default)', 'without a key, run model-free with --scorer repro (only findings whose repro command tells the bug apart count)');
  return { env, cwd: root, concurrency: 8, onProgress: (done, total) => reporter.progress(`judging ${done}/${total}…`, 'judging') };
}

/** Plant: the source of each trial's plants, never one of the files this run writes. */
async function choosePlants(opts: CalibrateOptions, run: Run, deps: CalibrateDeps): Promise<PlantSource> {
  const source = await plantSource(opts, run.root, deps.cwd, run.warnings, deps.env);
  const clash = source.files.find((f) => run.outputs.has(f));
  if (clash) throw opError(`--history/--report ${clash} is a file that gets plants`, { hint: 'write reports and history elsewhere (outside the repository is best)' });
  return source;
}

/** Review: every trial under one journaled snapshot of the planted files, restored whatever happens. */
async function review(
  opts: CalibrateOptions,
  deps: CalibrateDeps,
  run: Run,
  source: PlantSource,
  reporter: Reporter,
): Promise<{ trials: TrialResult[][]; sources: Map<string, string> }> {
  const planted = trialPlants(opts, source, Array.from({ length: opts.trials }, (_, i) => opts.seed + i), run.warnings);
  const snapshot = await FileSnapshot.create({ root: run.root, files: source.files, tool: TOOL });
  const sources = new Map(snapshot.entries.map((e) => [e.path, e.content?.toString('utf8') ?? '']));
  const trials: TrialResult[][] = [];
  const cleanCache = new Map();
  const coverage = new Map<string, boolean>();
  try {
    for (let i = 0; i < opts.trials; i++) {
      const seed = opts.seed + i;
      const plants = planted[i]!;
      reporter.progress(`trial ${i + 1}/${opts.trials}: planted ${plants.length} ${plants.length === 1 ? 'bug' : 'bugs'} in ${new Set(plants.map((p) => p.file)).size} file(s)`);
      trials.push(
        await runTrial(plants, seed, {
          root: run.root,
          cwd: deps.cwd,
          env: deps.env,
          commit: opts.commit,
          reviewers: run.reviewers,
          ...(opts.testCmd ? { testCmd: opts.testCmd } : {}),
          scorer: opts.scorer,
          snapshot,
          checks: { root: run.root, snapshot, timeoutMs: opts.timeout * 1000, env: deps.env, cleanCache, coverage, onProgress: (d, t) => reporter.progress(`checking repros ${d}/${t}…`, 'checking repros') },
          ...(run.judge ? { judge: run.judge } : {}),
          reviewTimeoutMs: opts.reviewTimeout * 1000,
          minPlants: { count: opts.minPlants, fromFile: source.kind === 'plants-file', ...(source.model ? { discarded: source.model.discarded } : {}) },
          reporter,
        }),
      );
    }
  } finally {
    await snapshot.close();
    reporter.endProgress();
  }
  // Planted files are back; anything else that changed was written by the reviewer or a repro.
  const leftovers = (await dirtyFiles(run.root)).filter((f) => !run.outputs.has(f));
  if (leftovers.length > 0) {
    run.warnings.push(`the review or repro commands left changes in the working tree (not made by review-calibration): ${leftovers.slice(0, 5).join(', ')}`);
  }
  return { trials, sources };
}

function modelPlantsJson(tier: Tier, m: NonNullable<PlantSource['model']>): NonNullable<CalibrationJson['modelPlants']> {
  return { tier, model: m.model, proposed: m.proposed, accepted: m.accepted.length, discarded: m.discarded };
}

/** Score: each reviewer summarized on its own, then side by side (the first one's fields, everyone's gate). */
function scoreAll(
  opts: CalibrateOptions,
  deps: CalibrateDeps,
  run: Run,
  source: PlantSource,
  trials: readonly TrialResult[][],
  decoys: ReadonlyArray<DecoyRun[] | null>,
): CalibrationJson {
  const docs = run.reviewers.map((_, i) =>
    summarize({
      trials: trials.map((t) => t[i]!),
      scorer: opts.scorer,
      minRecall: opts.minRecall,
      minPrecision: opts.minPrecision ?? null,
      ...(decoys[i] ? { decoy: { ...summarizeDecoys(decoys[i]), max: opts.maxDecoyFindings ?? null } } : {}),
      commit: opts.commit,
      commitSha: run.commitSha,
      seed: opts.seed,
      plantsRequested: opts.plantsFile ? null : opts.plants,
      ...(source.model ? { modelPlants: modelPlantsJson(opts.plantTier, source.model) } : {}),
      targets: { source: source.kind, files: source.files, ...(source.skipped.length > 0 ? { skipped: source.skipped } : {}) },
      warnings: run.warnings,
    }),
  );
  const rows = run.reviewers.map((r, i) => {
    const planted = trials.map((t) => t[i]!);
    const clean = decoys[i] ?? [];
    return reviewerRow(docs[i]!, {
      name: r.name,
      command: redactSecrets(r.command, deps.env),
      runs: planted.length + clean.length,
      wallMs: [...planted, ...clean].reduce((n, x) => n + x.wallMs, 0),
      usage: addUsage([...planted, ...clean].map((x) => x.usage)),
    });
  });
  return combine(docs, rows);
}

/** Write: append to the history and write the reports the run was asked for, noting both in the document. */
async function writeOutputs(
  opts: CalibrateOptions,
  deps: CalibrateDeps,
  reviewCommand: string,
  doc: CalibrationJson,
  sources: ReadonlyMap<string, string>,
): Promise<void> {
  if (opts.history) {
    const file = path.resolve(deps.cwd, opts.history);
    doc.history = await appendHistory(file, historyEntry(doc, reviewCommand, (deps.now ?? (() => new Date()))(), deps.env));
    doc.history.file = opts.history;
  }
  if (opts.report.length > 0) {
    const shownCommand = redactSecrets(reviewCommand, deps.env);
    const report = toMutationReport(doc, sources, { reviewCommand: shownCommand, ...(deps.version ? { version: deps.version } : {}) });
    for (const target of opts.report) {
      const file = path.resolve(deps.cwd, target);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, /\.html?$/i.test(target) ? renderHtml(report, doc.reviewers) : `${JSON.stringify(report, null, 2)}\n`);
    }
    doc.reports = opts.report;
  }
}

