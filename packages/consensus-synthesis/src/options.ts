// The command's one table of options (flags, the library's option type, the MCP tool's input and the
// "consensus-synthesis" section of the config file all come from it), and the checks that span
// options: each mode's required flags and the flags that belong to the other mode. Pure.

import { defineOptions, flagMeta, opError, resolveOptions, SHARED_OPTIONS, tierOption, type ProjectConfig } from '@adlc/core';
import * as z from 'zod';
import { FAIL_ON, MODES } from './report/output-schema.js';

/** Asked per run (the change, the question): flags only, not keys of the config file. */
const PER_RUN = { config: false } as const;

export const SYNTHESIS_OPTIONS = defineOptions('consensus-synthesis', {
  json: SHARED_OPTIONS.json,
  promptOnly: SHARED_OPTIONS.promptOnly,
  quiet: SHARED_OPTIONS.quiet,
  tier: tierOption('mid'),
  mode: z
    .enum(MODES)
    .describe('what to do: code-review reviews the change from --base-sha to --head-sha, general-prompt answers --prompt')
    .register(flagMeta, { value: 'mode', ...PER_RUN }),
  baseSha: z.string().optional().describe('code-review: the base of the change (any ref)').register(flagMeta, { value: 'ref', ...PER_RUN }),
  headSha: z
    .string()
    .optional()
    .describe('code-review: the head of the change (default: the working tree, uncommitted changes included)')
    .register(flagMeta, { value: 'ref', ...PER_RUN }),
  description: z
    .string()
    .optional()
    .describe('code-review: what the change is for (default: its commit messages)')
    .register(flagMeta, { value: 'text', ...PER_RUN }),
  planFile: z.string().optional().describe('code-review: a plan the change implements, always sent in full').register(flagMeta, { value: 'path', ...PER_RUN }),
  prompt: z.string().optional().describe('general-prompt: the question to ask').register(flagMeta, { value: 'text', ...PER_RUN }),
  context: z.string().optional().describe('general-prompt: context for the question (over 10 KB is truncated)').register(flagMeta, { value: 'text', ...PER_RUN }),
  contextFile: z
    .string()
    .optional()
    .describe('general-prompt: read the context from a file ("-" for stdin)')
    .register(flagMeta, { value: 'path', ...PER_RUN }),
  reviewers: z
    .array(z.string())
    .optional()
    .describe('reviewers: anthropic,gemini,openai,command:<cmd> (default: every provider with a key)')
    .register(flagMeta, { value: 'list', list: 'repeat' }),
  chairman: z
    .array(z.string())
    .optional()
    .describe('chairmen in fallback order, same syntax (default: Claude → Gemini → OpenAI among those with a key)')
    .register(flagMeta, { value: 'list', list: 'repeat' }),
  diffBudget: z
    .number()
    .int()
    .min(1024)
    .max(10_000_000)
    .default(10_240)
    .describe('code-review: the most diff one reviewer call sees, in bytes')
    .register(flagMeta, { value: 'bytes' }),
  chunks: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(10_000)])
    .default(1)
    .describe('code-review: how many parts of --diff-budget each to review; 1 reviews the first part only, "all" the whole diff')
    .register(flagMeta, { value: 'n|all' }),
  jobs: z.number().int().min(1).max(64).default(4).describe('calls in flight at once per reviewer (each provider) when the diff is reviewed in parts').register(flagMeta, { value: 'n' }),
  exclude: z
    .array(z.string().min(1))
    .optional()
    .describe('code-review: keep files matching this glob out of the reviewed diff (repeatable; a glob without "/" matches in any directory)')
    .register(flagMeta, { value: 'glob', list: 'repeat' }),
  instructionsFile: z
    .string()
    .optional()
    .describe("code-review: the team's review guidance, added to every reviewer's prompt (at most 10 KB)")
    .register(flagMeta, { value: 'path', path: true }),
  timeout: z
    .number()
    .min(0.1)
    .max(3600)
    .default(30)
    .describe('bound on each reviewer call and each chairman attempt, retries included')
    .register(flagMeta, { value: 'seconds' }),
  failOn: z.enum(FAIL_ON).default('high').describe('exit 2 when the consensus reaches this tier (any includes Consider)').register(flagMeta, { value: 'tier' }),
  minReviewers: z.number().int().min(1).max(100).default(1).describe('fewer answering reviewers is an operational error (exit 1)').register(flagMeta, { value: 'k' }),
  out: z
    .string()
    .optional()
    .describe('where to write the detailed report (default: a new consensus-XXXXXX.md in the temp dir)')
    .register(flagMeta, { value: 'file', path: true }),
  sarif: z
    .string()
    .optional()
    .describe('also write the consensus items that have a file and line as SARIF 2.1.0 (one result each)')
    .register(flagMeta, { value: 'file', path: true }),
  // Per run: where the review goes is a fact of the CI run (its token and pull request), not of the project.
  githubReview: z
    .boolean()
    .default(false)
    .describe('post the consensus as one review of the pull request (GITHUB_TOKEN, GITHUB_REPOSITORY, the event or --github-pr)')
    .register(flagMeta, PER_RUN),
  githubPr: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('with --github-review: the pull request number (default: from GITHUB_EVENT_PATH)')
    .register(flagMeta, { value: 'n', ...PER_RUN }),
  // Per run: a seed in the config file would show the chairman every run's panel in the same order.
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional()
    .describe('seed of the shuffled reviewer letters the chairman sees (default: random)')
    .register(flagMeta, { value: 'n', ...PER_RUN }),
});

