// consensus-fix: declares the flags (from the option table, options.ts), reads the config file so the
// pre-flight's head start runs what the run will, and calls the library once; the run loads lazily.

import { addOptions, createProgram, givenOptions, loadProjectConfig, parseArgs, resolveOptions, runMain, withConfigEnv } from '@adlc/core';
import { startPreflightEarly } from './preflight-head-start.js';
import { FIX_OPTIONS } from './options.js';
import pkg from '../../package.json' with { type: 'json' };

const program = createProgram({
  name: 'consensus-fix',
  description:
    'N-version programming for a failing test: N independent LLM fixes, each gated by the repro test and the regression rails, ' +
    'grouped by agreement; the smallest fix of the largest group wins.',
  version: pkg.version,
  helpAfter: `Exit codes: 0 a consensus fix survived (or --n < 3 with a survivor), 2 no survivor or all-divergent, 1 operational error.

Examples:
  consensus-fix --test-cmd "node --test test/math.test.mjs" --rails "node --test" --files src/math.mjs --n 5
  consensus-fix --test-cmd "npm test -- -t add" --rails "npm test" --files src/add.ts --apply
  consensus-fix --test-cmd "node --test test/proto.test.js" --localize-only   # which files would it fix?
  consensus-fix --restore`,
});

addOptions(program, FIX_OPTIONS);

// runMain never rejects: it reports every failure itself and exits.
void runMain('consensus-fix', async () => {
  const { command } = parseArgs(program, process.argv.slice(2));
  const given = givenOptions(command, FIX_OPTIONS);
  const ctx = { env: process.env, cwd: process.cwd() };
  // --restore needs no other flag, and no config file: a broken one must not keep a killed run's files away.
  if (given.restore) return (await import('../run.js')).consensusFix(given, ctx);
  const config = await loadProjectConfig(FIX_OPTIONS, ctx);
  const opts = resolveOptions(FIX_OPTIONS, given, config);
  // The pre-flight's test starts now, and loading the run overlaps it (preflight-head-start.ts).
  const earlyPreflight = startPreflightEarly(opts, withConfigEnv(ctx.env, config), ctx.cwd);
  await earlyPreflight?.started;
  const { consensusFix } = await import('../run.js').catch(async (error: unknown) => {
    await earlyPreflight?.discard();
    throw error;
  });
  return consensusFix(opts, { ...ctx, config, ...(earlyPreflight ? { earlyPreflight } : {}) });
});
