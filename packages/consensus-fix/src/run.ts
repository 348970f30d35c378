// The whole run, as its phases: options (given over the config file over the defaults), start-up
// (recover, guard, resolve), pre-flight (the test must fail now), ask (N completions, baseline rails),
// settle (each candidate's fate; both again, with --rounds, while no fix holds), decide (group, verdict, winner) and write (re-check, --apply, output).
// Returns the verdict as data; every operational failure is thrown as an OpError (exit 1). Each phase
// lives in phases/, in the module of its name.

import { loadProjectConfig, maxTokensFor, resolveOptions, withConfigEnv, type Outcome } from '@adlc/core';
import { decide } from './phases/decide.js';
import { FIX_OPTIONS, type ConsensusFixInput, type RunContext, type RunOptions } from './cli/options.js';
import { preflight, showLocalization, showPrompt } from './phases/preflight.js';
import { restoreJournals } from './phases/restore.js';
import { askInRounds } from './phases/rounds.js';
import { openReporter, startUp } from './phases/start-up.js';
import { CopyPool } from './workspace/copy-pool.js';
import { write } from './phases/write.js';

export async function consensusFix(input: ConsensusFixInput, ctx: RunContext): Promise<Outcome> {
  try {
    return await runPhases(input, ctx);
  } finally {
    // A test the caller started for the pre-flight never outlives the run: a run stopped before its
    // pre-flight took it (a dirty tree, bad --files, Ctrl-C) ends it here; once taken, it has ended.
    await ctx.earlyPreflight?.discard();
  }
}

async function runPhases(input: ConsensusFixInput, ctx: RunContext): Promise<Outcome> {
  const started = Date.now();
  // --restore needs no other option, and no config file: a broken one must not keep a killed run's files away.
  if (input.restore) return restoreJournals(ctx, openReporter(input, ctx), Boolean(input.json));
  const { opts, ctx: runCtx } = await settleOptions(input, ctx);
  const reporter = openReporter(opts, runCtx);

  const run = await startUp(opts, runCtx, reporter, started);
  const { prompt, result: preflightRun, snapshot } = await preflight(run);
  if (opts.localizeOnly) return showLocalization(run);
  if (opts.promptOnly) return showPrompt(run, prompt);

  const pool = opts.jobs > 1 ? new CopyPool() : undefined;
  try {
    const rounds = await askInRounds(run, prompt, { snapshot, pool });
    const result = decide(run, rounds, preflightRun);
    return await write(run, result, { snapshot, pool });
  } finally {
    reporter.endProgress();
    await snapshot?.close();
    await pool?.dispose();
  }
}

/** The run's options: given over the config file's section over the defaults; the file's provider and models below the environment. */
async function settleOptions(input: ConsensusFixInput, ctx: RunContext): Promise<{ opts: RunOptions; ctx: RunContext }> {
  const config = ctx.config ?? (await loadProjectConfig(FIX_OPTIONS, { cwd: ctx.cwd }));
  const env = withConfigEnv(ctx.env, config);
  const resolved = resolveOptions(FIX_OPTIONS, input, config);
  // No --max-tokens (nor the file's): ADLC_MAX_TOKENS when set (a bad value is the user's error), else core's default.
  return { opts: { ...resolved, maxTokens: maxTokensFor(resolved, env) }, ctx: { ...ctx, config, env } };
}