/** The options of the command as a library call takes them: each as its flag, defaults optional. */
export type RawOptions = z.input<typeof SYNTHESIS_OPTIONS.schema>;

type Resolved = z.output<typeof SYNTHESIS_OPTIONS.schema>;
const CODE_REVIEW_ONLY = ['baseSha', 'headSha', 'description', 'planFile', 'githubReview', 'githubPr'] as const;
const GENERAL_ONLY = ['prompt', 'context', 'contextFile'] as const;

type Common = Omit<Resolved, 'mode' | 'timeout' | (typeof CODE_REVIEW_ONLY)[number] | (typeof GENERAL_ONLY)[number]> & { timeoutMs: number };

export type Options =
  | (Common & {
      mode: 'code-review';
      baseSha: string;
      headSha: string | undefined;
      description: string | undefined;
      planFile: string | undefined;
      githubReview: boolean;
      githubPr: number | undefined;
    })
  | (Common & { mode: 'general-prompt'; prompt: string; context: string | undefined; contextFile: string | undefined });

const flagOf = (key: string): string => SYNTHESIS_OPTIONS.fields.find((field) => field.key === key)!.flag;

/** The run's options: what was given over the config file's section over the defaults, then the modes' rules. */
export function checkOptions(raw: RawOptions, config: Pick<ProjectConfig, 'options'> = { options: {} }): Options {
  const mode = raw.mode as string | undefined;
  if (mode !== 'code-review' && mode !== 'general-prompt') {
    throw opError(mode === undefined ? '--mode is required' : `unknown --mode ${mode}`, {
      hint: 'use --mode=code-review (with --base-sha) or --mode=general-prompt (with --prompt)',
    });
  }
  const misplaced = (mode === 'code-review' ? GENERAL_ONLY : CODE_REVIEW_ONLY).filter((key) => raw[key] !== undefined);
  if (misplaced.length > 0) {
    throw opError(`${misplaced.map(flagOf).join(', ')} ${misplaced.length === 1 ? 'is' : 'are'} not used with --mode=${mode}`, {
      hint: mode === 'code-review' ? 'code-review takes --base-sha, --head-sha, --description, --plan-file, --github-review' : 'general-prompt takes --prompt, --context, --context-file',
    });
  }
  const { timeout, baseSha, headSha, description, planFile, githubReview, githubPr, prompt, context, contextFile, ...rest } = resolveOptions(SYNTHESIS_OPTIONS, raw, config);
  const common = { ...rest, timeoutMs: Math.round(timeout * 1000) };
  if (mode === 'code-review') {
    if (baseSha === undefined || baseSha.trim() === '') {
      throw opError('--mode=code-review needs --base-sha', { hint: 'e.g. --base-sha=main (any ref; --head-sha omitted reviews the working tree)' });
    }
    if (githubPr !== undefined && !githubReview) throw opError('--github-pr is only used with --github-review', { hint: 'add --github-review, or drop --github-pr' });
    return { ...common, mode, baseSha: baseSha.trim(), headSha: headSha?.trim() || undefined, description, planFile, githubReview, githubPr };
  }
  if (prompt === undefined || prompt.trim() === '') {
    throw opError('--mode=general-prompt needs --prompt', { hint: 'e.g. --prompt="What could go wrong with this design?"' });
  }
  if (context !== undefined && contextFile !== undefined) {
    throw opError('give --context or --context-file, not both', { hint: 'put everything in one file, or pass it as --context' });
  }
  return { ...common, mode, prompt, context, contextFile };
}
