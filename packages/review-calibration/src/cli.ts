// review-calibration: declares the flags and hands them to the command (loaded lazily, so --help is fast).

import { Option } from 'commander';
import { collect, createProgram, floatArg, intArg, listArg, parseArgs, runMain, TIERS } from '@adlc/core';
import pkg from '../package.json' with { type: 'json' };
import { DEFAULTS } from './cli/defaults.js';
import { SCORERS } from './types.js';

const HELP_AFTER = `Exit codes:
  0  gate passes: recall >= --min-recall (and precision >= --min-precision, decoy findings
     <= --max-decoy-findings, when set)
  2  gate fails
  1  operational error: dirty tree, fewer plants than --min-plants, reviewer crashed (exit not 0 or 2), a control
     failed (the scorer is broken), no provider for --scorer judge, bad arguments

Examples:
  review-calibration --review-cmd "adversarial-review --base {base} --json" --plants 8 --min-recall 0.6
  review-calibration --review-cmd "my-reviewer {base}" --scorer repro --json
  review-calibration --review-cmd "my-reviewer {base}" --trials 5 --history calib.jsonl --report calib.html
  review-calibration --review-cmd "bot-a {base}" --review-cmd "bot-b {base}" --decoys 2 --scorer repro
  review-calibration --restore`;

const program = createProgram({
  name: 'review-calibration',
  description: 'Measures an automated reviewer\'s recall and precision by planting real bugs, with controls that keep the number honest.',
  version: pkg.version,
  shared: ['json', 'quiet'],
  helpAfter: HELP_AFTER,
})
  .option('--review-cmd <cmd>', 'shell command that runs the reviewer; {base} becomes the --commit ref (required; repeat it to compare reviewers)', collect, [])
  .option('--reviewers-file <file>', 'more reviewers to compare: JSON array of {name, cmd}')
  .option('--commit <ref>', 'commit (or range A..B) whose changed files (and lines) get the plants', DEFAULTS.commit)
  .option('--plants <n>', 'number of bugs to plant', intArg(1, 1000), DEFAULTS.plants)
  .option('--min-plants <k>', 'fewer valid plants than this is an error (exit 1), not a number to gate on', intArg(1, 1000), DEFAULTS.minPlants)
  .option('--min-recall <f>', 'minimum recall to pass (0-1)', floatArg(0, 1), DEFAULTS.minRecall)
  .option('--min-precision <f>', 'minimum precision to pass (0-1); not checked when unset', floatArg(0, 1))
  .option('--decoys <n>', 'after the planted run, run the reviewer n times on the commit with no plants: every finding there is a false positive', intArg(0, 100), DEFAULTS.decoys)
  .option('--max-decoy-findings <k>', 'gate: fail (exit 2) when the decoy runs make more findings than this in all', intArg(0))
  .option('--files <list>', 'comma-separated fallback files when the commit changes no eligible source file', listArg, [])
  .option('--plants-file <file>', 'plant these bugs instead: JSON array of {file, line, original, mutated, category, description, witness?}')
  .addOption(new Option('--plant-source <who>', 'who writes the plants: mutation rules, a model (realistic multi-line and security bugs), or both').choices(['rules', 'model', 'both']).default(DEFAULTS.plantSource))
  .addOption(new Option('--plant-tier <tier>', 'model tier that writes model plants').choices([...TIERS]).default(DEFAULTS.plantTier))
  .option('--test-cmd <cmd>', 'the project\'s tests, run from the repository root: a model plant they pass with is marked unverified (still scored)')
  .addOption(new Option('--scorer <mode>', 'how a located finding is judged to identify the bug').choices([...SCORERS]).default(DEFAULTS.scorer))
  .option('--seed <n>', 'seed of the plant selection (trial i uses seed + i)', intArg(0, 2 ** 31 - 1), DEFAULTS.seed)
  .option('--trials <k>', 'run k calibrations with different seeds; reports a 95% Wilson interval', intArg(1, 100), DEFAULTS.trials)
  .option('--history <file>', 'append this run to a JSONL history and report the change since the previous entry')
  .option('--report <file>', 'write the plants and their status: .html = self-contained viewer, else mutation-testing-report JSON (repeatable)', collect, [])
  .option('--timeout <seconds>', 'time limit of each repro or witness run', intArg(1), DEFAULTS.timeout)
  .option('--review-timeout <seconds>', 'time limit of the review command', intArg(1), DEFAULTS.reviewTimeout)
  .option('--restore', 'restore files a killed run left planted, then exit (needs no other flag)');

// runMain never rejects: it reports every failure itself and exits.
void runMain('review-calibration', async () => {
  const { opts } = parseArgs<Record<string, unknown>>(program, process.argv.slice(2));
  const { runCli } = await import('./cli/run-cli.js');
  return runCli(opts, { cwd: process.cwd(), env: process.env, version: pkg.version });
});
