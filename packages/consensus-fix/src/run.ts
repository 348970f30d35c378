// The whole run: recover, guard, pre-flight, fan N completions, settle each candidate, group,
// select, re-check the winner, and (with --apply) write it. Returns the verdict as data; every
// operational failure is thrown as an OpError (exit 1).

import {
  FileSnapshot,
  assertCleanTree,
  createReporter,
  dirtyFiles,
  fan,
  gateFail,
  opError,
  pass,
  preloadCommandRunner,
  prewarmProviders,
  promptOnly,
  recoverJournals,
  redactSecrets,
  type FanResult,
  type Outcome,
  type ProviderId,
  type Reporter,
} from '@adlc/core';
import { evaluateAll, type WorkspaceSource } from './evaluate.js';
import { runGate, type Gates } from './gates.js';
import { finish, originalsOf } from './finish.js';
import { RunLog } from './log-dir.js';
import type { ConsensusFixOptions, RunContext } from './options.js';
import { prepareCandidate, type Prepared } from './prepare.js';
import { buildPrompt, SYSTEM_PROMPT } from './prompt.js';
import { renderReport } from './report.js';
import { toJson, verdictMessage, type RunResult } from './result.js';
import { decideVerdict, groupSurvivors, selectWinner } from './grouping.js';
import { restoreJournals } from './restore.js';
import { diskResolver, findTarget, resolveFiles, resolveProviders } from './setup.js';
import { coreSyntaxTools } from './syntax.js';
import { CopyPool, sweepStaleCopies } from './workspace-copy.js';
import { inPlaceWorkspace } from './workspace.js';

export const TOOL = 'consensus-fix';

/** Temperature 0 for candidate 0 (the model's best guess), sampled above 0 for the others. */
export const candidateTemperature = (slot: number): number => (slot === 0 ? 0 : 0.8);

