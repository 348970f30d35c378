// @adlc/consensus-fix: the public API. The CLI is one call to `consensusFix`; the pure parts
// (validation, grouping, selection, rendering) and the --json schema are exported for orchestrators.

export { ConsensusFixOutputSchema, PromptOnlyOutputSchema, RestoreOutputSchema, STAGES, type ConsensusFixOutput, type PromptOnlyOutput, type RestoreOutput, type Stage } from './output/schema.js';
// Localization is @adlc/localize's; what this barrel exported of it before the split stays exported.
export {
  EvidenceSchema,
  LocalizationSchema,
  LocalizedFileSchema,
  LocalizeOnlyOutputSchema,
  scoreFile,
  rankFiles,
  WEIGHTS,
  ochiai,
  scoreSpectrum,
  parseTraces,
  type Evidence,
  type Localization,
  type LocalizedFile,
  type LocalizeOnlyOutput,
  type ScoreContext,
  type Execution,
  type FileLines,
  type FileSpectrum,
  type RawFrame,
  type Trace,
} from '@adlc/localize';
export { CandidateSchema, ChangeAnswerSchema, parseCandidate, validateCandidate, MAX_CONTENT_BYTES, type CandidateAnswer, type Discard, type DiscardReason, type ResolvedChange, type ValidateContext } from './candidates/candidate.js';
export { chooseEditFormat, lineCount, EDIT_FORMAT_OPTIONS, REPLACE_ABOVE_LINES, type EditFormat, type EditFormatOption } from './edits/format.js';
export { applyEdits, type Applied, type EditProblem, type SearchReplace } from './edits/apply.js';
export { selectSpans, sliceAround, mergeRange, SPAN_LIMITS, type Anchor, type SpanFile, type FileView, type LineRange, type SpanLimits } from './edits/spans.js';
export { normalizeWhitespace, changesetKey, groupSurvivors, selectWinner, decideVerdict, type Group, type Survivor, type Verdict } from './candidates/grouping.js';
export { unifiedDiff, countChangedLines, type FileChange } from './candidates/diff.js';
export { buildPrompt, SYSTEM_PROMPT, OUTPUT_TAIL_CHARS, type PromptFile, type PromptInput } from './candidates/prompt.js';
export { toJson, verdictMessage, ALL_DIVERGENT_MESSAGE, type RunResult, type CandidateRecord, type Winner, type Normalize } from './output/result.js';
export { renderReport, candidateLine } from './output/report.js';
export { consensusFix } from './run.js';
export { candidateTemperature } from './phases/ask.js';
export { failingLines } from './phases/decide.js';
export { DEFAULTS, FIX_OPTIONS, MAX_TIMEOUT_SECONDS, type ConsensusFixInput, type ConsensusFixOptions, type RunContext } from './cli/options.js';
