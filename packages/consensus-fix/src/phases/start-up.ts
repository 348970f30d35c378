// The start-up phase: everything a run settles before its pre-flight — the repository, the files a
// fix may change, the dirty-tree guard, the providers, the run log and the gates. It is on the
// critical path, so the git processes and module loads that do not depend on one another overlap.

import path from 'node:path';
import { assertCleanTree, assertConfigured, createReporter, dirtyFiles, isProviderId, opError, ownOutputs, PROVIDER_IDS, recoverJournals, requireProvider, type CommandResult, type ProviderId, type Reporter } from '@adlc/core';
import { chooseEditFormat, type EditFormat } from '../edits/format.js';
import type { Gates } from '../candidates/gates.js';
import { findTarget, type Localization, type Target } from '@adlc/localize';
import { earlierLogFiles, RunLog } from '../output/log-dir.js';
import type { Rerank } from '../output/schema.js';
import { guardsTree, TOOL, type RunContext, type RunOptions } from '../cli/options.js';
import { resolveFiles, type AllowedFile } from '../workspace/allowed-files.js';
import { sweepStaleCopies } from '../workspace/copy-pool.js';

/** What every later phase of a run reads: settled once, at start-up. */
export interface Run {
  opts: RunOptions;
  ctx: RunContext;
  reporter: Reporter;
  /** When the run started (Date.now()), for `durationMs`. */
  started: number;
  testCmd: string;
  target: Target;
  /** --files, or (without it) the localized files once the pre-flight has settled them. */
  allowed: AllowedFile[];
  /** True when --files was omitted: the pre-flight localizes the files to fix. */
  localizing: boolean;
  /** The ranking, once the pre-flight localized (undefined with --files). */
  localization?: Localization;
  /** The model's pick among the ranked files, when one was asked (pick-files.ts). */
  rerank?: Rerank | undefined;
  /** With the ranking: the functions the failing run called in each localized file, most suspect first. */
  calledFunctions?: ReadonlyMap<string, readonly number[]>;
  /** The answers' format; undefined until the localized files are known (auto, without --files). */
  editFormat: EditFormat | undefined;
  /** Files the prompt showed only in slices (→ the lines shown), once the prompt is built. */
  sliced: ReadonlyMap<string, string>;
  /** The pre-flight's test started before start-up, when start-up left the tree as it found it (undefined: not started). */
  earlyPreflight?: Promise<CommandResult | undefined> | undefined;
  /** The failing tests the pre-flight's report names (empty when it cannot be read), once it has run. */
  failingTests?: string[];
  /** The rails already run on the untouched tree (by localization), reused as the baseline. */
  baselineRails?: CommandResult | undefined;
  /** Empty under --prompt-only (no key needed). Their SDKs load once the pre-flight has started. */
  providers: ProviderId[];
  gates: Gates;
  log: RunLog;
  /** Every warning of the run, in order; `warn` adds one, prints it and logs it. */
  warnings: string[];
  warn: (message: string) => void;
}

export function openReporter(opts: { json?: boolean | undefined; quiet?: boolean | undefined }, ctx: RunContext): Reporter {
  if (ctx.reporter) return ctx.reporter;
  return createReporter({ name: TOOL, json: Boolean(opts.json), quiet: Boolean(opts.quiet), env: ctx.env, ...(ctx.stderr ? { stream: ctx.stderr } : {}) });
}

