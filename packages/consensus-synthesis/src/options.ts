// The command's options, checked before anything is read or sent: each mode's required flags,
// flags that belong to the other mode, and bounds. Pure.

import { opError, type Tier } from '@adlc/core';
import type { FailOn, Mode } from './schema.js';

/** As commander hands them over. */
export interface RawOptions {
  mode?: string;
  baseSha?: string;
  headSha?: string;
  description?: string;
  planFile?: string;
  prompt?: string;
  context?: string;
  contextFile?: string;
  reviewers?: string[];
  chairman?: string[];
  timeout?: number;
  failOn?: string;
  minReviewers?: number;
  out?: string;
  sarif?: string;
  seed?: number;
  json?: boolean;
  promptOnly?: boolean;
  tier?: Tier;
}

interface Common {
  reviewers: string[] | undefined;
  chairman: string[] | undefined;
  timeoutMs: number;
  failOn: FailOn;
  minReviewers: number;
  out: string | undefined;
  sarif: string | undefined;
  seed: number | undefined;
  json: boolean;
  promptOnly: boolean;
  tier: Tier;
}

export type Options =
  | (Common & { mode: 'code-review'; baseSha: string; headSha: string | undefined; description: string | undefined; planFile: string | undefined })
  | (Common & { mode: 'general-prompt'; prompt: string; context: string | undefined; contextFile: string | undefined });

export const DEFAULT_TIMEOUT_S = 30;

const CODE_REVIEW_ONLY = ['baseSha', 'headSha', 'description', 'planFile'] as const;
const GENERAL_ONLY = ['prompt', 'context', 'contextFile'] as const;
const FLAG: Record<string, string> = {
  baseSha: '--base-sha',
  headSha: '--head-sha',
  description: '--description',
  planFile: '--plan-file',
  prompt: '--prompt',
  context: '--context',
  contextFile: '--context-file',
};

export function checkOptions(raw: RawOptions): Options {
  const mode = raw.mode as Mode | undefined;
  if (mode !== 'code-review' && mode !== 'general-prompt') {
    throw opError(raw.mode === undefined ? '--mode is required' : `unknown --mode ${raw.mode}`, {
      hint: 'use --mode=code-review (with --base-sha) or --mode=general-prompt (with --prompt)',
    });
  }
  const common: Common = {
    reviewers: raw.reviewers,
    chairman: raw.chairman,
    timeoutMs: Math.round((raw.timeout ?? DEFAULT_TIMEOUT_S) * 1000),
    failOn: (raw.failOn ?? 'high') as FailOn,
    minReviewers: raw.minReviewers ?? 1,
    out: raw.out,
    sarif: raw.sarif,
    seed: raw.seed,
    json: raw.json === true,
    promptOnly: raw.promptOnly === true,
    tier: raw.tier ?? 'mid',
  };
  const misplaced = (mode === 'code-review' ? GENERAL_ONLY : CODE_REVIEW_ONLY).filter((key) => raw[key] !== undefined);
  if (misplaced.length > 0) {
    throw opError(`${misplaced.map((key) => FLAG[key]).join(', ')} ${misplaced.length === 1 ? 'is' : 'are'} not used with --mode=${mode}`, {
      hint: mode === 'code-review' ? 'code-review takes --base-sha, --head-sha, --description, --plan-file' : 'general-prompt takes --prompt, --context, --context-file',
    });
  }
  if (mode === 'code-review') {
    if (raw.baseSha === undefined || raw.baseSha.trim() === '') {
      throw opError('--mode=code-review needs --base-sha', { hint: 'e.g. --base-sha=main (any ref; --head-sha omitted reviews the working tree)' });
    }
    return { ...common, mode, baseSha: raw.baseSha.trim(), headSha: raw.headSha?.trim() || undefined, description: raw.description, planFile: raw.planFile };
  }
  if (raw.prompt === undefined || raw.prompt.trim() === '') {
    throw opError('--mode=general-prompt needs --prompt', { hint: 'e.g. --prompt="What could go wrong with this design?"' });
  }
  if (raw.context !== undefined && raw.contextFile !== undefined) {
    throw opError('give --context or --context-file, not both', { hint: 'put everything in one file, or pass it as --context' });
  }
  return { ...common, mode, prompt: raw.prompt, context: raw.context, contextFile: raw.contextFile };
}
