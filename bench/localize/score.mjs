// The localization benchmark's scoring, pure: where the expected file ranks in a localizer's
// answer, and the totals held against the issue's goals.
import { isAbsolute, relative } from 'node:path';

// The issue's goals: the upstream-changed file first in at least 80% of the cases, and at most
// 2 s of localization on top of the failing test's own run.
export const GOALS = { top1Pct: 80, maxExtraMs: 2000 };

// A ranked path as the repository-relative, forward-slash form cases.json uses.
export function normalizeFile(file, repoDir) {
  let f = String(file).replace(/\\/g, '/');
  if (isAbsolute(f)) f = relative(repoDir, f).replace(/\\/g, '/');
  return f.replace(/^(\.\/)+/, '');
}

// 1-based rank of the first ranked file that is one of the expected ones; null when none is.
export function rankOf(files, expected) {
  const at = files.findIndex((f) => expected.includes(f));
  return at < 0 ? null : at + 1;
}

export function median(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// One case's line. `error` (the localizer failed on this case) counts as a miss, never as skipped.
const round = (x) => (x === null || x === undefined ? null : Math.round(x));

export function scoreCase({ id, expected, files = [], tookMs = null, wallMs = null, cpuMs = null, testMs, testCpuMs = null, error = null }) {
  const rank = error ? null : rankOf(files, expected);
  [tookMs, wallMs, cpuMs, testMs, testCpuMs] = [tookMs, wallMs, cpuMs, testMs, testCpuMs].map(round);
  return {
    id,
    expected,
    top3: files.slice(0, 3),
    rank,
    top1: rank === 1,
    top3Hit: rank !== null && rank <= 3,
    testMs,
    tookMs,
    wallMs,
    // Beyond the test run: the CLI's wall time minus the test command's own (median) time.
    extraMs: wallMs === null ? null : wallMs - testMs,
    // The same in CPU time, which a loaded machine does not inflate (null where not measurable).
    testCpuMs,
    cpuMs,
    extraCpuMs: cpuMs === null || testCpuMs === null ? null : cpuMs - testCpuMs,
    error,
  };
}

export function summarize(results) {
  const n = results.length;
  const pct = (k) => (n === 0 ? 0 : (100 * k) / n);
  const extras = results.map((r) => r.extraMs).filter((x) => x !== null);
  const top1Pct = pct(results.filter((r) => r.top1).length);
  const top3Pct = pct(results.filter((r) => r.top3Hit).length);
  const maxExtraMs = extras.length ? Math.max(...extras) : null;
  const goals = [
    { goal: `top-1 >= ${GOALS.top1Pct}%`, actual: `${top1Pct.toFixed(0)}%`, pass: top1Pct >= GOALS.top1Pct },
    {
      goal: `<= ${GOALS.maxExtraMs} ms beyond the test run (slowest case)`,
      actual: maxExtraMs === null ? 'n/a' : `${Math.round(maxExtraMs)} ms`,
      pass: maxExtraMs !== null && extras.length === n && maxExtraMs <= GOALS.maxExtraMs,
    },
  ];
  const cpuExtras = results.map((r) => r.extraCpuMs).filter((x) => x !== null && x !== undefined);
  return {
    cases: n,
    errors: results.filter((r) => r.error).length,
    top1Pct,
    top3Pct,
    medianExtraMs: median(extras),
    maxExtraMs,
    medianExtraCpuMs: median(cpuExtras),
    maxExtraCpuMs: cpuExtras.length ? Math.max(...cpuExtras) : null,
    goals,
  };
}

const ms = (x) => (x === null || x === undefined ? '-' : String(Math.round(x)));

export function formatReport(results, summary) {
  const rows = [['case', 'expected', 'rank', 'top-1', 'top-3', 'test ms', 'tookMs', 'wall ms', 'extra ms', 'extra CPU ms', 'ranked first']];
  for (const r of results) {
    rows.push([
      r.id, r.expected.join(','), r.rank ?? '-', r.top1 ? 'hit' : 'miss', r.top3Hit ? 'hit' : 'miss',
      ms(r.testMs), ms(r.tookMs), ms(r.wallMs), ms(r.extraMs), ms(r.extraCpuMs), r.error ? `ERROR: ${r.error}` : (r.top3[0] ?? '(none)'),
    ].map(String));
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (i === rows[0].length - 1 ? 0 : row[i].length))));
  const lines = rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
  lines.push(
    '',
    `cases: ${summary.cases}${summary.errors ? ` (${summary.errors} with a localizer error, counted as misses)` : ''}`,
    `top-1: ${summary.top1Pct.toFixed(0)}%   top-3: ${summary.top3Pct.toFixed(0)}%`,
    `localization beyond the test run: median ${ms(summary.medianExtraMs)} ms, max ${ms(summary.maxExtraMs)} ms` +
      ` (CPU: median ${ms(summary.medianExtraCpuMs)} ms, max ${ms(summary.maxExtraCpuMs)} ms)`,
    ...summary.goals.map((g) => `goal ${g.goal}: ${g.actual} ${g.pass ? 'PASS' : 'MISS'}`),
  );
  return lines.join('\n');
}
