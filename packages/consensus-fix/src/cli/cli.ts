// consensus-fix: declares the flags and calls the library once; everything else is lazy.

import { Option } from 'commander';
import { createProgram, intArg, listArg, parseArgs, runMain } from '@adlc/core';
import { startPreflightEarly } from './preflight-head-start.js';
import { EDIT_FORMAT_OPTIONS } from '../edits/format.js';
import { DEFAULTS, type ConsensusFixOptions } from './options.js';
import pkg from '../../package.json' with { type: 'json' };

const program = createProgram({
  name: 'consensus-fix',
  description:
    'N-version programming for a failing test: N independent LLM fixes, each gated by the repro test and the regression rails, ' +
    'grouped by agreement; the smallest fix of the largest group wins.',
  version: pkg.version,
  shared: ['tier', 'json', 'promptOnly', 'allowDirty', 'quiet'],
  defaultTier: DEFAULTS.tier,
  helpAfter: `Exit codes: 0 a consensus fix survived (or --n < 3 with a survivor), 2 no survivor or all-divergent, 1 operational error.

Examples:
  consensus-fix --test-cmd "node --test test/math.test.mjs" --rails "node --test" --files src/math.mjs --n 5
  consensus-fix --test-cmd "npm test -- -t add" --rails "npm test" --files src/add.ts --apply
  consensus-fix --test-cmd "node --test test/proto.test.js" --localize-only   # which files would it fix?
  consensus-fix --restore`,
})
  .option('--test-cmd <cmd>', 'shell command running the failing test (must fail now)')
  .option('--files <paths>', 'comma-separated files the fix may change (omitted: localized from the failing run)', listArg)
  .option('--max-files <k>', 'without --files: how many localized files the fix may change', intArg(1, 50), DEFAULTS.maxFiles)
  .option('--localize-only', 'print the ranking of the files to fix and exit 0 (no model call, no key, nothing written)')
  .option('--rails <cmd>', 'the full regression suite; a candidate survives only if it passes too')
  .option('--n <int>', 'number of independent candidates', intArg(1, 100), DEFAULTS.n)
  .option('--apply', 'write the winning fix (default: dry run)')
  .option('--timeout <seconds>', 'bound on each test or rails run', intArg(1), DEFAULTS.timeout)
  .option('--jobs <k>', 'candidates evaluated at once, each in a temporary copy of the tree (1 = in place)', intArg(1, 64), DEFAULTS.jobs)
  .addOption(new Option('--normalize <mode>', 'how candidates are compared for agreement').choices(['whitespace', 'syntax']).default(DEFAULTS.normalize))
  .addOption(
    new Option('--edit-format <mode>', 'what the models answer: whole files, or search/replace edits of the suspect spans (auto: replace once a file has over 300 lines)')
      .choices(EDIT_FORMAT_OPTIONS)
      .default(DEFAULTS.editFormat),
  )
  .option('--max-tokens <k>', 'token limit of each answer (else ADLC_MAX_TOKENS); an answer cut off there is discarded', intArg(1, 1_000_000), DEFAULTS.maxTokens)
  .option('--max-changed-lines <k>', 'discard candidates changing more lines than this', intArg(1))
  .option('--providers <list>', 'rotate the N completions over these providers, e.g. anthropic,openai,gemini', listArg)
  .option('--out <file>', 'write the winner as a patch `git apply` accepts')
  .option('--log-dir <dir>', 'write the run\'s artifacts (events.ndjson, prompt, answers, verdicts, patch)')
  .option('--restore', 'restore files a killed run left behind, then exit');

// runMain never rejects: it reports every failure itself and exits.
void runMain('consensus-fix', async () => {
  const { opts } = parseArgs<ConsensusFixOptions>(program, process.argv.slice(2));
  // Left to the run when not given, so ADLC_MAX_TOKENS (core's setting for every tool) applies.
  if (program.getOptionValueSource('maxTokens') === 'default') delete (opts as Partial<ConsensusFixOptions>).maxTokens;
  // The pre-flight's test starts now, and loading the run overlaps it (preflight-head-start.ts).
  const earlyPreflight = startPreflightEarly(opts, process.env, process.cwd());
  await earlyPreflight?.started;
  const { consensusFix } = await import('../run.js').catch(async (error: unknown) => {
    await earlyPreflight?.discard();
    throw error;
  });
  return consensusFix(opts, { env: process.env, cwd: process.cwd(), ...(earlyPreflight ? { earlyPreflight } : {}) });
});
