// The stage-2 prompt: the answers under their blind letters (long ones cut, so stage 2 stays
// bounded) with the description and file list, or the question; never the diff. Pure.

import type { Settled } from '../panel/call-models.js';
import { partsText } from '../panel/ask-in-parts.js';
import type { Stage1Input } from '../inputs/stage1-input.js';
import { chairmanCodeReviewPrompt, chairmanGeneralPrompt, type LetteredReview } from '../prompts.js';

/** A reviewer's answer as the chairman gets it. */
const REVIEW_LIMIT_CHARS = 24_000;

function capReview(text: string): string {
  return text.length <= REVIEW_LIMIT_CHARS ? text : `${text.slice(0, REVIEW_LIMIT_CHARS)}\n[Review truncated - showing first ${REVIEW_LIMIT_CHARS} characters]`;
}

export function chairPromptFor(
  input: Stage1Input,
  letters: ReadonlyArray<{ letter: string; name: string }>,
  settled: readonly Settled[],
  asked: number,
): string {
  const byName = new Map(settled.map((s) => [s.spec.name, s]));
  const reviews: LetteredReview[] = letters.map(({ letter, name }) => {
    const s = byName.get(name);
    if (!s || !s.ok) return { letter, text: '' };
    // A review in parts: each part's answer is capped on its own, so a long first part cannot hide the rest.
    return { letter, text: s.parts ? partsText(s.parts, capReview) : capReview(s.text) };
  });
  return input.mode === 'code-review'
    ? chairmanCodeReviewPrompt({ description: input.context.description, files: input.context.files, reviews, asked, parts: input.prompts.length })
    : chairmanGeneralPrompt({ prompt: input.context.prompt, reviews, asked });
}
