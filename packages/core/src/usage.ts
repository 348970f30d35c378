// Token usage: its JSON schema, one sum, and the estimate the command and fixture providers give
// when nothing reports real counts. An estimate stays marked through every sum, so `--json` never
// passes a guess off as a count.

import * as z from 'zod';

export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Present (true) when some of the counts are estimates (four characters a token), not reported by a model's API. */
  estimated: z.literal(true).optional(),
});

export type Usage = z.infer<typeof UsageSchema>;

const CHARS_PER_TOKEN = 4;

/** Usage guessed from the text sent and received, for providers that report no tokens. */
export function estimateUsage(input: string, output: string): Usage {
  return {
    inputTokens: Math.ceil(input.length / CHARS_PER_TOKEN),
    outputTokens: Math.ceil(output.length / CHARS_PER_TOKEN),
    estimated: true,
  };
}

/** The sum of any number of usages (zero with none); estimated when any part is. */
export function sumUsage(...usages: ReadonlyArray<Usage>): Usage {
  let inputTokens = 0;
  let outputTokens = 0;
  let estimated = false;
  for (const usage of usages) {
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
    estimated ||= usage.estimated === true;
  }
  return estimated ? { inputTokens, outputTokens, estimated: true } : { inputTokens, outputTokens };
}
