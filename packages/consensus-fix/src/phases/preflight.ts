// The pre-flight phase: a test must fail now (not a command that ran no test), or there is nothing to
// fix. Its failing tests and its output go into the prompt. In place, the journaled snapshot of
// --files is taken while the test runs. Without --files, the run is observed (coverage on, the rails
// beside it) and the files to fix are localized from it; the snapshot of those files is taken once
// they are known.

import { FileSnapshot, opError, pass, prewarmProviders, promptOnly, redactSecrets, type CommandResult, type Outcome } from '@adlc/core';
import { shownOutput } from '../output/ansi.js';
import { candidateTemperature } from './ask.js';
import { chooseEditFormat } from '../edits/format.js';
import { promptViews } from '../edits/views.js';
import { runGate } from '../candidates/gates.js';
import { observeFailure, renderLocalization, requireFailure, type Observation } from '@adlc/localize';
import { repositoryFailures } from '../candidates/repository-failures.js';
import { RERANK_TOP } from '../localization/rerank.js';
import type { LocalizeModelOutput } from '../output/schema.js';
import { pickFiles } from './pick-files.js';
import { TOOL } from '../cli/options.js';
import { PREFLIGHT_OUTPUT_CHARS } from '../cli/preflight-head-start.js';
import { buildPrompt, prototypeWriteNotes, SYSTEM_PROMPT } from '../candidates/prompt.js';
import { resolveFiles } from '../workspace/allowed-files.js';
import type { Run } from './start-up.js';

export interface Preflight {
  /** The pre-flight run of --test-cmd (non-zero exit, not timed out). */
  result: CommandResult;
  /** Empty under --localize-only (no prompt is built). */
  prompt: string;
  /** The in-place snapshot (--jobs 1); undefined with copies or under --prompt-only. The caller closes it. */
  snapshot: FileSnapshot | undefined;
}

/** Pre-flight: run --test-cmd once (it must fail), localize when --files was omitted, build the prompt, and have the snapshot ready. */
export async function preflight(run: Run): Promise<Preflight> {
  const { opts, testCmd, gates, reporter, log } = run;
  // In place, every write goes through the journaled snapshot, taken while the pre-flight runs (the
  // pre-flight writes nothing of ours); with copies the user's tree is only snapshotted by --apply.
  const wantsSnapshot = opts.jobs === 1 && !opts.promptOnly && !opts.localizeOnly;
  let snapshotP: Promise<FileSnapshot> | undefined;
  const observation = run.localizing ? await observe(run) : undefined;
  try {
    reporter.progress(`pre-flight: ${testCmd}`);
    const gate = () => runGate(testCmd, gates, run.ctx.cwd, undefined, PREFLIGHT_OUTPUT_CHARS);
    const running = observation?.failing ?? (run.earlyPreflight ? run.earlyPreflight.then((early) => early ?? gate()) : gate());
    // The test's process is spawned first; the journal's fsync'd write and the SDKs' loading (CPU on
    // this thread) then overlap its run instead of delaying its start.
    if (wantsSnapshot && !run.localizing) snapshotP = takeSnapshot(run);
    if (run.providers.length > 0) prewarmProviders(run.providers, { env: run.ctx.env, cwd: run.ctx.cwd });
    const result = await running;
    log.event('preflight', { exitCode: result.exitCode, timedOut: result.timedOut, durationMs: result.durationMs });
    run.failingTests = requireFailure(result, testCmd, opts.timeout, run.target.root);
    if (observation) {
      await localize(run, observation, result);
      if (wantsSnapshot) snapshotP = takeSnapshot(run);
    }
    if (opts.localizeOnly) return { result, prompt: '', snapshot: undefined };
    const prompt = await promptFor(run, result);
    log.file('prompt.txt', prompt);
    return { result, prompt, snapshot: await snapshotP };
  } catch (error) {
    await (await snapshotP?.catch(() => undefined))?.close();
    throw error;
  } finally {
    await observation?.dispose();
  }
}

