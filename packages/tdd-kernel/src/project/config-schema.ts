// .tdd-kernel/config.json's keys as one zod object: the config's type, its checks and the words its
// errors use all come from here; the keys that are also flags (log, plan, mode) take the flags' fields. Not on the hook's hot path (config.ts reads the checked copy there).

import * as z from 'zod';
import { KERNEL_COMMAND_OPTIONS, KERNEL_OPTIONS } from '../cli/options.js';

export const RUNNER_IDS = ['vitest', 'jest', 'node', 'pytest', 'junit', 'command'] as const;
export type RunnerId = (typeof RUNNER_IDS)[number];

const command = z.string().trim().min(1);
const globs = z.array(z.string().min(1));

export const KernelConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  runner: z.enum(RUNNER_IDS).optional().describe('the test runner (default: detected: vitest, jest, node --test, then pytest)'),
  command: command.optional().describe("the runner's base command, e.g. `pnpm vitest` (default: found in node_modules or on PATH)"),
  junitCommand: command.optional().describe('junit runner: the command that runs the tests ({tests}: the requested files; {report}: the XML file)'),
  junitReport: command.optional().describe('junit runner: the JUnit XML file the command writes'),
  testCommandFor: command.optional().describe('command runner: the command for one test, with {test_id}, {file} and {name} filled in'),
  testGlobs: globs.optional().describe('globs of the test files, replacing the defaults'),
  extraTestGlobs: globs.optional().describe('more test-file globs on top of the defaults'),
  files: globs.optional().describe('globs (`!` excludes) of the files the gate applies to (default: source code by extension)'),
  verify: command.optional().describe('the refactor-off check (default: `npm run verify` when package.json has it, else its test script)'),
  log: KERNEL_OPTIONS.schema.shape.log.describe('the event log, relative to the root (default .tdd-kernel/events.jsonl)'),
  plan: KERNEL_COMMAND_OPTIONS.schema.shape.plan.describe('the plan file `status` reads'),
  mode: KERNEL_OPTIONS.schema.shape.mode.describe('strict (default) refuses; warn only reports'),
  timeoutMs: z.number().int().min(1000).optional().describe('time limit of one runner invocation, ms (default 600000)'),
});

export type KernelConfig = Omit<z.output<typeof KernelConfigSchema>, '$schema'>;

/** The keys the file takes, for the hint of an unknown key. */
export const CONFIG_KEYS = Object.keys(KernelConfigSchema.shape).filter((key) => key !== '$schema');

/** What a runner needs besides its name: the file must say it too. */
export const RUNNER_NEEDS: Partial<Record<RunnerId, keyof KernelConfig>> = { junit: 'junitCommand', command: 'testCommandFor' };
