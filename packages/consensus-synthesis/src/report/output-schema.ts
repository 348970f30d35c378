// The --json document of consensus-synthesis, as zod schemas. Exported so orchestrators (and
// review-calibration) can validate it; fields are only ever added, never renamed.

import { UsageSchema } from '@adlc/core';
import * as z from 'zod';

export const SEVERITIES = ['CRITICAL', 'IMPORTANT', 'SUGGESTION'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ASSESSMENTS = ['APPROVE', 'APPROVE_WITH_CONCERNS', 'REQUEST_CHANGES'] as const;
export type Assessment = (typeof ASSESSMENTS)[number];

export const MODES = ['code-review', 'general-prompt'] as const;
export type Mode = (typeof MODES)[number];

export const FAIL_ON = ['high', 'medium', 'any', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** The chairman's FINAL RECOMMENDATION, as one of the seed's four sentences (or unknown). */
/** `approve-partial`: the reviewers approved, but part of the diff was not reviewed (never "safe to merge"). */
export const RECOMMENDATIONS = ['approve', 'optional-improvements', 'review-medium', 'address-high-priority', 'unknown', 'approve-partial'] as const;
export type RecommendationCode = (typeof RECOMMENDATIONS)[number];

/** `truncated`: the answer stopped at its token limit; it is reported but not counted as a review. */
export const REVIEWER_STATUSES = ['ok', 'timeout', 'error', 'truncated'] as const;
export type ReviewerStatus = (typeof REVIEWER_STATUSES)[number];

// Tokens spent: core's schema; `estimated: true` when a provider reports no counts (command, fixture).
export { UsageSchema };

/** One issue a stage-1 reviewer raised. `file` is repository-relative; `line` 1-based, new side. */
export const FindingSchema = z.object({
  severity: z.enum(SEVERITIES),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  endLine: z.number().int().positive().nullable(),
  description: z.string(),
  /** The reviewer's name (Claude, Gemini, Codex, command:<cmd>). */
  reviewer: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const ReviewerResultSchema = z.object({
  name: z.string(),
  provider: z.string(),
  model: z.string(),
  status: z.enum(REVIEWER_STATUSES),
  durationMs: z.number().int().nonnegative(),
  /** The OVERALL ASSESSMENT line; null when absent (general-prompt mode, failed or unparseable answer). */
  assessment: z.enum(ASSESSMENTS).nullable(),
  findings: z.array(FindingSchema),
  /** The letter the blind chairman saw this reviewer as; null when it did not answer. */
  letter: z.string().nullable(),
  /** Whether the answer followed the structured format well enough to be parsed. */
  parsed: z.boolean(),
  /** The answer verbatim (null when it failed; the cut-off text when truncated). */
  text: z.string().nullable(),
  /** The real cause of a failure (timeout, HTTP status and message, missing key); null when ok. */
  error: z.string().nullable(),
  usage: UsageSchema,
});
export type ReviewerResult = z.infer<typeof ReviewerResultSchema>;

/** One issue of the chairman's report, under one tier. */
export const ConsensusItemSchema = z.object({
  severity: z.enum(SEVERITIES).nullable(),
  description: z.string(),
  /** Reviewer names, mapped back from the letters the chairman cited. */
  reviewers: z.array(z.string()),
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
  /** The lines the chairman put under the item (the reviewers' quotes, `Reviewer A: "..."`), verbatim. */
  quotes: z.array(z.string()).optional(),
  /**
   * Present when the chairman put the item under High Priority but it was moved to Medium: it
   * cited fewer than two distinct reviewers, or only one reviewer answered.
   */
  demoted: z.object({ from: z.literal('high'), reason: z.string() }).optional(),
});
export type ConsensusItem = z.infer<typeof ConsensusItemSchema>;

export const ConsensusSchema = z.object({
  high: z.array(ConsensusItemSchema),
  medium: z.array(ConsensusItemSchema),
  consider: z.array(ConsensusItemSchema),
  /**
   * code-review: one of RECOMMENDATIONS (the chairman's FINAL RECOMMENDATION);
   * general-prompt: the chairman's synthesized recommendation, as text.
   */
  recommendation: z.string(),
  /** code-review: the FINAL RECOMMENDATION line verbatim; null when the chairman gave none. */
  recommendationText: z.string().nullable(),
  confidence: z.enum(['high', 'medium', 'low']).optional(),
  agreement: z.string().optional(),
  disagreement: z.string().optional(),
});
export type Consensus = z.infer<typeof ConsensusSchema>;

export const AttemptFailureSchema = z.object({
  name: z.string(),
  provider: z.string(),
  model: z.string(),
  status: z.enum(['timeout', 'error', 'truncated']),
  error: z.string(),
});
export type AttemptFailure = z.infer<typeof AttemptFailureSchema>;

export const ChairmanSchema = z.object({
  name: z.string(),
  provider: z.string(),
  model: z.string(),
  durationMs: z.number().int().nonnegative(),
  /** Chairmen tried before this one, with the real cause of each failure. */
  failed: z.array(AttemptFailureSchema),
});
export type Chairman = z.infer<typeof ChairmanSchema>;

export const GateSchema = z.object({
  failOn: z.enum(FAIL_ON),
  failed: z.boolean(),
  reason: z.string(),
});
export type Gate = z.infer<typeof GateSchema>;

/** One part of the diff (--chunks) and what became of its calls. */
export const ChunkSchema = z.object({
  index: z.number().int().positive(),
  files: z.array(z.string()),
  bytes: z.number().int().nonnegative(),
  /** Sent to the reviewers (under --chunks n, the parts after the n-th are not). */
  reviewed: z.boolean(),
  /** Cut short: under --chunks 1 the diff's first --diff-budget bytes; otherwise a single line longer than the budget. */
  truncated: z.boolean(),
  /** Reviewers whose call on this part answered. */
  answered: z.array(z.string()),
  /** Reviewers whose call on this part failed, with the cause. */
  failed: z.array(z.object({ reviewer: z.string(), status: z.enum(['timeout', 'error', 'truncated']), error: z.string() })),
});
export type Chunk = z.infer<typeof ChunkSchema>;

/** How the diff was split and how much of it the reviewers saw (code-review). */
export const ChunksSchema = z.object({
  /** --chunks: a number of parts, or "all". */
  requested: z.union([z.literal('all'), z.number().int().positive()]),
  budgetBytes: z.number().int().positive(),
  /** The parts the diff was split into (1 under --chunks 1) and how many were reviewed. */
  count: z.number().int().nonnegative(),
  reviewed: z.number().int().nonnegative(),
  /** Every byte of the diff (after --exclude) reached the reviewers. */
  complete: z.boolean(),
  diffBytes: z.number().int().nonnegative(),
  reviewedBytes: z.number().int().nonnegative(),
  /** Changed files kept out by --exclude. */
  excluded: z.array(z.string()),
  list: z.array(ChunkSchema),
});
export type Chunks = z.infer<typeof ChunksSchema>;

/** What --github-review did: the review posted (or why not), and the earlier ones it retired. */
export const GitHubReviewSchema = z.object({
  /**
   * `failed`: GitHub refused or could not be reached; a warning, never a change of the verdict.
   * `skipped`: nothing to review (an empty diff, or every file excluded), so no review was posted; the
   * earlier ones were retired, unless the pull request has moved past the commit (then a warning says so).
   */
  status: z.enum(['posted', 'failed', 'skipped']),
  repository: z.string(),
  pullRequest: z.number().int().positive(),
  reviewId: z.number().int().nullable(),
  url: z.string().nullable(),
  /** Items posted as comments on their lines, and items put in the review's body. */
  comments: z.number().int().nonnegative(),
  inBody: z.number().int().nonnegative(),
  /** The tool's earlier line comments deleted, and its earlier reviews whose body was replaced (by a link to the new review, or a no-change note). */
  removedComments: z.number().int().nonnegative(),
  supersededReviews: z.number().int().nonnegative(),
  /** The tool's earlier reviews hidden as outdated (GraphQL minimizeComment), and those that could not be (see warnings). */
  minimizedReviews: z.number().int().nonnegative(),
  minimizeFailures: z.number().int().nonnegative(),
  warnings: z.array(z.string()),
});
export type GitHubReview = z.infer<typeof GitHubReviewSchema>;

export const ConsensusOutputSchema = z.object({
  mode: z.enum(MODES),
  reviewers: z.array(ReviewerResultSchema),
  /** Reviewers that answered, and reviewers asked. */
  answered: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  consensus: ConsensusSchema,
  /** Null only when there was nothing to review (an empty diff). */
  chairman: ChairmanSchema.nullable(),
  /** The chairman's report verbatim. */
  synthesis: z.string(),
  gate: GateSchema,
  /** Null only when there was nothing to review. */
  reportPath: z.string().nullable(),
  sarifPath: z.string().nullable(),
  /** Secrets replaced before anything left the machine, by kind. */
  redactions: z.object({ count: z.number().int().nonnegative(), kinds: z.record(z.string(), z.number().int()) }),
  /** Whether the diff (code-review) or context (general-prompt) was cut to its first 10 KB. */
  truncated: z.boolean(),
  warnings: z.array(z.string()),
  usage: UsageSchema,
  /** code-review: the diff's parts, which files each held, which calls failed. */
  chunks: ChunksSchema.optional(),
  /** --instructions-file as sent: its size before the 10 KB cut. */
  instructions: z.object({ file: z.string(), bytes: z.number().int().nonnegative(), truncated: z.boolean() }).nullable().optional(),
  /** Present when --github-review was given. */
  githubReview: GitHubReviewSchema.optional(),
});
export type ConsensusOutput = z.infer<typeof ConsensusOutputSchema>;

/** The --json document of --prompt-only (core's promptOnly shape): the prompts, never sent. */
export const PromptOnlyOutputSchema = z.object({
  promptOnly: z.literal(true),
  prompts: z.array(z.object({ label: z.string(), system: z.string().optional(), prompt: z.string() })),
});
export type PromptOnlyOutput = z.infer<typeof PromptOnlyOutputSchema>;
