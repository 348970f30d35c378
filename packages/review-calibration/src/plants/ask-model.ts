// Model-written plants: the provider's model (--plant-tier) is shown the commit's changed code and
// asked for realistic bugs as search/replace edits in one JSON document. An answer that is not that
// document is asked again once; a second one is an operational error, as is a provider that fails.

import { complete, extractJson, JsonExtractError, maxTokensFor, opError, type Tier } from '@adlc/core';
import * as z from 'zod';
import type { ModelPlantAnswer } from './check-model-plant.js';
import { MAX_PLANT_LINES } from './check-model-plant.js';
import type { Target } from './targets.js';

export const RULE_CATEGORIES = [
  'off-by-one', 'logic-inversion', 'null-handling', 'arithmetic', 'return-value', 'exception-handling', 'async',
  'update-assignment', 'removed-call', 'string-literal', 'swapped-arguments', 'wrong-identifier', 'numeric-literal',
] as const;
/** The rules' categories and three only a model writes well. */
export const MODEL_CATEGORIES = [...RULE_CATEGORIES, 'security', 'resource-leak', 'concurrency'] as const;

export const ModelPlantsAnswerSchema = z.object({
  plants: z.array(
    z.object({
      file: z.string(),
      search: z.string(),
      replace: z.string(),
      category: z.string(),
      description: z.string(),
      witness: z.string().optional(),
    }),
  ),
});

export const PLANTER_SYSTEM = [
  'You plant realistic bugs in code to test an automated code reviewer: the kind of defect a capable developer',
  'could commit by mistake and a good reviewer should catch. Never explain outside the JSON.',
].join('\n');

/** Context lines around each changed line shown to the model, and a bound on the code shown in all. */
const CONTEXT = 12;
const MAX_PROMPT_CODE = 60_000;

export function plantPrompt(targets: readonly Target[], count: number): string {
  const code: string[] = [];
  let size = 0;
  for (const t of targets) {
    const excerpt = numberedExcerpt(t);
    if (size + excerpt.length > MAX_PROMPT_CODE) break;
    size += excerpt.length;
    code.push(`=== ${t.file}\n${excerpt}`);
  }
  return [
    `Plant up to ${count} bugs in the code below (the lines a commit changed, with context; each line starts with its number and "| ").`,
    `Each bug is one search/replace edit of 1 to ${MAX_PLANT_LINES} consecutive lines of one of these files:`,
    '- "search" is copied exactly from the file (without the line numbers) and occurs exactly once in it;',
    '- "replace" has the same number of lines as "search" and must change behaviour, not only layout or comments;',
    '- bugs are at least 7 lines apart; they go in the changed code, never in tests;',
    `- "category" is one of: ${MODEL_CATEGORIES.join(', ')} (security: injection, path traversal, missing authorization or validation, unsafe deserialization, prototype pollution);`,
    '- "description" is one line stating the defect the way a reviewer should report it;',
    '- "witness" (optional) is a shell command, run from the repository root, that passes on the original code and fails with the bug.',
    'Answer with one JSON document and nothing else:',
    '{"plants": [{"file": "...", "search": "...", "replace": "...", "category": "...", "description": "...", "witness": "..."}]}',
    '',
    ...code,
  ].join('\n');
}

/** The changed lines with context, numbered; the start of the file when no line is known to have changed. */
function numberedExcerpt(t: Target): string {
  const lines = t.content.split('\n');
  const keep = new Set<number>();
  const centres = t.changedLines.length > 0 ? t.changedLines : [1];
  const reach = t.changedLines.length > 0 ? CONTEXT : 400;
  for (const c of centres) for (let l = Math.max(1, c - reach); l <= Math.min(lines.length, c + reach); l++) keep.add(l);
  const out: string[] = [];
  let last = 0;
  for (const l of [...keep].sort((a, b) => a - b)) {
    if (last !== 0 && l !== last + 1) out.push('...');
    out.push(`${l}| ${lines[l - 1] ?? ''}`);
    last = l;
  }
  return out.join('\n');
}

export interface PlanterContext {
  tier: Tier;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export async function askModelForPlants(targets: readonly Target[], count: number, ctx: PlanterContext): Promise<{ plants: ModelPlantAnswer[]; model: string }> {
  const prompt = plantPrompt(targets, count);
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    // Provider failures (after core's retries) propagate as operational errors.
    const completion = await complete(prompt, {
      tier: ctx.tier,
      system: PLANTER_SYSTEM,
      temperature: 0.7,
      maxTokens: maxTokensFor({}, ctx.env, 8192),
      env: ctx.env,
      cwd: ctx.cwd,
    });
    if (completion.truncated) {
      problem = 'the answer stopped at its token limit (raise ADLC_MAX_TOKENS)';
      continue;
    }
    try {
      const answer = extractJson(completion.text, ModelPlantsAnswerSchema);
      return { plants: answer.plants.map(({ witness, ...p }) => ({ ...p, ...(witness ? { witness } : {}) })), model: completion.model };
    } catch (error) {
      if (!JsonExtractError.isInstance(error)) throw error;
      problem = error.message;
    }
  }
  throw opError(`the model's plants were not a valid {"plants": [...]} document twice: ${problem}`, {
    hint: 'try another model for --plant-tier (ADLC_MODEL_MID, …), or --plant-source rules',
  });
}
