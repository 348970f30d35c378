// How an agent's tool call is read: each adapter lists its tools in a table (name → kind, the files it
// touches, its shell command), built from the small readers here. A tool missing from the table is
// classified by one rule for every agent: an MCP tool is gated when its name says it writes; any other
// unknown tool that names a file or a command is refused, since the gate cannot tell what it does.

import { patchTouches } from './apply-patch.js';
import type { AfterEdit, AgentEvent, FileTouch, Replacement, ToolKind } from '../types.js';

export type Input = Record<string, unknown>;

export interface ToolSpec {
  kind: ToolKind;
  /** The files the call touches; null when a tool that writes names none (refused). */
  files?: (input: Input) => FileTouch[] | null;
  /** The shell command; null when a shell tool carries none (refused). */
  command?: (input: Input) => string | null;
  /** A shell tool whose command is optional (Cline's attempt_completion): no command, nothing to gate. */
  optionalCommand?: boolean;
  /** The shell tool's working-directory argument, when it has one. */
  dir?: (input: Input) => string | null;
}

export type ToolTable = Readonly<Record<string, ToolSpec>>;

export const READ: ToolSpec = { kind: 'read' };
export const OTHER: ToolSpec = { kind: 'other' };

/** Argument names that hold a path in the tools of the agents we know (for MCP and unknown tools). */
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path', 'target_file', 'filename', 'file', 'target', 'target_path', 'destination', 'dest', 'new_path', 'newPath', 'source', 'dirPath', 'paths', 'files'];
const COMMAND_KEYS = ['command', 'cmd', 'command_line', 'commandLine', 'script'];
/** Path arguments that only make an unknown tool refused (Qwen Code's media tools: their input file and output directory). */
const UNKNOWN_ONLY_PATH_KEYS = ['inputPath', 'outputDir', 'workspacePath'];
const MCP_WRITE = /(?:write|edit|create|replace|patch|move|rename|delete|remove|append|insert|update|save|put|upload|apply)/i;