export async function consensusFix(opts: ConsensusFixOptions, ctx: RunContext): Promise<Outcome> {
  const started = Date.now();
  const reporter = createReporter({ name: TOOL, json: Boolean(opts.json), env: ctx.env, ...(ctx.stderr ? { stream: ctx.stderr } : {}) });
  if (opts.restore) return restoreJournals(ctx, reporter, Boolean(opts.json));
  if (!opts.testCmd?.trim()) throw opError('--test-cmd is required', { hint: 'give the command that runs the failing test, e.g. --test-cmd "node --test test/x.test.mjs"' });
  if (!opts.files?.length) throw opError('--files is required', { hint: 'give the source files the fix may change, e.g. --files src/a.mjs,src/b.mjs' });
  const testCmd = opts.testCmd;

  // Start-up is on the critical path: the git processes and module loads that do not depend on one
  // another run side by side. Recovery is keyed by the git common dir, the same from any subdirectory.
  const log0 = (line: string) => reporter.info(`${TOOL}: ${line}`);
  const targetP = findTarget(ctx.cwd);
  const recoveredP = recoverJournals({ cwd: ctx.cwd, log: log0 });
  // A killed run's files come back before the dirty guard looks at the tree; the status started now is
  // only trusted when that recovery restored nothing (then nothing in the work tree changed).
  const checkDirty = !opts.promptOnly && !opts.allowDirty;
  const earlyStatus = checkDirty ? dirtyFiles(ctx.cwd) : undefined;
  earlyStatus?.catch(() => undefined);
  const warmed = preloadCommandRunner();
  const [target, recovered] = await Promise.all([targetP, recoveredP]);
  sweepStaleCopies();
  const allowed = resolveFiles(opts.files, ctx.cwd, target.root);
  const providers = opts.promptOnly ? [] : resolveProviders(opts.providers, ctx.env);
  // The SDKs load while git, the pre-flight and the baseline run, not after.
  if (providers.length > 0) prewarmProviders(providers, { env: ctx.env, cwd: ctx.cwd });
  if (checkDirty) {
    const restoredSome = recovered.some((r) => r.restored.length > 0);
    await assertCleanTree(target.root, { runAnyway: 'pass --allow-dirty', listed: restoredSome || !target.isRepo ? undefined : earlyStatus });
  }
  await warmed;
  const syntax = opts.normalize === 'syntax' ? coreSyntaxTools : undefined;
  const log = RunLog.open(opts.logDir, ctx.env);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    reporter.warn(message);
    log.event('warning', { message });
  };
  if (opts.rails === undefined) warn('no --rails: candidates are checked only against --test-cmd, so a fix that breaks other tests can win');
  if (opts.jobs > 1) assertCopySafe([testCmd, opts.rails], target.root);

  const gates: Gates = { testCmd, rails: opts.rails, timeoutMs: opts.timeout * 1000, env: ctx.env };
  log.event('start', { n: opts.n, jobs: opts.jobs, files: allowed.map((f) => f.file), testCmd, rails: opts.rails ?? null });

  // In place, every write goes through the journaled snapshot, taken while the pre-flight runs (the
  // pre-flight writes nothing of ours); with copies the user's tree is only snapshotted by --apply.
  const snapshotP = opts.jobs === 1 && !opts.promptOnly ? FileSnapshot.create({ root: target.root, files: allowed.map((f) => f.file), tool: TOOL }) : undefined;
  snapshotP?.catch(() => undefined);
  let prompt: string;
  let preflight: Awaited<ReturnType<typeof runGate>>;
  try {
    // Pre-flight: the test must fail now, or there is nothing to fix.
    reporter.progress(`pre-flight: ${testCmd}`);
    preflight = await runGate(testCmd, gates, ctx.cwd);
    log.event('preflight', { exitCode: preflight.exitCode, timedOut: preflight.timedOut, durationMs: preflight.durationMs });
    if (preflight.timedOut) {
      throw opError(`pre-flight: \`${testCmd}\` did not finish within ${opts.timeout}s`, { hint: 'raise --timeout or give a faster --test-cmd' });
    }
    if (preflight.exitCode === 0) {
      throw opError(`pre-flight: \`${testCmd}\` already passes (exit 0); there is no failure to fix`, {
        hint: 'give a --test-cmd that fails because of the bug',
      });
    }
    prompt = buildPrompt({ testCmd, output: preflight.outputTail, files: allowed.map((f) => ({ file: f.file, content: f.text })), rails: opts.rails });
    log.file('prompt.txt', prompt);
  } catch (error) {
    await (await snapshotP?.catch(() => undefined))?.close();
    throw error;
  }
  if (opts.promptOnly) {
    const label = `candidate prompt (sent ${opts.n} time${opts.n === 1 ? '' : 's'}; temperature 0 for candidate 0, ${candidateTemperature(1)} for the others)`;
    return promptOnly([{ label, system: redactSecrets(SYSTEM_PROMPT, ctx.env), prompt: redactSecrets(prompt, ctx.env) }], Boolean(opts.json));
  }

  const snapshot = await snapshotP;
  const pool = opts.jobs > 1 ? new CopyPool() : undefined;
  try {
    // The baseline rails run while the models think: nothing has been written yet.
    const baseline = runBaselineRails(gates, ctx.cwd, reporter);
    const completions = await askModels(opts, prompt, providers, ctx, reporter, log).catch(async (error: unknown) => {
      baseline.cancel();
      await baseline.result.catch(() => undefined);
      throw error;
    });
    const baselineRails = await baseline.result;
    log.event('baseline', { railsExitCode: baselineRails?.exitCode ?? null, timedOut: baselineRails?.timedOut ?? false });

    const originals = new Map(allowed.map((f) => [f.file, f.text] as const));
    const diffs = new Map<string, Promise<string>>();
    const prepared: Prepared[] = await Promise.all(
      completions.map((slot) =>
        prepareCandidate(slot, { originals, resolve: diskResolver(target.root), maxChangedLines: opts.maxChangedLines, normalize: opts.normalize, syntax, diffs }),
      ),
    );
    for (const p of prepared) if (!p.runnable) log.event('settled', verdictEvent(p));

    const source: WorkspaceSource = snapshot
      ? { kind: 'in-place', workspace: inPlaceWorkspace(snapshot, ctx.cwd) }
      : {
          kind: 'copies',
          jobs: opts.jobs,
          make: () => pool!.make(target.root, ctx.cwd, originalsOf(allowed)),
        };
    await evaluateAll(prepared, gates, source, {
      onStage: (index, stage) => {
        reporter.progress(`candidate #${index}: ${stage === 'repro' ? 'running --test-cmd' : 'running --rails'}`);
        log.event('stage', { index, stage });
      },
      onDone: (p, gateMs) => log.event('settled', { ...verdictEvent(p), gateMs }),
    });
    reporter.endProgress();

    const candidates = prepared.map((p) => p.record).sort((a, b) => a.index - b.index);
    for (const c of candidates) log.file(`answers/candidate-${c.index}.verdict.json`, JSON.stringify(c, null, 2));
    const survivors = candidates.filter((c) => c.status === 'survived').map((c) => ({ index: c.index, changedLines: c.changedLines ?? 0, key: c.key ?? '' }));
    const groups = groupSurvivors(survivors);
    const verdict = decideVerdict(opts.n, groups);
    const chosen = verdict === 'pass' ? selectWinner(survivors, groups) : null;
    explainRailsAtBaseline(candidates, baselineRails, warn);

    const result: RunResult = {
      testCmd,
      rails: opts.rails,
      n: opts.n,
      jobs: opts.jobs,
      normalize: opts.normalize,
      railsChecked: opts.rails !== undefined,
      candidates,
      groups,
      verdict,
      winner: null,
      message: verdictMessage(verdict, survivors.length, opts.n),
      baseline: { testExitCode: preflight.exitCode, railsExitCode: baselineRails?.exitCode ?? null, railsTimedOut: baselineRails?.timedOut ?? false },
      postApply: null,
      usage: usageOf(completions),
      durationMs: 0,
      warnings,
    };
    if (chosen) {
      const record = candidates.find((c) => c.index === chosen.index)!;
      result.winner = { ...chosen, changes: record.changes ?? [], diff: record.diff ?? '', applied: false, flaky: false };
    }
    await finish(result, { opts, ctx, gates, target, allowed, snapshot, pool, warn, log, reporter });
    result.durationMs = Date.now() - started;
    log.file('result.json', JSON.stringify(toJson(result), null, 2));
    log.event('end', { verdict: result.verdict, winner: result.winner?.index ?? null, durationMs: result.durationMs });
    // The verdict's own line on stderr (the seed's message as is, not dressed as a warning).
    if (verdict !== 'pass') reporter.info(result.message);
    const output = opts.json ? { json: toJson(result) } : { text: renderReport(result, reporter.style) };
    return verdict === 'pass' ? pass(result, output) : gateFail(result, output);
  } finally {
    reporter.endProgress();
    await snapshot?.close();
    await pool?.dispose();
  }
}

