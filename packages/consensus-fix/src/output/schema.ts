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
  /** The round of --rounds that asked for it (1 without --rounds). */
  round: count.min(1),
});

/** One round of --rounds: how many candidates it asked for and how many survived. */
export const RoundSchema = z.object({ round: count.min(1), candidates: count, survivors: count });

/**
 * The model's pick among the ranked files (without --files, when the ranking had no clear winner or
 * under --localize model): the deterministic ranking it was shown, its picks with their reasons, the
 * picks dropped (a file not shown, a test file, a path outside the repository), and the files kept.
 */
export const RerankSchema = z.object({
  /** `no-clear-winner` (the top score under 1.5 times the second's) or `localize-model` (--localize model). */
  trigger: z.enum(['no-clear-winner', 'localize-model']),
  provider: z.string(),
  /** '' when the call failed before a model answered. */
  model: z.string(),
  /** The deterministic top 10 the model was shown, best first. */
  ranking: z.array(z.object({ file: z.string(), score: z.number().nonnegative() })),
  chosen: z.array(z.object({ file: z.string(), reason: z.string() })),
  rejected: z.array(z.object({ file: z.string(), why: z.string() })),
  /** Why the deterministic top --max-files was kept (a failed call, an invalid answer, no valid pick); null when the picks were used. */
  fallback: z.string().nullable(),
  /** The files the fix may change, as a result. */
  files: z.array(z.string()),
});
export type Rerank = z.infer<typeof RerankSchema>;

/** `--localize-only --json` under --localize model: the localization and the model's pick. */
export const LocalizeModelOutputSchema = z.object({ localization: LocalizationSchema, rerank: RerankSchema.optional() }).strict();
export type LocalizeModelOutput = z.infer<typeof LocalizeModelOutputSchema>;

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
  /** Each round asked (one without --rounds); a later round only when the ones before left no fix that holds. */
  rounds: z.array(RoundSchema),
  /** Present when a model picked among the ranked files (see RerankSchema). */
  rerank: RerankSchema.optional(),
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
