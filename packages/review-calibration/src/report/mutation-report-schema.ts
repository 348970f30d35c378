// `--report <file>.json`: the mutation-testing-report-schema document (mutation-report.ts builds
// it), as a zod schema. The type check below keeps it within the types the schema package ships.

import * as z from 'zod';
import type { MutationReport } from './mutation-report.js';

const position = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });

const MutantSchema = z.object({
  id: z.string(),
  mutatorName: z.string(),
  replacement: z.string(),
  location: z.object({ start: position, end: position }),
  status: z.enum(['Killed', 'Survived', 'Ignored']),
  statusReason: z.string().optional(),
  description: z.string().optional(),
  /** Caught: the findings that identify the plant. */
  killedBy: z.array(z.string()).optional(),
  /** Located only: the findings that point at it. */
  coveredBy: z.array(z.string()).optional(),
});

export const MutationReportSchema = z.object({
  $schema: z.string(),
  schemaVersion: z.literal('2'),
  thresholds: z.object({ high: z.number(), low: z.number() }),
  projectRoot: z.string().optional(),
  config: z.record(z.string(), z.unknown()),
  framework: z.object({ name: z.string(), version: z.string().optional() }),
  files: z.record(z.string(), z.object({ language: z.string(), source: z.string(), mutants: z.array(MutantSchema) })),
  testFiles: z.record(z.string(), z.object({ tests: z.array(z.object({ id: z.string(), name: z.string() })) })),
});

export type MutationReportDocument = z.infer<typeof MutationReportSchema>;

// Every document this schema accepts is a report as mutation-testing-report-schema types it.
const withinShippedTypes: [MutationReportDocument] extends [MutationReport] ? true : false = true;
void withinShippedTypes;