async function askModels(
  opts: ConsensusFixOptions,
  prompt: string,
  providers: ProviderId[],
  ctx: RunContext,
  reporter: Reporter,
  log: RunLog,
): Promise<FanResult[]> {
  reporter.progress(`completions 0/${opts.n}`);
  const results = await fan(opts.n, prompt, {
    tier: opts.tier,
    providers,
    system: SYSTEM_PROMPT,
    temperature: candidateTemperature,
    env: ctx.env,
    cwd: ctx.cwd,
    onSettled: (result, settled) => {
      reporter.progress(`completions ${settled}/${opts.n}`);
      log.event('completion', { index: result.slot, ok: result.ok, provider: result.provider, model: result.model, ...(result.ok ? { durationMs: result.completion.durationMs } : { error: result.error.message }) });
      log.file(`answers/candidate-${result.slot}.txt`, result.ok ? result.completion.text : `(no answer) ${result.error.message}`);
    },
  });
  const failed = results.filter((r): r is Extract<FanResult, { ok: false }> => !r.ok);
  if (failed.length === results.length) {
    const distinct = new Map(failed.map((f) => [`${f.provider}\0${f.error.status}`, f.error] as const));
    if (distinct.size === 1) throw failed[0]!.error;
    const each = [...distinct.values()].map((e) => `${e.provider} (${e.model}): ${typeof e.status === 'number' ? `HTTP ${e.status}` : e.status}`);
    throw opError(`not one of the ${results.length} completions returned text: ${each.join('; ')}`, {
      hint: 'check the keys, the model names (ADLC_MODEL_*) and the providers\' status, then run again',
      cause: failed[0]!.error,
    });
  }
  return results;
}

