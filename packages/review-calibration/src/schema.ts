// The --json document, as a zod schema orchestrators can validate with. The seed's fields come
// first, unchanged; everything after them is an addition.

import { RestoreReportSchema } from '@adlc/core';
import * as z from 'zod';
import { PLANT_STATUSES, SCORERS } from './types.js';

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
  targets: z.object({ source: z.enum(['commit', 'files', 'plants-file']), files: z.array(z.string()) }),
  findingsFormat: z.string(),
  findings: z.array(FindingJsonSchema),
  unanchoredFindings: z.number().int().min(0),
  judgeInvalid: z.number().int().min(0),
  controls: z.object({ echo: ControlJsonSchema, oracle: ControlJsonSchema }),
  gateReasons: z.array(z.string()),
  warnings: z.array(z.string()),
  trials: z.array(TrialJsonSchema).optional(),
  recallInterval: z.object({ low: Ratio, high: Ratio, confidence: Ratio }).optional(),
  history: HistoryJsonSchema.optional(),
  reports: z.array(z.string()).optional(),
});
export type CalibrationJson = z.infer<typeof CalibrationJsonSchema>;

/** `--restore --json`: core's restore report, shared with consensus-fix (which prints it under `restore`). */
export const RestoreJsonSchema = RestoreReportSchema;
export type RestoreJson = z.infer<typeof RestoreJsonSchema>;
