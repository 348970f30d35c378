// The --json document, as a zod schema orchestrators can validate with. The seed's fields come
// first, unchanged; everything after them is an addition.

import { RestoreDocumentSchema } from '@adlc/core';
import * as z from 'zod';
import { PLANT_SOURCES, PLANT_STATUSES, SCORERS } from './types.js';

const Ratio = z.number().min(0).max(1);

export const CategoryScoreSchema = z.object({
  caught: z.number().int().min(0),
  total: z.number().int().min(0),
  recall: Ratio,
  located: z.number().int().min(0),
});

export const PlantJsonSchema = z.object({
  file: z.string(),
  line: z.number().int().min(1),
  category: z.string(),
  operator: z.string(),
  status: z.enum(PLANT_STATUSES),
  original: z.string(),
  mutated: z.string(),
  // additions
  id: z.string(),
  column: z.number().int().min(1),
  description: z.string(),
  identifiedBy: z.enum(['repro', 'judge', 'location']).nullable(),
  /** Indices into `findings` of the findings that locate / identify this plant. */
  locatedBy: z.array(z.number().int()),
  caughtBy: z.array(z.number().int()),
  reason: z.string().optional(),
  trial: z.number().int().min(0).optional(),
  /** Who wrote it; how many lines it changes (model plants up to 8), and its last line when more than one. */
  source: z.enum(PLANT_SOURCES).optional(),
  /** A model plant that --test-cmd's tests pass with (no test run tells it apart); still scored. */
  unverified: z.literal(true).optional(),
  lines: z.number().int().min(1).optional(),
  endLine: z.number().int().min(1).optional(),
});

export const FindingJsonSchema = z.object({
  index: z.number().int().min(0),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  description: z.string(),
  severity: z.string().optional(),
  repro: z.string().optional(),
  reviewer: z.string().optional(),
  kind: z.enum(['true-positive', 'located', 'false-positive', 'unanchored', 'equivalent']),
  plant: z.string().nullable(),
  trial: z.number().int().min(0).optional(),
});

const ControlJsonSchema = z.object({
  caught: z.number().int(),
  located: z.number().int(),
  total: z.number().int(),
  recall: Ratio,
  ok: z.boolean(),
});

export const TrialJsonSchema = z.object({
  seed: z.number().int(),
  recall: Ratio,
  caught: z.number().int(),
  located: z.number().int(),
  total: z.number().int(),
  precision: Ratio.nullable(),
  truePositives: z.number().int(),
  falsePositives: z.number().int(),
  equivalentExcluded: z.number().int(),
  reviewExitCode: z.number().int(),
});

export const DecoyJsonSchema = z.object({
  runs: z.number().int().min(1),
  findings: z.number().int().min(0),
  findingsPerRun: z.number().min(0),
  filesFlagged: z.number().int().min(0),
});

const IntervalSchema = z.object({ low: Ratio, high: Ratio, confidence: Ratio });

/** One reviewer of a side-by-side run (every run has at least the one). */
export const ReviewerRowJsonSchema = z.object({
  name: z.string(),
  /** The review command, API keys redacted. */
  command: z.string(),
  recall: Ratio,
  caught: z.number().int().min(0),
  total: z.number().int().min(0),
  recallInterval: IntervalSchema,
  precision: Ratio.nullable(),
  truePositives: z.number().int().min(0),
  falsePositives: z.number().int().min(0),
  /** Findings in the clean (decoy) runs; null without --decoys. */
  decoyFindings: z.number().int().min(0).nullable(),
  /** Runs of this reviewer (planted trials and decoys) and their wall time in all. */
  runs: z.number().int().min(1),
  wallMs: z.number().int().min(0),
  /** Summed from the `usage` its JSON reported; null when it reported none. */
  usage: z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0), costUsd: z.number().min(0).optional() }).nullable(),
  gatePass: z.boolean(),
  gateReasons: z.array(z.string()),
});
export type ReviewerRowJson = z.infer<typeof ReviewerRowJsonSchema>;

export const HistoryEntrySchema = z.object({
  date: z.string(),
  commit: z.string(),
  commitSha: z.string(),
  reviewCommand: z.string(),
  scorer: z.enum(SCORERS),
  recall: Ratio,
  precision: Ratio.nullable(),
  caught: z.number().int(),
  total: z.number().int(),
  perCategory: z.record(z.string(), CategoryScoreSchema),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryJsonSchema = z.object({
  file: z.string(),
  previous: HistoryEntrySchema.nullable(),
  delta: z
    .object({
      recall: z.number(),
      precision: z.number().nullable(),
      perCategory: z.record(z.string(), z.number()),
    })
    .nullable(),
});

export const CalibrationJsonSchema = z.object({
  recall: Ratio,
  caught: z.number().int().min(0),
  total: z.number().int().min(0),
  precision: Ratio.nullable(),
  truePositives: z.number().int().min(0),
  falsePositives: z.number().int().min(0),
  minRecall: Ratio,
  minPrecision: Ratio.nullable(),
  gatePass: z.boolean(),
  scorer: z.enum(SCORERS),
  judgeAgreement: Ratio.nullable(),
  equivalentExcluded: z.number().int().min(0),
  commit: z.string(),
  reviewExitCode: z.number().int(),
  perCategory: z.record(z.string(), CategoryScoreSchema),
  plants: z.array(PlantJsonSchema),
  // additions
  located: z.number().int().min(0),
  commitSha: z.string(),
  seed: z.number().int(),
  targets: z.object({
    source: z.enum(['commit', 'files', 'plants-file']),
    files: z.array(z.string()),
    /** Changed or listed files that got no plants, and why (generated, binary, too large, …); present when any was. */
    skipped: z.array(z.object({ file: z.string(), reason: z.string() })).optional(),
  }),
  findingsFormat: z.string(),
  findings: z.array(FindingJsonSchema),
  unanchoredFindings: z.number().int().min(0),
  judgeInvalid: z.number().int().min(0),
  controls: z.object({ echo: ControlJsonSchema, oracle: ControlJsonSchema }),
  gateReasons: z.array(z.string()),
  warnings: z.array(z.string()),
  trials: z.array(TrialJsonSchema).optional(),
  recallInterval: IntervalSchema.optional(),
  history: HistoryJsonSchema.optional(),
  reports: z.array(z.string()).optional(),
  /** --plants per trial; null with --plants-file. Always printed; optional so that older documents still validate. */
  plantsRequested: z.number().int().min(1).nullable().optional(),
  /** --decoys: the reviewer's runs on the commit with no plants, where every finding is a false positive. */
  decoy: DecoyJsonSchema.optional(),
  maxDecoyFindings: z.number().int().min(0).nullable().optional(),
  /** --plant-source model|both: what the model proposed, and each discarded plant with why. */
  modelPlants: z
    .object({
      tier: z.string(),
      model: z.string(),
      proposed: z.number().int().min(0),
      accepted: z.number().int().min(0),
      discarded: z.array(z.object({ file: z.string(), category: z.string(), reason: z.string() })),
    })
    .optional(),
  /** Recall per plant source (`rules`, `model`), with --plant-source model|both. */
  perSource: z.record(z.string(), CategoryScoreSchema).optional(),
  /** One row per reviewer, in the order given; the top-level fields are the first one's, the gate everyone's. */
  reviewers: z.array(ReviewerRowJsonSchema).optional(),
});
export type CalibrationJson = z.infer<typeof CalibrationJsonSchema>;

/** `--restore --json`: core's restore document, the same as consensus-fix's. */
export const RestoreJsonSchema = RestoreDocumentSchema;
export type RestoreJson = z.infer<typeof RestoreJsonSchema>;
