// @adlc/localize: from a failing test command to the files (and functions) a fix most likely
// changes, ranked, each with its evidence. `localize` is the whole of it; the parts consensus-fix
// drives itself (observeFailure, its run's precondition) and the pure scoring are exported beside it.

export { localize, LOCALIZE_DEFAULTS, type LocalizeOptions } from './localize.js';
export { observeFailure, type Localized, type Observation, type ObserveInput } from './run/observe.js';
export { requireFailure } from './require-failure.js';
export { findTarget, type Target } from './repository.js';
export { EvidenceSchema, LocalizationSchema, LocalizedFileSchema, LocalizeOnlyOutputSchema, type Evidence, type Localization, type LocalizedFile, type LocalizeOnlyOutput } from './schema.js';
export { renderLocalization, describeEvidence } from './render.js';
export { scoreFile, rankFiles, WEIGHTS, type ScoreContext } from './rank/score.js';
export { ochiai, scoreSpectrum, type Execution, type FileLines, type FileSpectrum } from './rank/spectrum.js';
export { parseTraces, type RawFrame, type Trace } from './signals/frames.js';
export { framesByFile, type FrameContext, type FrameHit } from './signals/frame-files.js';
export { withoutAnsi } from './without-ansi.js';
export { classifyTestRun, type TestRun } from './report/test-run.js';
export { failureBlocks, relativeName, reportedFailures, testFailures, withRepositoryFrames, type TestFailure } from './report/failures.js';
