// What a reviewer says its run cost, when its JSON carries `usage: {inputTokens, outputTokens,
// costUsd?}`; summed over its runs for the side-by-side comparison.

import { extractJson } from '@adlc/core';
import * as z from 'zod';

export const ReviewerUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative().optional(),
});
export type ReviewerUsage = z.infer<typeof ReviewerUsageSchema>;

const WithUsage = z.object({ usage: ReviewerUsageSchema }).loose();

/** The usage the reviewer reported in its output, or null when it reported none. */
export function parseUsage(output: string): ReviewerUsage | null {
  try {
    return extractJson(output, WithUsage).usage;
  } catch {
    return null;
  }
}

/** The sum of the usages reported, null when none was; a cost only when some run reported one. */
export function addUsage(usages: ReadonlyArray<ReviewerUsage | null>): ReviewerUsage | null {
  const reported = usages.filter((u): u is ReviewerUsage => u !== null);
  if (reported.length === 0) return null;
  const costs = reported.flatMap((u) => (u.costUsd === undefined ? [] : [u.costUsd]));
  return {
    inputTokens: reported.reduce((n, u) => n + u.inputTokens, 0),
    outputTokens: reported.reduce((n, u) => n + u.outputTokens, 0),
    ...(costs.length > 0 ? { costUsd: costs.reduce((a, b) => a + b, 0) } : {}),
  };
}
