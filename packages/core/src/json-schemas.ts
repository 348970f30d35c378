// The machine-readable documents core defines for every tool, each with the zod schema that
// describes it. The build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from './error-output.js';
import type { z } from 'zod';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  error: { describes: 'the {"error": ...} document every CLI prints on stdout under --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
