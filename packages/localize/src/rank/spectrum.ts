// Spectrum-based fault localization: which lines the failing run executed, against which lines the
// passing runs (the rails, or the test command's own passing tests run by themselves) executed.
// Ochiai per line, summed to functions and files; and, per function and file, the lines no passing
// run executed (Ochiai's maximum, the aggregation by max: one such line marks a file however small
// it is, where sums reward size). Pure.

/** What one process executed in one file. */
export interface FileLines {
  /** Every executed code line (1-based), module load included. */
  executed: Set<number>;
  /**
   * The executed lines inside functions that were called (not the module's top level), each with the
   * line where its innermost function starts. Module load runs the top level of every file that is
   * merely required; the lines of called functions are where a test's input actually went.
   */
  called: Map<number, number>;
  /** Function start line → its name ('' for anonymous). */
  functionNames: Map<number, string>;
}

/** One process of a run: repository-relative file → its lines. */
export type Execution = Map<string, FileLines>;

/**
 * Ochiai's suspiciousness of an element: ef / sqrt(F × (ef + ep)), with ef (ep) the failing
 * (passing) executions that cover it and F all failing executions. 1 when only failing runs reach
 * it and every failing run does; lower the more passing runs reach it too.
 */
export function ochiai(failedCovering: number, passedCovering: number, totalFailed: number): number {
  if (failedCovering <= 0 || totalFailed <= 0) return 0;
  return failedCovering / Math.sqrt(totalFailed * (failedCovering + passedCovering));
}

export interface FunctionScore {
  name: string;
  /** Where the function starts (1-based). */
  line: number;
  /** Σ of its lines' Ochiai. */
  ochiai: number;
  /** The highest Ochiai of its lines. */
  top: number;
  coveredLines: number;
  /** Its lines that no passing run executed (0 whenever there is no passing run). */
  exclusiveLines: number;
}

export interface FileSpectrum {
  /** Σ of the Ochiai of the file's lines that the failing run executed inside called functions. */
  ochiai: number;
  /** How many such lines. */
  coveredLines: number;
  /** How many of them no passing run executed (0 whenever there is no passing run). */
  exclusiveLines: number;
  /** Its functions by decreasing score. */
  functions: FunctionScore[];
  /** True when a failing run executed any of its lines, module load included. */
  loaded: boolean;
}

/**
 * Per file, the Ochiai of the lines the failing runs executed inside called functions, summed. A
 * failing process counts as a failing execution (Ochiai's F) only when it called a function of some
 * file: a runner's own process that merely loaded a file of the repository (tap's coverage-map
 * config) ran no test, and counting it would halve every line the test's process ran.
 */
export function scoreSpectrum(failing: readonly Execution[], passing: readonly Execution[]): Map<string, FileSpectrum> {
  const files = new Set(failing.flatMap((execution) => [...execution.keys()]));
  const ranCode = failing.filter((e) => [...e.values()].some((lines) => lines.called.size > 0)).length;
  const scores = new Map<string, FileSpectrum>();
  for (const file of files) {
    const inFailing = failing.map((e) => e.get(file)).filter((f): f is FileLines => f !== undefined);
    const inPassing = passing.map((e) => e.get(file)).filter((f): f is FileLines => f !== undefined);
    const byFunction = new Map<number, FunctionScore>();
    for (const [line, start] of calledLines(inFailing)) {
      const fn = byFunction.get(start) ?? { name: nameOf(inFailing, start), line: start, ochiai: 0, top: 0, coveredLines: 0, exclusiveLines: 0 };
      const passed = inPassing.filter((f) => f.executed.has(line)).length;
      const score = ochiai(inFailing.filter((f) => f.executed.has(line)).length, passed, ranCode);
      fn.ochiai += score;
      fn.top = Math.max(fn.top, score);
      fn.coveredLines += 1;
      if (passing.length > 0 && passed === 0) fn.exclusiveLines += 1;
      byFunction.set(start, fn);
    }
    const functions = [...byFunction.values()].sort((a, b) => b.ochiai - a.ochiai || a.line - b.line);
    scores.set(file, {
      ochiai: functions.reduce((sum, f) => sum + f.ochiai, 0),
      coveredLines: functions.reduce((sum, f) => sum + f.coveredLines, 0),
      exclusiveLines: functions.reduce((sum, f) => sum + f.exclusiveLines, 0),
      functions,
      loaded: inFailing.some((f) => f.executed.size > 0),
    });
  }
  return scores;
}

/** Line → function start, over every failing process (the first process that called it names it). */
function calledLines(inFailing: readonly FileLines[]): Map<number, number> {
  const lines = new Map<number, number>();
  for (const f of inFailing) for (const [line, start] of f.called) if (!lines.has(line)) lines.set(line, start);
  return lines;
}

function nameOf(inFailing: readonly FileLines[], start: number): string {
  for (const f of inFailing) {
    const name = f.functionNames.get(start);
    if (name !== undefined) return name;
  }
  return '';
}
