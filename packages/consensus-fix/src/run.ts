// The whole run, as its phases: start-up (recover, guard, resolve), pre-flight (the test must fail
// now), ask (N completions, baseline rails), settle (each candidate's fate), decide (group, verdict,
// winner) and write (re-check, --apply, output). Returns the verdict as data; every operational
// failure is thrown as an OpError (exit 1). Each phase lives in phases/, in the module of its name.

import { maxTokensFor, type Outcome } from '@adlc/core';
import { ask } from './phases/ask.js';
import { decide } from './phases/decide.js';
import { DEFAULTS, withDefaults, type ConsensusFixInput, type RunContext } from './cli/options.js';
import { preflight, showLocalization, showPrompt } from './phases/preflight.js';
import { restoreJournals } from './phases/restore.js';
import { earlyPreparation, settle } from './phases/settle.js';
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
  // No --max-tokens: ADLC_MAX_TOKENS when set (a bad value is the user's error), else the default.
  const opts = withDefaults({ ...input, maxTokens: input.maxTokens ?? maxTokensFor({}, ctx.env, DEFAULTS.maxTokens) });
  const reporter = openReporter(opts, ctx);
  if (opts.restore) return restoreJournals(ctx, reporter, Boolean(opts.json));

  const run = await startUp(opts, ctx, reporter, started);
  const { prompt, result: preflightRun, snapshot } = await preflight(run);
  if (opts.localizeOnly) return showLocalization(run);
  if (opts.promptOnly) return showPrompt(run, prompt);

  const pool = opts.jobs > 1 ? new CopyPool() : undefined;
  try {
    const early = earlyPreparation(run);
    const asked = await ask(run, prompt, early.onAnswer);
    const candidates = await settle(run, await early.prepared(asked.completions), { snapshot, pool });
    const result = decide(run, candidates, asked, preflightRun);
    return await write(run, result, { snapshot, pool });
  } finally {
    reporter.endProgress();
    await snapshot?.close();
    await pool?.dispose();
  }
}
