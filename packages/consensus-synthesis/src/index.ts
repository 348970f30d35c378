// @adlc/consensus-synthesis: the public API. The --json schema, the parsers and the prompt
// builders, and the command itself for orchestrators that call it as a function.

export {
  ConsensusOutputSchema,
  PromptOnlyOutputSchema,
  ReviewerResultSchema,
  FindingSchema,
  ConsensusSchema,
  ConsensusItemSchema,
  ChairmanSchema,
  AttemptFailureSchema,
  GateSchema,
  GitHubReviewSchema,
  UsageSchema,
  ChunkSchema,
  ChunksSchema,
  SEVERITIES,
  ASSESSMENTS,
  MODES,
  FAIL_ON,
  RECOMMENDATIONS,
  REVIEWER_STATUSES,
  type ConsensusOutput,
  type PromptOnlyOutput,
  type ReviewerResult,
  type Finding,
  type Consensus,
  type ConsensusItem,
  type Chairman,
  type AttemptFailure,
  type Gate,
  type Chunk,
  type Chunks,
  type GitHubReview,
  type Severity,
  type Assessment,
  type Mode,
  type FailOn,
  type RecommendationCode,
  type ReviewerStatus,
} from './report/output-schema.js';
export { parseReview, parseAssessment, type ParsedReview, type ReviewFinding } from './review/parse-review.js';
export {
  parseCodeReviewSynthesis,
  parseGeneralSynthesis,
  recommendationCode,
  citedLetters,
  type ParsedCodeReviewSynthesis,
  type ParsedGeneralSynthesis,
  type Tier,
} from './chair/parse-synthesis.js';
export { findLocation, normalisePath, type Location } from './review/location.js';
export { parseSeverity } from './review/severity.js';
export { decideGate, highestLevel, type Level } from './chair/gate.js';
export { enforceHighAgreement, agreeingReviewers, MIN_AGREEING_REVIEWERS, type AgreementInput, type AgreementResult } from './chair/high-agreement.js';
export { decidePartialSuccess, minReviewersProblem, type PartialSuccess, type PartialSuccessInput } from './review/partial-success.js';
export {
  codeReviewPrompt,
  generalPrompt,
  chairmanCodeReviewPrompt,
  chairmanGeneralPrompt,
  neutraliseDelimiters,
  REVIEW_FORMAT,
  ANALYSIS_FORMAT,
  TIERS_FORMAT,
  CONSENSUS_PARTS,
  INSTRUCTIONS_TRUNCATED_NOTE,
  type Instructions,
  type CodeReviewContext,
  type GeneralContext,
  type LetteredReview,
} from './prompts.js';
export { truncateUtf8, CONTEXT_LIMIT_BYTES, DIFF_TRUNCATED_NOTE, CONTEXT_TRUNCATED_NOTE } from './inputs/truncate.js';
export { createRedactor, redactEnvHunks, redactEnvText, isEnvFile, type Redactor } from './inputs/redact-context.js';
export { splitReviewerList, parseReviewerList, parseReviewerSpec, defaultReviewers, chairmenFor, type ReviewerSpec } from './panel/reviewers.js';
export { assignLetters } from './panel/letters.js';
export { mulberry32 } from '@adlc/core';
export { toSarif, fingerprint, normaliseLine, MAX_SARIF_RESULTS, FINGERPRINT_KEY, type SarifInput } from './report/sarif.js';
export { rightSideLines, commentableLines } from './github/diff-lines.js';
export { reviewContent, REVIEW_MARKER, type ReviewContent, type ReviewComment } from './github/review-content.js';
export { runConsensusSynthesis, VERSION, type RunDeps } from './run.js';
export { SYNTHESIS_OPTIONS, type RawOptions } from './options.js';