/** The prompt in the run's edit format; what it shows of each file is remembered for validation. */
async function promptFor(run: Run, result: CommandResult): Promise<string> {
  const { opts, testCmd, target, ctx } = run;
  const format = run.editFormat ?? 'whole';
  const output = shownOutput(result.outputTail, ctx.env);
  const views = await promptViews({ format, allowed: run.allowed, output, root: target.root, cwd: ctx.cwd, localization: run.localization, calledFunctions: run.calledFunctions });
  run.sliced = views.sliced;
  for (const [file, lines] of views.sliced) run.reporter.info(`${TOOL}: --edit-format replace: the prompt shows ${file} in slices (lines ${lines})`);
  const allowed = new Set(run.allowed.map((f) => f.file));
  const observed = prototypeWriteNotes((run.localization?.files ?? []).filter((f) => allowed.has(f.file)));
  const failures = repositoryFailures(target.root)(output);
  return buildPrompt({ testCmd, output, failures, files: views.files, rails: opts.rails, format, observed });
}

function takeSnapshot(run: Run): Promise<FileSnapshot> {
  const snapshot = FileSnapshot.create({ root: run.target.root, files: run.allowed.map((f) => f.file), tool: TOOL });
  snapshot.catch(() => undefined);
  return snapshot;
}

function observe(run: Run): Promise<Observation> {
  const { target, ctx, testCmd, opts, gates } = run;
  return observeFailure({ root: target.root, isRepo: target.isRepo, cwd: ctx.cwd, testCmd, rails: opts.rails, env: gates.env, timeoutMs: gates.timeoutMs });
}

/** The localized files become the files the fix may change; the ranking goes to stderr and the run log. */
async function localize(run: Run, observation: Observation, failing: CommandResult): Promise<void> {
  const { opts, reporter, log, target } = run;
  reporter.progress('localizing the files to fix');
  // The top 10 at least: a model may pick among them (pick-files.ts).
  const ranked = await observation.localize(Math.max(RERANK_TOP, opts.maxFiles));
  run.baselineRails = await observation.rails;
  const picked = await pickFiles(run, ranked.localization.files, ranked.calledFunctions, failing);
  // The ranking's coverage status stays with it: --json and the log say when the ranking lacked coverage.
  const localization = { ...ranked.localization, files: picked.files };
  run.localization = localization;
  run.rerank = picked.rerank;
  run.calledFunctions = new Map(picked.files.map((f) => [f.file, ranked.calledFunctions.get(f.file) ?? []] as const));
  const found = !opts.localizeOnly && localization.files.length > 0;
  if (found) {
    run.allowed = resolveFiles(localization.files.map((f) => f.file), target.root, target.root);
    run.editFormat ??= chooseEditFormat(opts.editFormat, run.allowed.map((f) => f.text));
  }
  log.event('localization', { ...localization, ...(found ? { editFormat: run.editFormat } : {}) });
  log.file('localization.json', JSON.stringify(localization, null, 2));
  if (opts.localizeOnly) return;
  if (!found) {
    throw opError('localization found no source file to fix: no stack frame, executed function or import of the failing test points at one', {
      hint: 'name the files the fix may change with --files',
    });
  }
  reporter.info(`${TOOL}: ${renderLocalization(localization)}`);
}

/** --prompt-only: the prompt the pre-flight built, shown instead of sent. */
export function showPrompt(run: Run, prompt: string): Outcome {
  const { opts, ctx } = run;
  const label = `candidate prompt (sent ${opts.n} time${opts.n === 1 ? '' : 's'}; temperature 0 for candidate 0, ${candidateTemperature(1)} for the others)`;
  return promptOnly([{ label, system: redactSecrets(SYSTEM_PROMPT, ctx.env), prompt: redactSecrets(prompt, ctx.env) }], Boolean(opts.json));
}

/** --localize-only: the ranking, as text or as exactly `{localization}`. */
export function showLocalization(run: Run): Outcome<LocalizeModelOutput> {
  // Exactly {localization} unless a model picked (--localize model): then its pick beside it.
  const doc: LocalizeModelOutput = { localization: run.localization ?? { files: [], tookMs: 0 }, ...(run.rerank ? { rerank: run.rerank } : {}) };
  return pass(doc, run.opts.json ? { json: doc } : { text: renderLocalization(doc.localization) });
}
