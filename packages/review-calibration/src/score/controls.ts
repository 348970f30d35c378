// The two reference reviewers run before every scoring: an echoer that points at each plant's exact
// line with a generic message (it locates everything and identifies nothing, so it must score ~0),
// and an oracle that reports each plant with its defect (it must score 1.0). Their output goes
// through the same parser and scorer as the real reviewer's; if either is off, the scorer is broken.

import { shellQuote } from '@adlc/core';
import type { Plant, Scorer } from '../types.js';

/** Above this recall the echo control has "identified" plants it only pointed at. */
export const ECHO_MAX_RECALL = 0.1;

export function echoOutput(plants: readonly Plant[]): string {
  return JSON.stringify({
    findings: plants.map((p) => ({ file: p.file, line: p.line, severity: 'warning', description: `Changed line: ${oneLine(p.mutated)}` })),
  });
}

export function oracleOutput(plants: readonly Plant[], withRepros: boolean): string {
  return JSON.stringify({
    findings: plants.map((p) => ({
      file: p.file,
      line: p.line,
      severity: 'error',
      category: p.category,
      description: `${p.category} bug: ${p.description}. The line now reads \`${oneLine(p.mutated)}\`; it should read \`${oneLine(p.original)}\`.`,
      ...(withRepros ? { repro: oracleRepro(p) } : {}),
    })),
  });
}

/**
 * A repro that passes while the plant's line reads as the original and fails once the plant is in.
 * Plain POSIX sh + awk: it runs twice per plant on every run, and a `node` start costs 30-40x more.
 */
export function oracleRepro(plant: Plant): string {
  const line = `awk ${shellQuote(`NR==${plant.line}{sub(/\\r$/,"");print;exit}`)} ${shellQuote(plant.file)}`;
  // `x` guards a line that is empty or made of newlines only ($(…) drops trailing newlines).
  // A multi-line plant's first line differs from the original's (its unchanged lines are trimmed off).
  return `test "x$(${line})" = ${shellQuote(`x${plant.original.split('\n')[0] ?? ''}`)}`;
}

/** A multi-line plant's code on one line, as a finding's message would quote it. */
function oneLine(code: string): string {
  return code.trim().replace(/\s*\n\s*/g, ' ');
}

export interface ControlScore {
  caught: number;
  located: number;
  total: number;
  recall: number;
}

export interface ControlVerdict {
  echo: ControlScore & { ok: boolean };
  oracle: ControlScore & { ok: boolean };
  /** Failures that make the scorer untrustworthy (exit 1). */
  failures: string[];
  /** Failures the scorer cannot help (the echo control under the location-only string scorer). */
  warnings: string[];
}

export function judgeControls(scorer: Scorer, echo: ControlScore, oracle: ControlScore): ControlVerdict {
  const echoOk = echo.recall <= ECHO_MAX_RECALL;
  const oracleOk = oracle.total > 0 && oracle.caught === oracle.total;
  const failures: string[] = [];
  const warnings: string[] = [];
  if (!oracleOk) {
    failures.push(`the oracle control (reports every plant and its defect) scored ${pct(oracle.recall)} (${oracle.caught}/${oracle.total}), not 100%`);
  }
  if (!echoOk) {
    const message = `the echo control (points at every plant's line, identifies nothing) scored ${pct(echo.recall)} (${echo.caught}/${echo.total}), above ${pct(ECHO_MAX_RECALL)}`;
    if (scorer === 'string') warnings.push(`${message}: location-only matching cannot tell pointing from finding, so this recall is not trustworthy`);
    else failures.push(message);
  }
  return { echo: { ...echo, ok: echoOk }, oracle: { ...oracle, ok: oracleOk }, failures, warnings };
}

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}
