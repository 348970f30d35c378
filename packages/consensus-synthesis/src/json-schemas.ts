// Every machine-readable output of consensus-synthesis, each with the zod schema that describes it.
// The build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from '@adlc/core';
import { ConsensusOutputSchema, PromptOnlyOutputSchema } from './report/output-schema.js';
import type { z } from 'zod';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  output: { describes: 'consensus-synthesis --json, in both modes (code-review, general-prompt)', schema: ConsensusOutputSchema },
  'prompt-only': { describes: 'consensus-synthesis --prompt-only --json', schema: PromptOnlyOutputSchema },
  error: { describes: 'consensus-synthesis --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
