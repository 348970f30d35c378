// @adlc/localize: from a failing test command to the files (and functions) a fix most likely
// changes, ranked, each with its evidence. `localize` is the whole of it; the parts consensus-fix
// drives itself (observeFailure, its run's precondition) and the pure scoring are exported beside it.
// Each module is re-exported whole, as in core: a CLI that bundles this package then loads only the
// modules it imports (a named re-export makes esbuild put every module it names in the importer's chunk).

export * from './localize.js';
export * from './defaults.js';
export * from './run/observe.js';
export * from './require-failure.js';
export * from './repository.js';
export * from './schema.js';
export * from './render.js';
export * from './rank/score.js';
export * from './rank/spectrum.js';
export * from './signals/frames.js';
export * from './signals/frame-files.js';
export * from './without-ansi.js';
export * from './report/test-run.js';
export * from './report/failures.js';
export * from './outline/outline.js';
