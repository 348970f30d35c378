// The document every CLI prints on stdout under --json when a run ends in an operational error.
// Kept apart from outcome.ts so a CLI's start-up (which only prints it) does not load zod.

import * as z from 'zod';

export const ErrorOutputSchema = z.object({
  error: z.object({
    message: z.string(),
    hint: z.string().optional(),
    exitCode: z.number().int(),
    provider: z.string().optional(),
    status: z.union([z.number(), z.string()]).optional(),
  }),
});
export type ErrorOutput = z.infer<typeof ErrorOutputSchema>;
