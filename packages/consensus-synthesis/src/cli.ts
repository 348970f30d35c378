// consensus-synthesis: declares the flags (from the option table, options.ts) and hands the ones
// given to the command, loaded lazily so --help stays fast.

import { addOptions, createProgram, givenOptions, parseArgs, runMain } from '@adlc/core';
import { SYNTHESIS_OPTIONS } from './options.js';
import pkg from '../package.json' with { type: 'json' };

const program = createProgram({
  name: 'consensus-synthesis',
  description:
    'Several models review a diff (or answer a design question) in parallel; a blind chairman compiles a three-tier consensus CI can gate on.',
  version: pkg.version,
  helpAfter: `Examples:
  consensus-synthesis --mode=code-review --base-sha=main --description="Add authentication"
  consensus-synthesis --mode=code-review --base-sha=HEAD~3 --head-sha=HEAD --plan-file=docs/plan.md --sarif=review.sarif
  consensus-synthesis --mode=code-review --base-sha=$BASE --head-sha=$HEAD --github-review   (in a pull_request workflow, with GITHUB_TOKEN)
  consensus-synthesis --mode=general-prompt --prompt="What could go wrong with this design?" --context-file=design.md

Reviewers: one per provider with a key (ANTHROPIC_API_KEY, GEMINI_API_KEY, OPENAI_API_KEY), or --reviewers.
In --reviewers a comma starts a new reviewer only before a provider name or "command:", so a
command may contain commas. The flag may be repeated.

Exit codes: 0 pass, 2 the consensus reaches --fail-on, 1 operational error (bad flags or config
file, no provider, no reviewer or no chairman answered), 130/143 interrupted.`,
});

addOptions(program, SYNTHESIS_OPTIONS);

// runMain never rejects: it reports every failure itself and exits.
void runMain('consensus-synthesis', async () => {
  const { command } = parseArgs(program, process.argv.slice(2));
  const given = givenOptions(command, SYNTHESIS_OPTIONS);
  const { runConsensusSynthesis } = await import('./run.js');
  // Commander has refused a run without --mode (required, and not a config key).
  return runConsensusSynthesis({ ...given, mode: given.mode! }, { env: process.env, cwd: process.cwd() });
});
