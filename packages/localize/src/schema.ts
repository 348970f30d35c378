// The documented shape of a localization: the ranked files, each with its score and the evidence
// behind it. The same object is `localization` in a full run's --json and the whole of
// `--localize-only --json` (with nothing else beside it).

import * as z from 'zod';

const count = z.number().int().nonnegative();

export const EvidenceSchema = z.object({
  /** Stack frames in the file: its line, and its depth (0 = the repository frame nearest the failure). */
  frames: z.array(z.object({ line: count.min(1), depth: count })).optional(),
  /**
   * Where the prototype-write probe saw the repository write a name onto Object.prototype (a name only
   * the failing tests added): the name, and the file's line and depth in the stack of that write (0 =
   * the repository frame that wrote).
   */
  prototypeWrites: z.array(z.object({ key: z.string(), line: count.min(1), depth: count })).optional(),
  /** Σ Ochiai over the lines the failing run executed inside called functions (without --rails, each line scores 1). */
  ochiai: z.number().nonnegative().optional(),
  /** How many lines the failing run executed inside called functions (module load excluded). */
  coveredLines: count.optional(),
  /**
   * How many of those lines no passing run executed (the rails, or the test command's passing tests
   * run by themselves); absent without a passing side.
   */
  exclusiveLines: count.optional(),
  /** The file's most suspicious functions (top 3): name ('' when anonymous), first line, Σ Ochiai of their lines. */
  functions: z.array(z.object({ name: z.string(), line: count.min(1), ochiai: z.number().nonnegative() })).optional(),
  /** Import hops from the failing test (1: the test imports it). */
  graphDistance: count.min(1).optional(),
  /** Identifiers of the failing assertion and test name that occur in the file. */
  identifiers: z.array(z.string()).optional(),
  /** Those of them the file defines (a function, class or method of that name). */
  defines: z.array(z.string()).optional(),
  /**
   * Functions the failing test calls that ran in the file (without coverage: that it defines), with
   * the hops from the test's body (0: the test calls it; 1–2: through the test file's helpers), and
   * `setup: true` for a helper's call that takes none of the helper's parameters (set-up, not the act),
   * and `ochiai` when the passing tests ran that function as well.
   */
  testCalls: z
    .array(
      z.object({
        name: z.string(),
        hops: count,
        setup: z.literal(true).optional(),
        /** With a passing side, the highest Ochiai of the called function's lines (below 1: the passing tests ran all of it too). */
        ochiai: z.number().nonnegative().max(1).optional(),
      }),
    )
    .optional(),
  /**
   * The failing run started a process with this file as its program (a test spawning the package's
   * CLI): the test runs it as it would call a function, and it weighs as a call the test makes.
   * `ochiai` as for testCalls: present when the passing tests ran all of its lines too.
   */
  program: z.object({ ochiai: z.number().nonnegative().max(1).optional() }).optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const LocalizedFileSchema = z.object({
  /** Repository-relative, forward slashes. */
  file: z.string(),
  score: z.number().nonnegative(),
  evidence: EvidenceSchema,
});
export type LocalizedFile = z.infer<typeof LocalizedFileSchema>;

/** A process of a covered run that left no coverage: which run, its script, and why (run/coverage-gaps.ts). */
export const CoverageGapSchema = z.object({
  run: z.enum(['failing', 'passing', 'rails']),
  /** The process's script as it was started ('' for `node -e`), repository-relative when inside it. */
  script: z.string(),
  /** killed: a signal ended it before it wrote; redirected: its runner sent the coverage elsewhere (or turned it off) and it is not there; unwritten: it ended normally and wrote none. */
  reason: z.enum(['killed', 'redirected', 'unwritten']),
});
export type CoverageGapEntry = z.infer<typeof CoverageGapSchema>;

/** Whether the ranking had all the coverage its runs should have written. */
export const CoverageStatusSchema = z.object({
  /** True when every process of every covered run wrote its coverage (and the failing run wrote some). */
  complete: z.boolean(),
  /** How many covered runs were run again because a process of theirs was killed before it wrote. */
  retried: count,
  /** The processes whose coverage is missing from the ranking, after the retries. */
  missing: z.array(CoverageGapSchema),
  /** Set when the failing run left no coverage of the repository at all: the ranking rests on frames, calls, imports and identifiers. */
  none: z.literal(true).optional(),
});
export type CoverageStatus = z.infer<typeof CoverageStatusSchema>;

export const LocalizationSchema = z.object({
  /** The files the fix may change (the top --max-files), best first. */
  files: z.array(LocalizedFileSchema),
  /** Localization time beyond the test runs themselves. */
  tookMs: count,
  /** Whether the coverage behind the ranking is whole (absent where no covered run was made). */
  coverage: CoverageStatusSchema.optional(),
});
export type Localization = z.infer<typeof LocalizationSchema>;

/** `--localize-only --json`: exactly this, nothing else. */
export const LocalizeOnlyOutputSchema = z.object({ localization: LocalizationSchema }).strict();
export type LocalizeOnlyOutput = z.infer<typeof LocalizeOnlyOutputSchema>;
