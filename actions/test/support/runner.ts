// A simulated GitHub Actions runner for composite actions: it reads action.yml, runs the `run:`
// steps in order with bash (as GitHub does: `bash --noprofile --norc -eo pipefail`), evaluates
// `${{ }}` and `if:`, gives each step fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and
// records the `uses:` steps (with their resolved `with:` and condition) instead of running them.
// Workflow commands on stdout are handled the way the runner does: `::add-mask::` lines are
// consumed (never shown in the log) and remembered.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { cleanEnv } from '@adlc/testkit';
import { condition, interpolate, type ExpressionContext } from './expressions.js';

export const ACTIONS_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface StepYml {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  shell?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
export interface ActionYml {
  name: string;
  description: string;
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string; value: string }>;
  runs: { using: string; steps: StepYml[] };
}

export function readAction(name: string): ActionYml {
  return parse(readFileSync(join(ACTIONS_DIR, name, 'action.yml'), 'utf8')) as ActionYml;
}

export interface StepRecord {
  name: string;
  id: string | undefined;
  uses: string | undefined;
  with: Record<string, string> | undefined;
  /** Whether the step's `if:` let it run (for a `uses:` step: whether GitHub would run it). */
  ran: boolean;
  exitCode: number | null;
}

export interface SimulatedRun {
  conclusion: 'success' | 'failure';
  steps: StepRecord[];
  /** The action's outputs, from its `outputs:` expressions. */
  outputs: Record<string, string>;
  stepOutputs: Record<string, Record<string, string>>;
  /** Every GITHUB_OUTPUT file, raw. */
  outputFiles: string;
  /** The job summary: every step's GITHUB_STEP_SUMMARY, in order. */
  summary: string;
  /** What the job's log would show from stdout: workflow commands other than add-mask included. */
  log: string;
  stderr: string;
  masks: string[];
}

export interface RunActionOptions {
  action: string;
  inputs?: Record<string, string>;
  workspace: string;
  runnerTemp: string;
  eventPath: string;
  eventName?: string;
  /** The caller's environment (keys, base URLs); the test process's provider variables are removed. */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/** GITHUB_OUTPUT's two forms: `name=value` and `name<<DELIMITER` ... `DELIMITER`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing ${heredoc[2]} for ${heredoc[1]}`);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`GITHUB_OUTPUT: invalid line ${JSON.stringify(line)}`);
    outputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return outputs;
}

function unescapeData(text: string): string {
  return text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
}

async function bash(script: string, cwd: string, env: Record<string, string | undefined>, timeoutMs: number) {
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exitCode = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  clearTimeout(timer);
  return { exitCode, stdout, stderr };
}

export async function runAction(options: RunActionOptions): Promise<SimulatedRun> {
  const action = readAction(options.action);
  if (action.runs.using !== 'composite') throw new Error(`${options.action} is not a composite action`);
  const declared = action.inputs ?? {};
  for (const name of Object.keys(options.inputs ?? {})) if (!(name in declared)) throw new Error(`${options.action} has no input "${name}"`);
  const actionPath = join(ACTIONS_DIR, options.action);
  const stepOutputs: Record<string, Record<string, string>> = {};
  const status = { failed: false };
  const ctx: ExpressionContext = {
    status,
    lookup([scope, ...rest]) {
      const key = rest.join('.');
      // As on GitHub, a default may itself be an expression (`${{ github.token }}`).
      if (scope === 'inputs' && rest.length === 1) return options.inputs?.[key] ?? interpolate(String(declared[key]?.default ?? ''), ctx);
      if (scope === 'steps' && rest.length === 3 && rest[1] === 'outputs') return stepOutputs[rest[0]!]?.[rest[2]!] ?? '';
      if (scope === 'github' && key === 'action_path') return actionPath;
      if (scope === 'github' && key === 'workspace') return options.workspace;
      // The runner's token; a test gives one through its env (none by default).
      if (scope === 'github' && key === 'token') return options.env?.GITHUB_TOKEN ?? '';
      if (scope === 'runner' && key === 'temp') return options.runnerTemp;
      throw new Error(`unsupported context reference ${[scope, ...rest].join('.')}`);
    },
  };
  const stepsDir = join(options.runnerTemp, '_runner');
  mkdirSync(stepsDir, { recursive: true });
  const baseEnv = {
    ...cleanEnv(options.env ?? {}),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_PATH: options.eventPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_ACTION_PATH: actionPath,
    RUNNER_TEMP: options.runnerTemp,
    RUNNER_OS: 'Linux',
  };
  const run: SimulatedRun = { conclusion: 'success', steps: [], outputs: {}, stepOutputs, outputFiles: '', summary: '', log: '', stderr: '', masks: [] };

  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.id ?? step.uses ?? `step ${index}`;
    const ran = condition(step.if, ctx);
    const record: StepRecord = { name, id: step.id, uses: step.uses, with: undefined, ran, exitCode: null };
    run.steps.push(record);
    if (step.uses !== undefined) {
      record.with = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), ctx)]));
      continue;
    }
    if (!ran) continue;
    if (step.run === undefined || step.shell === undefined) throw new Error(`${name}: a composite run step needs run and shell`);
    if (step.shell !== 'bash') throw new Error(`${name}: only shell: bash is simulated`);
    const files = { output: join(stepsDir, `output-${index}`), summary: join(stepsDir, `summary-${index}`), script: join(stepsDir, `step-${index}.sh`) };
    writeFileSync(files.output, '');
    writeFileSync(files.summary, '');
    writeFileSync(files.script, interpolate(step.run, ctx));
    const env = { ...baseEnv, GITHUB_OUTPUT: files.output, GITHUB_STEP_SUMMARY: files.summary };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k as keyof typeof env] = interpolate(String(v), ctx);
    const cwd = resolve(options.workspace, interpolate(step['working-directory'] ?? '.', ctx));
    if (!existsSync(cwd)) throw new Error(`${name}: working directory ${cwd} does not exist`);
    const result = await bash(files.script, cwd, env, options.timeoutMs ?? 120_000);
    record.exitCode = result.exitCode;
    for (const line of result.stdout.replace(/\n$/, '').split('\n')) {
      if (line.startsWith('::add-mask::')) run.masks.push(unescapeData(line.slice('::add-mask::'.length)));
      else run.log += `${line}\n`;
    }
    run.stderr += result.stderr;
    const outputText = readFileSync(files.output, 'utf8');
    run.outputFiles += outputText;
    if (step.id !== undefined) stepOutputs[step.id] = parseOutputFile(outputText);
    run.summary += readFileSync(files.summary, 'utf8');
    if (result.exitCode !== 0) status.failed = true;
  }
  run.conclusion = status.failed ? 'failure' : 'success';
  for (const [name, output] of Object.entries(action.outputs ?? {})) run.outputs[name] = interpolate(output.value, ctx);
  return run;
}
