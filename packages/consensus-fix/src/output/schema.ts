// The documented shape of `--json` output: the seed's fields (summary, groups, winner,
// discardedDetails) unchanged, plus additions. Exported so orchestrators can validate it.

import { RestoreDocumentSchema, UsageSchema } from '@adlc/core';
import * as z from 'zod';
import { LocalizationSchema } from '@adlc/localize';
import { NORMALIZE_MODES } from '../cli/options.js';

export { EvidenceSchema, LocalizationSchema, LocalizedFileSchema, LocalizeOnlyOutputSchema, type Evidence, type Localization, type LocalizedFile, type LocalizeOnlyOutput } from '@adlc/localize';

const count = z.number().int().nonnegative();
const exitCode = z.number().int().nullable();

export const STAGES = ['syntax', 'repro', 'rails', 'timeout'] as const;
export type Stage = (typeof STAGES)[number];

export const ChangeSchema = z.object({ file: z.string(), content: z.string() });

export const DiscardedDetailSchema = z.object({
  index: count,
  reason: z.string(),
  message: z.string(),
  provider: z.string().optional(),
  status: z.union([z.number(), z.string()]).optional(),
  /** `edit` when a search/replace edit did not apply (reason `edit: not found` or `edit: ambiguous`). */
  stage: z.literal('edit').optional(),
  /** The file whose change was refused (an edit that did not apply, a whole content of a file shown in slices). */
  file: z.string().optional(),
  /** Which edit of that file did not apply: its position in the file's `edits` (0-based). */
  editIndex: count.optional(),
});

export const FailedDetailSchema = z.object({
  index: count,
  stage: z.enum(STAGES),
  exitCode,
  outputTail: z.string(),
});

export const CandidateSummarySchema = z.object({
  index: count,
  provider: z.string(),
  model: z.string(),
  status: z.enum(['survived', 'failed', 'discarded']),
  stage: z.enum(STAGES).optional(),
  reason: z.string().optional(),
  changedLines: count.optional(),
  groupIndex: count.optional(),
});

export const ConsensusFixOutputSchema = z.object({
  summary: z.object({
    total: count,
    passed: count,
    failed: count,
    discarded: count,
    groups: count,
    allDivergent: z.boolean(),
    railsChecked: z.boolean(),
    /** Largest group size / N. */
    confidence: z.number().min(0).max(1),
  }),
  groups: z.array(z.object({ groupIndex: count, size: count, candidateIndices: z.array(count) })),
  winner: z
    .object({
      index: count,
      changedLines: count,
      largestGroupSize: count,
      changes: z.array(ChangeSchema),
      applied: z.boolean(),
      groupIndex: count,
      diff: z.string(),
      flaky: z.boolean(),
    })
    .nullable(),
  discardedDetails: z.array(DiscardedDetailSchema),
  failedDetails: z.array(FailedDetailSchema),
  verdict: z.enum(['pass', 'no-survivors', 'all-divergent']),
  /** One line for people: why the gate passed or failed. */
  message: z.string(),
  candidates: z.array(CandidateSummarySchema),
  baseline: z.object({
    testExitCode: exitCode,
    /** Null when --rails was not given or the run was killed (see railsTimedOut). */
    railsExitCode: exitCode,
    railsTimedOut: z.boolean(),
  }),
  postApply: z
    .object({ testExitCode: exitCode, railsExitCode: exitCode, passed: z.boolean() })
    .nullable(),
  usage: UsageSchema.extend({ calls: count, failedCalls: count }),
  durationMs: count,
  n: count,
  jobs: count,
  normalize: z.enum(NORMALIZE_MODES),
  warnings: z.array(z.string()),
  /** What the models were asked for: `whole` files or `replace` (search/replace edits of the suspect spans). */
  editFormat: z.enum(['whole', 'replace']),
  /** Present when --files was omitted: the ranking that chose the files the fix may change. */
  localization: LocalizationSchema.optional(),
  /** What the pre-flight saw fail: the failing tests its runner's report names (empty when it cannot be read). */
  preflight: z.object({ failingTests: z.array(z.string()) }),
});
export type ConsensusFixOutput = z.infer<typeof ConsensusFixOutputSchema>;

/** `--prompt-only --json`. */
export const PromptOnlyOutputSchema = z.object({
  promptOnly: z.literal(true),
  prompts: z.array(z.object({ label: z.string(), system: z.string().optional(), prompt: z.string() })),
});
export type PromptOnlyOutput = z.infer<typeof PromptOnlyOutputSchema>;

/** `--restore --json`: core's restore document, the same as review-calibration's. */
export const RestoreOutputSchema = RestoreDocumentSchema;
export type RestoreOutput = z.infer<typeof RestoreOutputSchema>;
