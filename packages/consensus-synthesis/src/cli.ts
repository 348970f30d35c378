// consensus-synthesis: declares the flags and hands them to the command, loaded lazily so
// --help stays fast.

import { collect, createProgram, floatArg, intArg, parseArgs, runMain } from '@adlc/core';
import { Option } from 'commander';
import pkg from '../package.json' with { type: 'json' };

const program = createProgram({
  name: 'consensus-synthesis',
  description:
    'Several models review a diff (or answer a design question) in parallel; a blind chairman compiles a three-tier consensus CI can gate on.',
  version: pkg.version,
  shared: ['json', 'promptOnly', 'tier'],
  defaultTier: 'mid',
  helpAfter: `Examples:
  consensus-synthesis --mode=code-review --base-sha=main --description="Add authentication"
  consensus-synthesis --mode=code-review --base-sha=HEAD~3 --head-sha=HEAD --plan-file=docs/plan.md --sarif=review.sarif
  consensus-synthesis --mode=general-prompt --prompt="What could go wrong with this design?" --context-file=design.md

Reviewers: one per provider with a key (ANTHROPIC_API_KEY, GEMINI_API_KEY, OPENAI_API_KEY), or --reviewers.
In --reviewers a comma starts a new reviewer only before a provider name or "command:", so a
command may contain commas. The flag may be repeated.

Exit codes: 0 pass, 2 the consensus reaches --fail-on, 1 operational error (bad flags, no
provider, no reviewer or no chairman answered), 130/143 interrupted.`,
});

program
  .addOption(new Option('--mode <mode>', 'what to do').choices(['code-review', 'general-prompt']).makeOptionMandatory())
  .option('--base-sha <ref>', 'code-review: the base of the change (any ref)')
  .option('--head-sha <ref>', 'code-review: the head of the change (default: the working tree, uncommitted changes included)')
  .option('--description <text>', 'code-review: what the change is for (default: its commit messages)')
  .option('--plan-file <path>', 'code-review: a plan the change implements, always sent in full')
  .option('--prompt <text>', 'general-prompt: the question to ask')
  .option('--context <text>', 'general-prompt: context for the question (over 10 KB is truncated)')
  .option('--context-file <path>', 'general-prompt: read the context from a file ("-" for stdin)')
  .option('--reviewers <list>', 'reviewers: anthropic,gemini,openai,command:<cmd> (default: every provider with a key)', collect)
  .option('--chairman <list>', 'chairmen in fallback order, same syntax (default: Claude → Gemini → OpenAI among those with a key)', collect)
  .option('--timeout <seconds>', 'bound on each reviewer call and each chairman attempt, retries included', floatArg(0.1, 3600), 30)
  .addOption(new Option('--fail-on <tier>', 'exit 2 when the consensus reaches this tier (any includes Consider)').choices(['high', 'medium', 'any', 'never']).default('high'))
  .option('--min-reviewers <k>', 'fewer answering reviewers is an operational error (exit 1)', intArg(1, 100), 1)
  .option('--out <file>', 'where to write the detailed report (default: a new consensus-XXXXXX.md in the temp dir)')
  .option('--sarif <file>', 'also write the stage-1 findings as SARIF 2.1.0')
  .option('--seed <n>', 'seed of the shuffled reviewer letters the chairman sees (default: random)', intArg(0, 2 ** 31 - 1));

// runMain never rejects: it reports every failure itself and exits.
void runMain('consensus-synthesis', async () => {
  const { opts } = parseArgs(program, process.argv.slice(2));
  const { runConsensusSynthesis } = await import('./run.js');
  return runConsensusSynthesis(opts, { env: process.env, cwd: process.cwd() });
});
