// @ts-check
// What the three actions share: run the installed CLI with --json, keep its document, and turn it
// into the job summary and the step outputs. Each tool contributes its command line and its report.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEvent } from './event.mjs';
import { ActionError } from './inputs.mjs';
import { calibrationArgs, calibrationReport } from './calibration.mjs';
import { fixArgs, fixReport } from './fix.mjs';
import { inline } from './markdown.mjs';
import { synthesisArgs, synthesisReport } from './synthesis.mjs';
import { appendSummary, setOutputs } from './io.mjs';
import { checkTool } from './install-plan.mjs';

/** @typedef {{env: NodeJS.ProcessEnv, event: Record<string, any>, runDir: string}} ToolContext */
/** @typedef {Record<string, string | number | boolean | null>} Outputs */
/** @typedef {{summary: string, outputs: Outputs, gateReason: string}} ToolReport */
/**
 * @typedef {object} ToolSpec
 * @property {(ctx: ToolContext) => string[]} args the CLI's arguments (may throw ActionError)
 * @property {(doc: any, exitCode: number) => ToolReport} report from a --json document of a verdict (exit 0 or 2)
 * @property {Record<string, string>} files outputs naming files the run may write in its directory
 */

/** @type {Record<import('./install-plan.mjs').Tool, ToolSpec>} */
export const SPECS = {
  'consensus-synthesis': { args: synthesisArgs, report: synthesisReport, files: { 'sarif-file': 'consensus.sarif', 'report-file': 'consensus.md' } },
  'review-calibration': { args: calibrationArgs, report: calibrationReport, files: {} },
  'consensus-fix': { args: fixArgs, report: fixReport, files: { 'patch-file': 'fix.patch' } },
};

/**
 * The report of a run that gave no verdict: an operational error (exit 1, core's {"error": ...}
 * document), an interruption, or a crash without JSON.
 * @param {string} tool
 * @param {number} exitCode
 * @param {any} doc
 * @returns {ToolReport}
 */
export function errorReport(tool, exitCode, doc) {
  const message = doc?.error?.message ?? `${tool} exited ${exitCode} without a JSON document (its stderr is in the step's log)`;
  const lines = [`## ${tool}: error (exit ${exitCode})`, '', inline(message)];
  if (doc?.error?.hint) lines.push('', `Hint: ${inline(doc.error.hint)}`);
  return { summary: `${lines.join('\n')}\n`, outputs: {}, gateReason: message };
}

/**
 * The report of one run: the tool's own when it gave a verdict with its document, the error's
 * otherwise. A verdict exit code without a readable document is not trusted: it becomes exit 1.
 * @param {ToolSpec} spec
 * @param {string} tool
 * @param {number} exitCode
 * @param {string} stdout
 * @returns {{exitCode: number, report: ToolReport}}
 */
export function reportRun(spec, tool, exitCode, stdout) {
  const doc = parseDocument(stdout);
  const isVerdict = exitCode === 0 || exitCode === 2;
  if (!isVerdict || doc === null || doc.error !== undefined) {
    return { exitCode: isVerdict ? 1 : exitCode, report: errorReport(tool, exitCode, doc) };
  }
  try {
    return { exitCode, report: spec.report(doc, exitCode) };
  } catch (error) {
    const message = `${tool} exited ${exitCode} with a JSON document this action cannot read (${/** @type {Error} */ (error).message})`;
    return { exitCode: 1, report: errorReport(tool, exitCode, { error: { message } }) };
  }
}

/** @param {string} text */
function parseDocument(text) {
  try {
    return JSON.parse(text.trim() === '' ? 'null' : text);
  } catch {
    return null;
  }
}

/**
 * Runs the CLI: stdout (the JSON document) is captured, stderr goes to the step's log.
 * @param {string} bin
 * @param {string[]} args
 */
function runCli(bin, args) {
  const result = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' });
  if (result.error) throw new ActionError(`${bin} could not start: ${result.error.message}`);
  // A signal is reported the way a shell does (128 + its number); it is never a verdict.
  const exitCode = result.status ?? 128 + 15;
  return { exitCode, stdout: result.stdout };
}

/**
 * The run step of an action: builds the command line, runs the CLI, writes summary and outputs.
 * It exits 0 when it could report; the action's gate step fails the job from `exit-code`.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
export function runTool(name, env) {
  const tool = checkTool(name);
  const spec = SPECS[tool];
  const bin = env.ADLC_BIN ?? '';
  if (bin === '') throw new ActionError('ADLC_BIN is not set: the install step did not run');
  const runDir = mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), `adlc-${tool}-`));
  /** @type {ToolReport} */
  let report;
  let exitCode = 1;
  let jsonFile = '';
  try {
    const args = spec.args({ env, event: readEvent(env), runDir });
    const run = runCli(bin, args);
    jsonFile = join(runDir, `${tool}.json`);
    writeFileSync(jsonFile, run.stdout);
    ({ exitCode, report } = reportRun(spec, tool, run.exitCode, run.stdout));
  } catch (error) {
    if (!(error instanceof ActionError)) throw error;
    report = errorReport(tool, 1, { error: { message: error.message } });
  }
  /** @type {Outputs} */
  const files = {};
  for (const [output, file] of Object.entries(spec.files)) files[output] = existsSync(join(runDir, file)) ? join(runDir, file) : '';
  appendSummary(report.summary, env);
  setOutputs({ 'exit-code': exitCode, 'gate-reason': report.gateReason, 'run-dir': runDir, 'json-file': jsonFile, ...files, ...report.outputs }, env);
  process.stdout.write(`${tool} exited ${exitCode}: ${report.gateReason}\n`);
}
