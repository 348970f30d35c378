// tdd-kernel's options, declared once as a zod table (core's defineOptions): the commander flags
// (commands.ts), the keys .tdd-kernel/config.json shares with them (config-schema.ts), and the
// arguments the MCP server's tdd_* tools take all come from here. The hook's hot path may not load
// zod, so it parses the flags from hot-flags.ts, a plain copy a test holds equal to this table.

import { defineOptions, flagMeta, SHARED_OPTIONS } from '@adlc/core';
import * as z from 'zod';
import { AGENT_NAMES } from '../agents/types.js';
import { MODES } from './hot-flags.js';

export const TOOL = 'tdd-kernel';

/** Flags, not config keys: the file is .tdd-kernel/config.json (config-schema.ts), not adlc.config.json. */
const FLAG = { config: false } as const;

const path = z.string().trim().min(1);

/** The flags every command takes, before or after the command's name. */
export const KERNEL_OPTIONS = defineOptions(TOOL, {
  json: SHARED_OPTIONS.json,
  log: path
    .optional()
    .describe('event log (default: .tdd-kernel/events.jsonl, or "log" in .tdd-kernel/config.json)')
    .register(flagMeta, { value: 'path', ...FLAG }),
  session: z
    .string()
    .min(1)
    .optional()
    .describe('agent session id (default: $TDD_KERNEL_SESSION, else the session the hook last saw)')
    .register(flagMeta, { value: 'id', ...FLAG }),
  mode: z
    .enum(MODES)
    .optional()
    .describe('strict refuses, warn only reports (default: strict, or "mode" in config)')
    .register(flagMeta, { value: 'mode', ...FLAG }),
  root: path
    .optional()
    .describe('project root (default: the nearest directory with .tdd-kernel/ or .git)')
    .register(flagMeta, { value: 'dir', ...FLAG }),
});

/** The flags of single commands: each command adds the ones it takes (commandOptions). */
export const KERNEL_COMMAND_OPTIONS = defineOptions(TOOL, {
  plan: path.optional().describe('plan JSON ({steps: [{title, test_id?, test_file_path?}]})').register(flagMeta, { value: 'file', ...FLAG }),
  agent: z
    .enum(AGENT_NAMES)
    .optional()
    .describe("run the installed hook with an edit it must refuse and check the answer")
    .register(flagMeta, { value: 'agent', ...FLAG }),
  hookCommand: z
    .string()
    .min(1)
    .optional()
    .describe("the command the hooks run (default: for claude-code the project's tdd-kernel, else this CLI by absolute path)")
    .register(flagMeta, { value: 'cmd', ...FLAG }),
  dryRun: z.boolean().default(false).describe('print what would be written, write nothing').register(flagMeta, FLAG),
  // The commands that run the tests say so on stderr (and every 10 s while they run, off a terminal).
  quiet: SHARED_OPTIONS.quiet,
});

/** The table of some of KERNEL_COMMAND_OPTIONS, for the command that takes them. */
export function commandOptions<K extends keyof typeof KERNEL_COMMAND_OPTIONS.schema.shape>(...keys: K[]) {
  const shape = KERNEL_COMMAND_OPTIONS.schema.shape;
  return defineOptions(TOOL, Object.fromEntries(keys.map((key) => [key, shape[key]])) as Pick<typeof shape, K>);
}

/**
 * The commands' operands, which the MCP tools take as arguments of the same names: `run [test_id...]`
 * is tdd_run's testIds, `claim <test_id> <file...>` tdd_claim's testId and files, `refactor <state>` tdd_refactor's state.
 */
export const KERNEL_OPERANDS = {
  testIds: z.array(z.string().min(1)).describe('test ids (file::name) to run; none given: every test'),
  testId: z.string().min(1).describe('the red test, by the id a run reported for it'),
  files: z.array(z.string().min(1)).min(1).describe('files or globs the edit will touch, relative to the project root (or absolute)'),
  state: z.enum(['on', 'off']).describe('on (from an all-green suite) or off (verifies, then ends refactor mode)'),
};

/** The global flags as resolved: what was given, checked (`json` false when not given). */
export type GlobalFlags = Partial<z.output<typeof KERNEL_OPTIONS.schema>>;

/** Every flag of every command, as commander hands them over. */
export type CommandFlags = GlobalFlags & Partial<z.output<typeof KERNEL_COMMAND_OPTIONS.schema>>;
