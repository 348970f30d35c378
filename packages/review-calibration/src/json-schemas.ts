// Every machine-readable output of review-calibration, each with the zod schema that describes it.
// The build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from '@adlc/core';
import { MutationReportSchema } from './report/mutation-report-schema.js';
import { CalibrationJsonSchema, HistoryEntrySchema, RestoreJsonSchema } from './schema.js';
import type { z } from 'zod';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  output: { describes: 'review-calibration --json', schema: CalibrationJsonSchema },
  restore: { describes: 'review-calibration --restore --json', schema: RestoreJsonSchema },
  report: { describes: 'review-calibration --report <file> with any name but .html (mutation-testing-report-schema)', schema: MutationReportSchema },
  'history-line': { describes: 'one line of review-calibration --history <file>', schema: HistoryEntrySchema },
  error: { describes: 'review-calibration --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
