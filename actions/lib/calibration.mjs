// @ts-check
// review-calibration in CI: the command line from the inputs, and the job summary (recall per
// category) and outputs from its --json document. The run directory gets the HTML and
// mutation-testing reports next to the JSON, and is uploaded as the artifact.

import { join } from 'node:path';
import { argLines, input, optional, requiredInput } from './inputs.mjs';
import { code, inline, percent, table, warningLines } from './markdown.mjs';

/** @typedef {import('./tool.mjs').ToolContext} ToolContext */
/** @typedef {import('./tool.mjs').ToolReport} ToolReport */

const MAX_PLANT_ROWS = 50;

/**
 * @param {ToolContext} ctx
 * @returns {string[]}
 */
export function calibrationArgs(ctx) {
  const { env, runDir } = ctx;
  return [
    `--review-cmd=${requiredInput(env, 'review-cmd')}`,
    ...optional('--min-recall', input(env, 'min-recall')),
    ...optional('--min-precision', input(env, 'min-precision')),
    ...optional('--plants', input(env, 'plants')),
    ...optional('--seed', input(env, 'seed')),
    ...optional('--scorer', input(env, 'scorer')),
    ...optional('--commit', input(env, 'commit')),
    `--report=${join(runDir, 'report.html')}`,
    `--report=${join(runDir, 'report.json')}`,
    '--json',
    ...argLines(input(env, 'args')),
  ];
}

/** @param {any} doc */
function headline(doc) {
  const precision =
    doc.precision === null ? 'n/a (no anchored findings)' : `${percent(doc.precision)} (${doc.truePositives} true, ${doc.falsePositives} false positives)`;
  const bars = [`recall ≥ ${percent(doc.minRecall)}`, ...(doc.minPrecision === null ? [] : [`precision ≥ ${percent(doc.minPrecision)}`])];
  return [
    `**Recall:** ${percent(doc.recall)} (${doc.caught} of ${doc.total} plants caught, ${doc.located} located) · **Precision:** ${precision}`,
    '',
    `**Gate:** ${doc.gatePass ? 'pass' : 'FAIL'} (${bars.join(', ')})${doc.gatePass ? '' : `: ${doc.gateReasons.map(inline).join('; ')}`}`,
    '',
    `Scorer ${code(doc.scorer)}, seed ${doc.seed}, commit ${code(doc.commit)}${doc.commitSha ? ` (${code(String(doc.commitSha).slice(0, 12))})` : ''}`,
  ];
}

/** @param {any} doc */
function categoryTable(doc) {
  const rows = Object.entries(doc.perCategory)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, /** @type {any} */ c]) => [code(name), c.caught, c.located, c.total, percent(c.recall)]);
  return rows.length === 0 ? 'No plants.\n' : table(['Category', 'Caught', 'Located', 'Total', 'Recall'], rows);
}

/** @param {any} doc */
function plantTable(doc) {
  /** @type {any[]} */
  const plants = doc.plants;
  const rows = plants.slice(0, MAX_PLANT_ROWS).map((p) => [code(`${p.file}:${p.line}`), code(p.category), p.status, inline(p.description ?? '')]);
  const more = plants.length > MAX_PLANT_ROWS ? `\n${plants.length - MAX_PLANT_ROWS} more plants are in the report artifact.\n` : '';
  return `${table(['Plant', 'Category', 'Status', 'Defect'], rows)}${more}`;
}

/**
 * The job summary and outputs of a review-calibration --json document.
 * @param {any} doc
 * @param {number} exitCode
 * @returns {ToolReport}
 */
export function calibrationReport(doc, exitCode) {
  const { echo, oracle } = doc.controls;
  const lines = [
    `## review-calibration: ${exitCode === 0 ? 'pass' : 'gate fails'}`,
    '',
    ...headline(doc),
    '',
    '### Recall per category',
    '',
    categoryTable(doc),
    `Controls: echoer ${percent(echo.recall)} (must stay at most 10%), oracle ${percent(oracle.recall)} (must be 100%)`,
    '',
    '### Plants',
    '',
    plantTable(doc),
  ];
  lines.push(...warningLines(doc.warnings));
  return {
    summary: lines.join('\n'),
    gateReason: doc.gatePass ? `recall ${percent(doc.recall)}` : doc.gateReasons.join('; '),
    outputs: {
      recall: doc.recall,
      precision: doc.precision,
      caught: doc.caught,
      located: doc.located,
      total: doc.total,
      'gate-pass': doc.gatePass,
    },
  };
}
