// @ts-check
// consensus-fix in CI: the command line from the inputs, and the job summary (verdict, candidates,
// the winning patch as a diff) and outputs from its --json document.

import { join } from 'node:path';
import { argLines, input, optional, requiredInput } from './inputs.mjs';
import { code, fence, inline, percent, table, warningLines } from './markdown.mjs';

/** @typedef {import('./tool.mjs').ToolContext} ToolContext */
/** @typedef {import('./tool.mjs').ToolReport} ToolReport */

// GitHub keeps at most 1 MiB of summary per step; a longer patch is cut here (it is whole in the artifact).
const MAX_PATCH_CHARS = 60_000;

/**
 * @param {ToolContext} ctx
 * @returns {string[]}
 */
export function fixArgs(ctx) {
  const { env, runDir } = ctx;
  return [
    `--test-cmd=${requiredInput(env, 'test-cmd')}`,
    `--files=${requiredInput(env, 'files')}`,
    ...optional('--rails', input(env, 'rails')),
    ...optional('--n', input(env, 'n')),
    ...optional('--tier', input(env, 'tier')),
    `--out=${join(runDir, 'fix.patch')}`,
    '--json',
    ...argLines(input(env, 'args')),
  ];
}

/**
 * The patch as a fenced diff, cut at MAX_PATCH_CHARS on a line boundary.
 * @param {string} diff
 */
export function patchBlock(diff) {
  if (diff.length <= MAX_PATCH_CHARS) return fence(diff, 'diff');
  const cut = diff.slice(0, diff.lastIndexOf('\n', MAX_PATCH_CHARS) + 1);
  return `${fence(cut, 'diff')}\nThe patch is cut here (${diff.length} characters); the whole patch is in the artifact.\n`;
}

/** @param {any} doc */
function candidateTable(doc) {
  /** @type {any[]} */
  const candidates = doc.candidates ?? [];
  if (candidates.length === 0) return '';
  const rows = candidates.map((c) => [
    String(c.index),
    code(`${c.provider}/${c.model}`),
    inline([c.status, c.stage, c.reason].filter(Boolean).join(': ')),
    c.changedLines ?? '',
    c.groupIndex ?? '',
  ]);
  return table(['#', 'Model', 'Status', 'Changed lines', 'Group'], rows);
}

/**
 * The job summary and outputs of a consensus-fix --json document.
 * @param {any} doc
 * @param {number} exitCode
 * @returns {ToolReport}
 */
export function fixReport(doc, exitCode) {
  const s = doc.summary;
  const winner = doc.winner;
  const lines = [
    `## consensus-fix: ${exitCode === 0 ? 'pass' : 'gate fails'}`,
    '',
    `**Verdict:** ${inline(doc.verdict)}: ${inline(doc.message)}`,
    '',
    `${s.total} candidates: ${s.passed} survived, ${s.failed} failed, ${s.discarded} discarded; ${s.groups} agreement group${s.groups === 1 ? '' : 's'}; confidence ${percent(s.confidence)}${s.railsChecked ? '' : ' (no rails checked)'}`,
    '',
  ];
  if (winner) {
    lines.push(`### Winning patch: candidate ${winner.index}, ${winner.changedLines} changed lines, group of ${winner.largestGroupSize}`, '', patchBlock(winner.diff));
  }
  lines.push('### Candidates', '', candidateTable(doc));
  lines.push(...warningLines(doc.warnings));
  return {
    summary: lines.join('\n'),
    gateReason: doc.message,
    outputs: {
      verdict: doc.verdict,
      winner: winner ? winner.index : '',
      'changed-lines': winner ? winner.changedLines : '',
      survivors: s.passed,
      confidence: s.confidence,
    },
  };
}