function runBaselineRails(gates: Gates, cwd: string, reporter: Reporter) {
  const controller = new AbortController();
  if (gates.rails === undefined) return { result: Promise.resolve(undefined), cancel: () => undefined };
  reporter.progress('baseline: running --rails');
  const result = runGate(gates.rails, gates, cwd, controller.signal);
  // Observed here so a failure while the models are still answering is not an unhandled rejection.
  result.catch(() => undefined);
  return { result, cancel: () => controller.abort() };
}

/** Every candidate that reached the rails failed there, and the rails were red before any change. */
function explainRailsAtBaseline(
  candidates: RunResult['candidates'],
  baseline: Awaited<ReturnType<typeof runGate>> | undefined,
  warn: (message: string) => void,
): void {
  if (!baseline || baseline.exitCode === 0) return;
  const atRails = candidates.filter((c) => c.failure?.stage === 'rails').length;
  const elsewhere = candidates.filter((c) => c.status === 'survived' || c.failure?.stage === 'repro' || c.failure?.stage === 'syntax').length;
  if (atRails === 0 || elsewhere > 0) return;
  const state = baseline.timedOut ? 'timed out' : `exited ${baseline.exitCode}`;
  warn(
    `every candidate failed at the rails, and the rails were already red before any change (\`${baseline.command}\` ${state} at baseline). ` +
      `What failed at baseline:\n${failingLines(baseline.outputTail)}`,
  );
}

/** The lines of a test run's output that name failures, or its last lines. */
export function failingLines(output: string, max = 12): string {
  const lines = output.split(/\r?\n/).filter((l) => l.trim() !== '');
  const failing = lines.filter((l) => /(^|\s)(not ok|FAIL|FAILED|✗|✖|×|Error:|AssertionError|failing)\b/i.test(l));
  const picked = (failing.length > 0 ? failing : lines).slice(-max);
  return picked.map((l) => `  ${l.trim()}`).join('\n');
}

function usageOf(completions: FanResult[]): RunResult['usage'] {
  const ok = completions.filter((c): c is Extract<FanResult, { ok: true }> => c.ok);
  return {
    inputTokens: ok.reduce((sum, c) => sum + c.completion.usage.inputTokens, 0),
    outputTokens: ok.reduce((sum, c) => sum + c.completion.usage.outputTokens, 0),
    calls: ok.length,
    failedCalls: completions.length - ok.length,
  };
}

function verdictEvent(p: Prepared): Record<string, unknown> {
  const r = p.record;
  return { index: r.index, status: r.status, ...(r.failure ? { stage: r.failure.stage, exitCode: r.failure.exitCode } : {}), ...(r.discard ? { reason: r.discard.reason, message: r.discard.message } : {}), changedLines: r.changedLines ?? null };
}

/** A command naming the repository by absolute path would test the user's files, not the copy's. */
function assertCopySafe(commands: Array<string | undefined>, root: string): void {
  for (const command of commands) {
    if (command?.includes(root)) {
      throw opError(`--jobs > 1 runs commands in copies of the tree, but \`${command}\` names the repository by its absolute path`, {
        hint: 'use paths relative to the current directory, or --jobs 1',
      });
    }
  }
}
