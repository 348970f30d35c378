// .tdd-kernel/config.json: which runner, the test-file globs, the verify command, where the log is.
// Validated by hand (no zod): it is read on the hook's hot path.

import * as fs from 'node:fs';
import path from 'node:path';

export type RunnerId = 'vitest' | 'jest' | 'node' | 'pytest' | 'junit' | 'command';
export const RUNNER_IDS: readonly RunnerId[] = ['vitest', 'jest', 'node', 'pytest', 'junit', 'command'];

export interface KernelConfig {
  /** Default: detected (vitest, jest, node's test runner, then pytest). */
  runner?: RunnerId;
  /** The runner's base command, e.g. `pnpm vitest` or `python -m pytest`; default: found in node_modules / on PATH. */
  command?: string;
  /** junit runner: the command that runs the tests ({tests} = the requested test files, space-separated). */
  junitCommand?: string;
  /** junit runner: the JUnit XML file the command writes ({report} in the command is replaced by it). */
  junitReport?: string;
  /** command runner: the command for one test, with {test_id}, {file} and {name} filled in (shell-quoted). */
  testCommandFor?: string;
  /** Glob(s) of test files, replacing the defaults. */
  testGlobs?: string[];
  /** More test-file globs on top of the defaults. */
  extraTestGlobs?: string[];
  /** Globs (`!` excludes) of the files the gate applies to; default: source code by extension (gated-files.ts). */
  files?: string[];
  /** Refactor-off check; default `npm run verify` when package.json has it, else its test script. */
  verify?: string;
  /** Event log path relative to the root (default .tdd-kernel/events.jsonl). */
  log?: string;
  /** Plan file for `status` (RFC plan integration). */
  plan?: string;
  /** strict (default) refuses; warn only reports. */
  mode?: 'strict' | 'warn';
  /** Time limit of one runner invocation, ms (default 600000). */
  timeoutMs?: number;
}

export const CONFIG_DIR = '.tdd-kernel';
export const CONFIG_FILE = path.join(CONFIG_DIR, 'config.json');
export const DEFAULT_LOG = path.join(CONFIG_DIR, 'events.jsonl');

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads the config; a missing file is an empty config, an invalid one a ConfigError naming the field. */
export function loadConfig(root: string): KernelConfig {
  const file = path.join(root, CONFIG_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`cannot read ${CONFIG_FILE}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(value);
}

const STRING_KEYS = ['command', 'junitCommand', 'junitReport', 'testCommandFor', 'verify', 'log', 'plan'] as const;
const LIST_KEYS = ['testGlobs', 'extraTestGlobs', 'files'] as const;
const ALL_KEYS = new Set<string>([...STRING_KEYS, ...LIST_KEYS, 'runner', 'mode', 'timeoutMs', '$schema']);

export function parseConfig(value: unknown): KernelConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${CONFIG_FILE} must hold a JSON object`);
  const raw = value as Record<string, unknown>;
  const config: KernelConfig = {};
  for (const key of Object.keys(raw)) {
    if (!ALL_KEYS.has(key)) throw new ConfigError(`${CONFIG_FILE}: unknown key "${key}" (known: ${[...ALL_KEYS].filter((k) => k !== '$schema').join(', ')})`);
  }
  for (const key of STRING_KEYS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.trim() === '') throw new ConfigError(`${CONFIG_FILE}: "${key}" must be a non-empty string`);
    config[key] = v;
  }
  for (const key of LIST_KEYS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || !v.every((g) => typeof g === 'string' && g !== '')) throw new ConfigError(`${CONFIG_FILE}: "${key}" must be a list of globs`);
    config[key] = v as string[];
  }
  if (raw.runner !== undefined) {
    if (typeof raw.runner !== 'string' || !RUNNER_IDS.includes(raw.runner as RunnerId)) {
      throw new ConfigError(`${CONFIG_FILE}: "runner" must be one of ${RUNNER_IDS.join(', ')}`);
    }
    config.runner = raw.runner as RunnerId;
  }
  if (raw.mode !== undefined) {
    if (raw.mode !== 'strict' && raw.mode !== 'warn') throw new ConfigError(`${CONFIG_FILE}: "mode" must be "strict" or "warn"`);
    config.mode = raw.mode;
  }
  if (raw.timeoutMs !== undefined) {
    if (typeof raw.timeoutMs !== 'number' || !Number.isInteger(raw.timeoutMs) || raw.timeoutMs < 1000) {
      throw new ConfigError(`${CONFIG_FILE}: "timeoutMs" must be a whole number of milliseconds, at least 1000`);
    }
    config.timeoutMs = raw.timeoutMs;
  }
  if (config.runner === 'junit' && !config.junitCommand) throw new ConfigError(`${CONFIG_FILE}: runner "junit" needs "junitCommand"`);
  if (config.runner === 'command' && !config.testCommandFor) throw new ConfigError(`${CONFIG_FILE}: runner "command" needs "testCommandFor"`);
  return config;
}
