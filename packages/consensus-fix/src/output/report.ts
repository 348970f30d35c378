// The human report on stdout: each candidate's fate in one line, the groups, the winner's diff and
// the verdict. Pure: the caller passes the style (colour or not).

import type { Style } from '@adlc/core';
import { askedCount, roundsOf, type CandidateRecord, type RunResult } from './result.js';

const plain: Style = { bold: id, dim: id, red: id, green: id, yellow: id, cyan: id };
function id(text: string): string {
  return text;
}

/** The failing tests the report lists by name; --json has them all. */
const MAX_TESTS_SHOWN = 10;

const lines = (n: number) => `${n} changed line${n === 1 ? '' : 's'}`;

export function candidateLine(c: CandidateRecord, groupOf: ReadonlyMap<number, number>, style: Style = plain): string {
  const who = style.dim(`(${c.provider}${c.model && c.model !== c.provider ? ` ${c.model}` : ''})`);
  const head = `  #${c.index}`;
  if (c.status === 'survived') {
    const group = groupOf.has(c.index) ? `, group ${groupOf.get(c.index)}` : '';
    return `${head}  ${style.green('survived ')}  ${lines(c.changedLines ?? 0)}${group}  ${who}`;
  }
  if (c.status === 'failed' && c.failure) {
    const code = c.failure.stage === 'timeout' ? 'timed out' : c.failure.stage === 'syntax' ? 'does not parse' : `exit ${c.failure.exitCode ?? 'killed'}`;
    const at = c.failure.stage === 'timeout' || c.failure.stage === 'syntax' ? c.failure.stage : `${c.failure.stage} gate`;
    return `${head}  ${style.red('failed   ')}  ${at} (${code})${c.changedLines === undefined ? '' : `, ${lines(c.changedLines)}`}  ${who}`;
  }
  const why = c.discard ? `${c.discard.reason}: ${c.discard.message}` : 'discarded';
  return `${head}  ${style.yellow('discarded')}  ${why}  ${who}`;
}

export function renderReport(result: RunResult, style: Style = plain): string {
  const out: string[] = [];
  const groupOf = new Map<number, number>();
  for (const g of result.groups) for (const i of g.candidateIndices) groupOf.set(i, g.groupIndex);
  const gates = result.railsChecked ? 'repro + rails gates' : 'repro gate only (no --rails)';
  const rounds = roundsOf(result);
  const total = askedCount(result);
  const asked = rounds.length > 1 ? `${total} candidates in ${rounds.length} rounds of ${result.n}` : `${result.n} candidate${result.n === 1 ? '' : 's'}`;
  out.push(style.bold(`consensus-fix: ${asked}, ${gates}, --normalize ${result.normalize}, --edit-format ${result.editFormat}`));
  out.push('');
  const failing = result.failingTests ?? [];
  const which = failing.length === 0 ? 'as it must' : `${failing.length} failing test${failing.length === 1 ? '' : 's'}:`;
  out.push(`  pre-flight      \`${result.testCmd}\` fails (exit ${result.baseline.testExitCode ?? 'killed'}), ${which}`);
  for (const name of failing.slice(0, MAX_TESTS_SHOWN)) out.push(`                    ${name}`);
  if (failing.length > MAX_TESTS_SHOWN) out.push(`                    and ${failing.length - MAX_TESTS_SHOWN} more`);
  if (result.rails !== undefined) {
    const b = result.baseline;
    const state = b.railsTimedOut ? 'timed out' : b.railsExitCode === 0 ? 'exit 0 (green)' : `exit ${b.railsExitCode ?? 'killed'} (red before any change)`;
    out.push(`  baseline rails  \`${result.rails}\` ${state}`);
  }
  const u = result.usage;
  out.push(`  completions     ${u.calls} of ${u.calls + u.failedCalls} answered, ${u.inputTokens} tokens in, ${u.outputTokens} out`);
  if (rounds.length > 1) out.push(`  rounds          ${rounds.map((r) => `round ${r.round}: ${r.survivors} of ${r.candidates} survived`).join('; ')}`);
  out.push(`  evaluation      ${result.jobs === 1 ? 'one at a time, in place (journaled)' : `${result.jobs} at a time, each in a temporary copy of the tree`}`);
  out.push('');
  out.push(style.bold('candidates'));
  for (const c of result.candidates) out.push(candidateLine(c, groupOf, style));
  out.push('');
  if (result.groups.length > 0) {
    out.push(style.bold('agreement groups'));
    for (const g of result.groups) {
      out.push(`  group ${g.groupIndex}: ${g.size} candidate${g.size === 1 ? '' : 's'} (${g.candidateIndices.map((i) => `#${i}`).join(', ')})`);
    }
    const largest = Math.max(...result.groups.map((g) => g.size));
    out.push(`  confidence: ${largest}/${total} = ${(largest / total).toFixed(2)}`);
    out.push('');
  }
  if (result.winner) {
    const w = result.winner;
    const state = w.applied ? style.green('applied') : 'dry run, not applied (add --apply to write it)';
    out.push(style.bold(`winner: #${w.index}`) + ` — ${lines(w.changedLines)}, group ${w.groupIndex} of ${w.largestGroupSize}; ${state}`);
    if (w.flaky) out.push(style.yellow('  flaky: a second run of its gates gave a different result'));
    out.push('');
    out.push(w.diff.trimEnd() === '' ? '  (no textual change)' : colourDiff(w.diff.trimEnd(), style));
    out.push('');
  }
  if (result.postApply) {
    const p = result.postApply;
    const rails = p.railsExitCode === null && !result.railsChecked ? '' : `, rails exit ${p.railsExitCode ?? 'killed'}`;
    const text = `after apply: test exit ${p.testExitCode ?? 'killed'}${rails}`;
    out.push(p.passed ? style.green(text) : style.red(`${text} — the written fix does not pass; check the files`));
  }
  const verdict = result.verdict === 'pass' ? style.green('PASS') : style.red('FAIL');
  out.push(`${verdict}: ${result.message}`);
  return out.join('\n');
}

function colourDiff(diff: string, style: Style): string {
  return diff
    .split('\n')
    .map((l) =>
      l.startsWith('+++') || l.startsWith('---') ? style.bold(l) : l.startsWith('+') ? style.green(l) : l.startsWith('-') ? style.red(l) : l.startsWith('@@') ? style.cyan(l) : l,
    )
    .join('\n');
}
