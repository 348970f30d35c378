// The command's one table of options: the flags, the library's option type, the MCP tool's input and
// the "review-calibration" section of the config file all come from it. Pure.

import { defineOptions, flagMeta, resolveOptions, SHARED_OPTIONS, TIERS, type ProjectConfig } from '@adlc/core';
import * as z from 'zod';
import { SCORERS } from './types.js';

/** Asked per run (which commit, which plants, a recovery): flags only, not keys of the config file. */
const PER_RUN = { config: false } as const;

export const CALIBRATION_OPTIONS = defineOptions('review-calibration', {
  json: SHARED_OPTIONS.json,
  quiet: SHARED_OPTIONS.quiet,
  // Not required here: --reviewers-file alone names reviewers too; loading them says "--review-cmd is required" when neither does.
  reviewCmd: z
    .array(z.string().min(1))
    .optional()
    .describe('shell command that runs the reviewer; {base} becomes the --commit ref (required; repeat it to compare reviewers)')
    .register(flagMeta, { value: 'cmd', list: 'repeat' }),
  reviewersFile: z.string().optional().describe('more reviewers to compare: JSON array of {name, cmd}').register(flagMeta, { value: 'file', path: true }),
  commit: z
    .string()
    .min(1)
    .default('HEAD')
    .describe('commit (or range A..B) whose changed files (and lines) get the plants')
    .register(flagMeta, { value: 'ref', ...PER_RUN }),
  plants: z.number().int().min(1).max(1000).default(8).describe('number of bugs to plant').register(flagMeta, { value: 'n' }),
  // A gate must not pass on one bug.
  minPlants: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .describe('fewer valid plants than this is an error (exit 1), not a number to gate on')
    .register(flagMeta, { value: 'k' }),
  minRecall: z.number().min(0).max(1).default(0.5).describe('minimum recall to pass (0-1)').register(flagMeta, { value: 'f' }),
  minPrecision: z.number().min(0).max(1).optional().describe('minimum precision to pass (0-1); not checked when unset').register(flagMeta, { value: 'f' }),
  decoys: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(0)
    .describe('after the planted run, run the reviewer n times on the commit with no plants: every finding there is a false positive')
    .register(flagMeta, { value: 'n' }),
  maxDecoyFindings: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('gate: fail (exit 2) when the decoy runs make more findings than this in all')
    .register(flagMeta, { value: 'k' }),
  files: z
    .array(z.string())
    .default([])
    .describe('comma-separated fallback files when the commit changes no eligible source file')
    .register(flagMeta, { value: 'list', list: 'comma', path: true }),
  plantsFile: z
    .string()
    .optional()
    .describe('plant these bugs instead: JSON array of {file, line, original, mutated, category, description, witness?}')
    .register(flagMeta, { value: 'file', ...PER_RUN }),
  plantSource: z
    .enum(['rules', 'model', 'both'])
    .default('rules')
    .describe('who writes the plants: mutation rules, a model (realistic multi-line and security bugs), or both')
    .register(flagMeta, { value: 'who' }),
  plantTier: z.enum(TIERS).default('mid').describe('model tier that writes model plants').register(flagMeta, { value: 'tier' }),
  testCmd: z
    .string()
    .optional()
    .describe("the project's tests, run from the repository root: a model plant they pass with, in a file they cover, is marked unverified (still scored)")
    .register(flagMeta, { value: 'cmd' }),
  scorer: z.enum(SCORERS).default('judge').describe('how a located finding is judged to identify the bug').register(flagMeta, { value: 'mode' }),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1)
    .describe('seed of the plant selection (trial i uses seed + i)')
    .register(flagMeta, { value: 'n' }),
  trials: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(1)
    .describe('run k calibrations with different seeds; reports a 95% Wilson interval')
    .register(flagMeta, { value: 'k' }),
  history: z
    .string()
    .optional()
    .describe('append this run to a JSONL history and report the change since the previous entry')
    .register(flagMeta, { value: 'file', path: true }),
  report: z
    .array(z.string())
    .default([])
    .describe('write the plants and their status: .html = self-contained viewer, else mutation-testing-report JSON (repeatable)')
    .register(flagMeta, { value: 'file', list: 'repeat', path: true }),
  timeout: z.number().int().min(1).default(120).describe('time limit of each repro or witness run').register(flagMeta, { value: 'seconds' }),
  reviewTimeout: z.number().int().min(1).default(1800).describe('time limit of the review command').register(flagMeta, { value: 'seconds' }),
  restore: z
    .boolean()
    .default(false)
    .describe('restore files a killed run left planted, then exit (needs no other flag)')
    .register(flagMeta, PER_RUN),
});

/** The options as a library call (or the flags) give them: each as its flag, defaulted ones optional. */
export type CalibrateInput = z.input<typeof CALIBRATION_OPTIONS.schema>;

/** The run's options, every default filled in. */
export type CalibrateOptions = z.output<typeof CALIBRATION_OPTIONS.schema>;

/** The run's options: what was given over the config file's section over the table's defaults. */
export function calibrateOptions(given: CalibrateInput, config: Pick<ProjectConfig, 'options'> = { options: {} }): CalibrateOptions {
  return resolveOptions(CALIBRATION_OPTIONS, given, config);
}
