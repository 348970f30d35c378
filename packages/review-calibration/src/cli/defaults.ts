// The defaults of review-calibration's options, declared once: the CLI declaration shows them in
// --help, and the library entry (`calibrateOptions`) fills them in for options that are absent.
// Type-only imports, so the CLI declaration stays free of the command's code.

import type { CalibrateOptions } from '../calibrate.js';

export const DEFAULTS = {
  commit: 'HEAD',
  plants: 8,
  /** Fewer valid plants than this make the run an operational error: a gate must not pass on one bug. */
  minPlants: 3,
  minRecall: 0.5,
  scorer: 'judge',
  plantSource: 'rules',
  plantTier: 'mid',
  seed: 1,
  trials: 1,
  /** Clean runs of the reviewer (no plants) after the planted run. */
  decoys: 0,
  /** Seconds for each repro or witness run. */
  timeout: 120,
  /** Seconds for the review command. */
  reviewTimeout: 1800,
} as const satisfies Partial<CalibrateOptions>;