/** Start-up: recover a killed run's files, guard the tree, resolve files and providers, open the log. */
export async function startUp(opts: RunOptions, ctx: RunContext, reporter: Reporter, started: number): Promise<Run> {
  const { testCmd, files } = requireInputs(opts);
  const localizing = files === undefined;
  // Recovery is keyed by the git common dir, the same from any subdirectory.
  const log0 = (line: string) => reporter.info(`${TOOL}: ${line}`);
  const targetP = findTarget(ctx.cwd);
  const recoveredP = recoverJournals({ cwd: ctx.cwd, log: log0 });
  // A killed run's files come back before the dirty guard looks at the tree; the status started now is
  // only trusted when that recovery restored nothing (then nothing in the work tree changed).
  const checkDirty = guardsTree(opts);
  const earlyStatus = checkDirty ? (ctx.earlyPreflight?.status ?? dirtyFiles(ctx.cwd)) : undefined;
  earlyStatus?.catch(() => undefined);
  const [target, recovered] = await Promise.all([targetP, recoveredP]);
  const restoredSome = recovered.some((r) => r.restored.length > 0);
  sweepStaleCopies();
  const repeated: string[] = [];
  const allowed = files === undefined ? [] : resolveFiles(files, ctx.cwd, target.root, (note) => repeated.push(note));
  // --localize-only asks a model only under --localize model (to pick among the ranked files).
  const providers = opts.promptOnly || (opts.localizeOnly && !(localizing && opts.localize === 'model')) ? [] : resolveProviders(opts.providers, ctx.env);
  if (checkDirty) {
    // The patch and the log of an earlier run (--out, --log-dir) are the tool's own files, not work to protect.
    const logFiles = opts.logDir === undefined ? [] : earlierLogFiles(path.resolve(ctx.cwd, opts.logDir)).map((f) => path.relative(ctx.cwd, f));
    const allow = await ownOutputs([...(opts.out === undefined ? [] : [opts.out]), ...logFiles], ctx.cwd, target.root);
    await assertCleanTree(target.root, { runAnyway: 'pass --allow-dirty', allow, listed: restoredSome || !target.isRepo ? undefined : earlyStatus });
  }

  const { result: earlyPreflight } = await takeEarlyPreflight(ctx, testCmd, !localizing && !restoredSome);
  const { log, warnings, warn } = openRunLog(opts, ctx, reporter);
  repeated.forEach(warn);
  if (opts.rails === undefined && !opts.localizeOnly) warn('no --rails: candidates are checked only against --test-cmd, so a fix that breaks other tests can win');
  if (opts.jobs > 1) assertCopySafe([testCmd, opts.rails], target.root);
  const gates: Gates = { testCmd, rails: opts.rails, timeoutMs: opts.timeout * 1000, env: ctx.env };
  // Without --files, `auto` waits for the localized files (the pre-flight settles it).
  const editFormat = localizing ? (opts.editFormat === 'auto' ? undefined : opts.editFormat) : chooseEditFormat(opts.editFormat, allowed.map((f) => f.text));
  log.event('start', { n: opts.n, jobs: opts.jobs, files: localizing ? null : allowed.map((f) => f.file), testCmd, rails: opts.rails ?? null, localize: localizing, editFormat: editFormat ?? null });
  return { opts, ctx, reporter, started, testCmd, target, allowed, localizing, editFormat, sliced: new Map(), providers, gates, log, warnings, warn, earlyPreflight };
}

/**
 * The early test's result, when it ran the run's --test-cmd on the tree the run works on and the pre-flight
 * runs it as a plain gate (`usable`). A recovery that restored files changed that tree under it, and a
 * localizing run observes the test with coverage: the early test is then stopped, and the pre-flight runs
 * the test itself.
 */
async function takeEarlyPreflight(ctx: RunContext, testCmd: string, usable: boolean): Promise<{ result?: Promise<CommandResult | undefined> }> {
  const early = ctx.earlyPreflight;
  if (!early) return {};
  // Wrapped: returned bare from an async function, the test's promise would be awaited here.
  if (early.command === testCmd && usable) return { result: early.result };
  await early.discard();
  return {};
}

/** --test-cmd, without which there is nothing to run, and --files (undefined: localized). */
function requireInputs(opts: RunOptions): { testCmd: string; files: string[] | undefined } {
  if (!opts.testCmd?.trim()) throw opError('--test-cmd is required', { hint: 'give the command that runs the failing test, e.g. --test-cmd "node --test test/x.test.mjs"' });
  if (opts.files !== undefined && opts.files.length === 0) throw opError('--files lists no file', { hint: 'give the source files the fix may change, comma-separated, or leave --files out to localize them' });
  if (opts.localizeOnly && opts.files !== undefined) {
    throw opError('--localize-only ranks the files to fix, so it takes no --files', { hint: 'leave --files out, or drop --localize-only' });
  }
  return { testCmd: opts.testCmd, files: opts.files };
}

function openRunLog(opts: RunOptions, ctx: RunContext, reporter: Reporter): Pick<Run, 'log' | 'warnings' | 'warn'> {
  const log = RunLog.open(opts.logDir, ctx.env);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    reporter.warn(message);
    log.event('warning', { message });
  };
  return { log, warnings, warn };
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

/** --providers (validated, each configured), or the detected provider. */
function resolveProviders(names: readonly string[] | undefined, env: NodeJS.ProcessEnv): ProviderId[] {
  if (names === undefined || names.length === 0) return [requireProvider(env)];
  return names.map((name) => {
    if (!isProviderId(name)) throw opError(`--providers: ${name} is not a provider`, { hint: `use some of ${PROVIDER_IDS.join(', ')}` });
    assertConfigured(name, env);
    return name;
  });
}
