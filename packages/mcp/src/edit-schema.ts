// The document tdd_write and tdd_edit answer with: the gate's decision as `tdd-kernel check --json`
// gives it, and whether the file was written.

import { CheckOutputSchema } from '@adlc/tdd-kernel';
import * as z from 'zod';

export const EditOutputSchema = CheckOutputSchema.extend({
  /** True when the gate allowed the edit and the file now holds the new content. */
  written: z.boolean(),
});
export type EditOutput = z.infer<typeof EditOutputSchema>;
