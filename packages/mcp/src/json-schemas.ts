// Every machine-readable output of adlc-mcp that no other package already documents: the document
// tdd_write and tdd_edit answer with. The build writes it to schemas/<name>.json (scripts/build-schemas.mjs).
// The other tools answer with their CLI's --json document, whose schema ships with that CLI.

import type { z } from 'zod';
import { EditOutputSchema } from './edit-schema.js';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  edit: { describes: 'the structuredContent of adlc-mcp tdd_write and tdd_edit', schema: EditOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
