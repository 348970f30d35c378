// review-calibration: declares the flags (from the option table, options.ts) and hands the ones
// given to the command, loaded lazily so --help stays fast.

import { addOptions, createProgram, givenOptions, parseArgs, runMain } from '@adlc/core';
import pkg from '../package.json' with { type: 'json' };
import { CALIBRATION_OPTIONS } from './options.js';

const HELP_AFTER = `Exit codes:
  0  gate passes: recall >= --min-recall (and precision >= --min-precision, decoy findings
     <= --max-decoy-findings, when set)
  2  gate fails
  1  operational error: dirty tree, fewer plants than --min-plants, reviewer crashed (exit not 0 or 2), a control
     failed (the scorer is broken), no provider for --scorer judge, bad arguments or config file

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
  helpAfter: HELP_AFTER,
});

addOptions(program, CALIBRATION_OPTIONS);

// runMain never rejects: it reports every failure itself and exits.
void runMain('review-calibration', async () => {
  const { command } = parseArgs(program, process.argv.slice(2));
  const given = givenOptions(command, CALIBRATION_OPTIONS);
  const { calibrate } = await import('./calibrate.js');
  return calibrate(given, { cwd: process.cwd(), env: process.env, version: pkg.version });
});