export function str(input: Input, keys: readonly string[]): string | null {
  for (const key of keys) {
    const v = input[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

/** An object argument, or one sent as a JSON string (Copilot's toolArgs, Cursor's MCP tool_input). */
export function objectArg(value: unknown): Input | null {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Input) : null;
}

function touch(path: string | null, after?: AfterEdit): FileTouch[] | null {
  return path === null ? null : [{ path, ...(after ? { after } : {}) }];
}

/** A tool that writes a whole file: its new content is the content argument. */
export function writeTool(pathKeys: string[], contentKeys: string[]): ToolSpec {
  return { kind: 'write', files: (i) => touch(str(i, pathKeys), typeof contentOf(i, contentKeys) === 'string' ? { content: contentOf(i, contentKeys)! } : undefined) };
}

function contentOf(input: Input, keys: string[]): string | null {
  for (const key of keys) if (typeof input[key] === 'string') return input[key] as string;
  return null;
}

function replacement(r: Input, oldKey: string, newKey: string, allKey?: string): Replacement | null {
  if (typeof r[oldKey] !== 'string' || typeof r[newKey] !== 'string') return null;
  return { old: r[oldKey] as string, new: r[newKey] as string, ...(allKey && r[allKey] === true ? { all: true } : {}) };
}

/** A string replacement in one file. */
export function replaceTool(pathKeys: string[], oldKey: string, newKey: string, allKey?: string): ToolSpec {
  return {
    kind: 'edit',
    files: (i) => {
      const r = replacement(i, oldKey, newKey, allKey);
      return touch(str(i, pathKeys), r ? { replace: [r] } : undefined);
    },
  };
}

/** Several replacements in one file, listed under `listKey` (Claude's MultiEdit, opencode's multiedit). */
export function multiReplaceTool(pathKeys: string[], listKey: string, oldKey: string, newKey: string, allKey?: string): ToolSpec {
  return {
    kind: 'edit',
    files: (i) => {
      const list = Array.isArray(i[listKey]) ? (i[listKey] as unknown[]) : [];
      const rs = list.map((r) => (typeof r === 'object' && r !== null ? replacement(r as Input, oldKey, newKey, allKey) : null));
      return touch(str(i, pathKeys), rs.length > 0 && rs.every((r) => r !== null) ? { replace: rs as Replacement[] } : undefined);
    },
  };
}

/** A tool that edits a file by a fragment whose result cannot be computed: gated by its path. */
export function fragmentTool(kind: ToolKind, pathKeys: string[]): ToolSpec {
  return { kind, files: (i) => (str(i, pathKeys) === null ? null : [{ path: str(i, pathKeys)!, unknown: true }]) };
}

/** A tool that writes a file the kernel does not look into (a notebook): gated by its path only. */
export function pathTool(kind: ToolKind, pathKeys: string[]): ToolSpec {
  return { kind, files: (i) => touch(str(i, pathKeys)) };
}

export function deleteTool(pathKeys: string[]): ToolSpec {
  return { kind: 'delete', files: (i) => (str(i, pathKeys) === null ? null : [{ path: str(i, pathKeys)!, deleted: true }]) };
}

/** An apply_patch-style tool: the paths come from the patch text's file lines. */
export function patchTool(textKeys: string[]): ToolSpec {
  return { kind: 'patch', files: (i) => patchTouches(str(i, textKeys) ?? '') };
}

/** The working-directory arguments of the shell tools we know: Gemini's dir_path, Qwen Code's directory, opencode's and Codex's workdir. */
const SHELL_DIR_KEYS = ['dir_path', 'directory', 'workdir', 'working_directory', 'cwd'];

export function shellTool(keys: string[], optional = false): ToolSpec {
  return { kind: 'shell', command: (i) => shellCommand(i, keys), dir: (i) => str(i, SHELL_DIR_KEYS), ...(optional ? { optionalCommand: true } : {}) };
}

/** A command as a string, or as an argv (`["bash", "-lc", "..."]`: the script is what runs). */
function shellCommand(input: Input, keys: string[]): string | null {
  for (const key of keys) {
    const v = input[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')) {
      const argv = v as string[];
      if (argv.length >= 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0]!) && /^-\w*c$/.test(argv[1]!)) return argv[2]!;
      return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`)).join(' ');
    }
  }
  return null;
}

export type ToolReading = Pick<AgentEvent, 'kind' | 'files' | 'command' | 'shellCwd' | 'problem'>;

/** Reads one tool call with the agent's table (or the rule for tools the table does not list). */
export function readTool(table: ToolTable, tool: string, rawInput: unknown): ToolReading {
  const input = objectArg(rawInput) ?? {};
  if (tool === '') return { kind: 'other', files: [], problem: 'tdd-kernel: the event names no tool; refused (fail closed)' };
  const spec = Object.hasOwn(table, tool) ? table[tool]! : isMcpTool(tool) ? mcpSpec(tool) : null;
  if (!spec) return unknownTool(tool, input);
  if (spec.kind === 'shell') {
    const command = spec.command?.(input) ?? null;
    if (command === null) return spec.optionalCommand ? { kind: 'other', files: [] } : { kind: 'shell', files: [], problem: `tdd-kernel: ${tool} without a command; edit refused` };
    const dir = spec.dir?.(input) ?? null;
    return { kind: 'shell', files: [], command, ...(dir ? { shellCwd: dir } : {}) };
  }
  if (!spec.files) return { kind: spec.kind, files: [] };
  const files = spec.files(input);
  if (files === null || (files.length === 0 && spec.kind === 'patch')) return { kind: spec.kind, files: [], problem: `tdd-kernel: ${tool} without a file path; edit refused` };
  return { kind: spec.kind, files };
}

export function isMcpTool(tool: string): boolean {
  return /^mcp__|^mcp_|^MCP:/i.test(tool);
}

/** An MCP tool whose name says it writes is gated on every path argument, its result unknown. */
function mcpSpec(tool: string): ToolSpec {
  const name = tool.slice(Math.max(tool.lastIndexOf('__') + 2, tool.lastIndexOf(':') + 1));
  if (!MCP_WRITE.test(name)) return { kind: 'mcp' };
  return { kind: 'mcp', files: (i) => pathArgs(i).map((path) => ({ path, unknown: true })) };
}

export function pathArgs(input: Input): string[] {
  const out: string[] = [];
  for (const key of PATH_KEYS) {
    const v = input[key];
    if (typeof v === 'string' && v !== '') out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string' && x !== ''));
  }
  return out;
}

function unknownTool(tool: string, input: Input): ToolReading {
  const named = [...PATH_KEYS, ...UNKNOWN_ONLY_PATH_KEYS, ...COMMAND_KEYS].filter((k) => typeof input[k] === 'string' || Array.isArray(input[k]));
  if (named.length === 0) return { kind: 'other', files: [] };
  return {
    kind: 'other',
    files: [],
    problem: `tdd-kernel does not know the tool ${tool}, which names a file or a command (${named.join(', ')}): refused (fail closed), since the gate cannot tell what it writes; use the agent's file-edit tools, or ask the user to update tdd-kernel`,
  };
}
