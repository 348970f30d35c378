// One tool as the server offers it, and the one path every call takes: check cwd against the roots,
// wait for the repository (one writer, or readers side by side), run the library call in an
// interrupt scope of its own (so a cancel does what SIGINT does to the CLI), and answer.

import { withInterruptScope, type OptionTable, type Reporter } from '@adlc/core';
import { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { invalidCall } from './invalid-call.js';
import { toolReporter, type Extra } from './progress.js';
import { repoKey, type Access, type RepoLocks } from './repo-lock.js';
import { checkCwd, checkWritable, type Workspace } from './roots.js';
import { errorResult, toolResult, type FlagArguments, type ToolAnswer } from './tool-result.js';

/** What a tool's run gets: the checked directory, the server's environment, and its reporter. */
export interface ToolContext {
  /** The real path of the call's cwd, inside an allowed root. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  reporter: Reporter;
  /** Throws unless `file` (absolute) lies inside an allowed root. */
  checkWritable: (file: string) => void;
}

export interface ToolSpec<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  /** The zod schema the CLI's --json document is exported with. */
  output: O;
  access: Access;
  annotations?: ToolAnnotations;
  /** The argument each of the CLI's flags stands for, so an error names what the caller can set (argumentsOfFlags). */
  flags?: FlagArguments;
  run(args: z.output<I>, ctx: ToolContext): Promise<ToolAnswer<z.output<O>>>;
}

/** Erases a spec's own types so the list of tools can hold them all. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): ToolSpec {
  return spec as unknown as ToolSpec;
}

export const CWD = z
  .string()
  .min(1)
  .describe('Directory to work in: the repository or a directory in it (absolute, or relative to where the server started). Must be inside a root the client declared.');

/** A tool's input: `cwd` and its own fields, nothing else (an unknown argument is refused, not ignored). */
export function toolInput<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject({ cwd: CWD, ...shape });
}

/**
 * Which argument of `input` each flag of the CLI's option table stands for: the option's key, or the
 * name `renamed` gives it (consensus_review's `question` is `prompt`). A flag without an argument has no entry.
 */
export function argumentsOfFlags(table: OptionTable, input: z.ZodObject, renamed: Record<string, string> = {}): FlagArguments {
  const flags = new Map<string, string>();
  for (const field of table.fields) {
    const name = renamed[field.key] ?? field.key;
    if (Object.hasOwn(input.shape, name)) flags.set(field.flag, name);
  }
  return flags;
}

export interface ToolDeps {
  env: NodeJS.ProcessEnv;
  workspace: Workspace;
  locks: RepoLocks;
  /** Calls still running, so the server can let them unwind before it exits. */
  inFlight: Set<Promise<unknown>>;
}

/**
 * Answers one tools/call as the SDK's McpServer would: the arguments checked against the tool's input
 * schema, the tool run, its structuredContent checked against the output schema; a failed check is
 * an isError result naming it. Loaded with the first call (server.ts), like the tools themselves.
 */
export async function callTool(spec: ToolSpec, rawArgs: unknown, extra: Extra, deps: ToolDeps): Promise<CallToolResult> {
  const args = await spec.input.safeParseAsync(rawArgs ?? {});
  if (!args.success) return invalidCall(`Input validation error: Invalid arguments for tool ${spec.name}: ${getParseErrorMessage(args.error)}`);
  const result = await runTool(spec, args.data as { cwd: string }, extra, deps);
  if (result.isError) return result;
  const output = await spec.output.safeParseAsync(result.structuredContent);
  if (!output.success) return invalidCall(`Output validation error: Invalid structured content for tool ${spec.name}: ${getParseErrorMessage(output.error)}`);
  return result;
}

async function runTool(spec: ToolSpec, args: { cwd: string }, extra: Extra, deps: ToolDeps): Promise<CallToolResult> {
  try {
    const allowed = await deps.workspace.roots();
    const cwd = checkCwd(args.cwd, allowed, deps.workspace.startDir);
    const ctx: ToolContext = { cwd, env: deps.env, reporter: toolReporter(spec.name, extra), checkWritable: (file) => checkWritable(file, allowed) };
    const answer = await deps.locks.run(repoKey(cwd), spec.access, extra.signal, () => withInterruptScope(extra.signal, () => spec.run(args, ctx)));
    return toolResult(answer, deps.env);
  } catch (error) {
    return errorResult(error, deps.env, spec.flags);
  }
}
