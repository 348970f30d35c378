// Every machine-readable output of consensus-fix, each with the zod schema that describes it. The
// build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from '@adlc/core';
import { LogEventSchema } from './log-event-schema.js';
import { ConsensusFixOutputSchema, LocalizeModelOutputSchema, LocalizeOnlyOutputSchema, PromptOnlyOutputSchema, RestoreOutputSchema } from './schema.js';
import type { z } from 'zod';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  output: { describes: 'consensus-fix --json', schema: ConsensusFixOutputSchema },
  'prompt-only': { describes: 'consensus-fix --prompt-only --json', schema: PromptOnlyOutputSchema },
  'localize-only': { describes: 'consensus-fix --localize-only --json', schema: LocalizeOnlyOutputSchema },
  'localize-model': { describes: 'consensus-fix --localize-only --localize model --json', schema: LocalizeModelOutputSchema },
  restore: { describes: 'consensus-fix --restore --json', schema: RestoreOutputSchema },
  event: { describes: 'one line of --log-dir <dir>/events.ndjson', schema: LogEventSchema },
  error: { describes: 'consensus-fix --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
