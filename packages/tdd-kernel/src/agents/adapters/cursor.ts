// Cursor (documented: cursor.com/docs/hooks and third-party-hooks; tool names from summaries that cite it,
// not confirmed): camelCase events in .cursor/hooks.json, payloads with `conversation_id` and
// `workspace_roots`; a deny as `{"permission": "deny", "user_message", "agent_message"}`; `stop` continues
// with `{"followup_message"}`. Cursor also runs Claude Code's hooks (third-party hooks) with this payload.

import { unreadable } from './claude-shape.js';
import { deleteTool, fragmentTool, multiReplaceTool, objectArg, OTHER, patchTool, pathTool, READ, readTool, replaceTool, shellTool, str, writeTool, type Input, type ToolReading, type ToolTable } from './tool-table.js';
import type { AgentAdapter, AgentEvent, HookDecision, HookOutput, Phase } from '../types.js';

const PATH = ['file_path', 'path', 'target_file', 'filePath'];

const TOOLS: ToolTable = {
  Write: writeTool(PATH, ['contents', 'content', 'file_text']),
  StrReplace: replaceTool(PATH, 'old_string', 'new_string', 'replace_all'),
  MultiStrReplace: multiReplaceTool(PATH, 'edits', 'old_string', 'new_string', 'replace_all'),
  Edit: replaceTool(PATH, 'old_string', 'new_string', 'replace_all'),
  MultiEdit: multiReplaceTool(PATH, 'edits', 'old_string', 'new_string', 'replace_all'),
  Delete: deleteTool(PATH),
  ApplyPatch: patchTool(['patch', 'input', 'command']),
  EditNotebook: pathTool('notebook', ['target_notebook', 'notebook_path', ...PATH]),
  Shell: shellTool(['command']),
  // Older Cursor tool names.
  edit_file: fragmentTool('edit', PATH),
  search_replace: replaceTool(PATH, 'old_string', 'new_string'),
  delete_file: deleteTool(PATH),
  run_terminal_cmd: shellTool(['command']),
  Read: READ,
  Grep: READ,
  Glob: READ,
  LS: READ,
  SemanticSearch: READ,
  WebSearch: READ,
  WebFetch: READ,
  ReadLints: READ,
  read_file: READ,
  list_dir: READ,
  codebase_search: READ,
  grep_search: READ,
  file_search: READ,
  web_search: READ,
  Task: OTHER,
  TodoWrite: OTHER,
};

const PHASES: Readonly<Record<string, Phase>> = {
  preToolUse: 'pre',
  beforeShellExecution: 'pre',
  beforeMCPExecution: 'pre',
  beforeReadFile: 'pre',
  postToolUse: 'post',
  afterFileEdit: 'post',
  afterShellExecution: 'post',
  stop: 'stop',
};

/** What the event is about: Cursor's specific events carry their arguments at the top level. */
function reading(name: string, payload: Input): { tool: string } & ToolReading {
  if (name === 'beforeShellExecution' || name === 'afterShellExecution') return { tool: 'Shell', ...readTool(TOOLS, 'Shell', { command: payload.command }) };
  if (name === 'beforeReadFile') return { tool: 'Read', kind: 'read', files: [] };
  if (name === 'afterFileEdit') return { tool: 'Write', kind: 'edit', files: str(payload, ['file_path']) ? [{ path: str(payload, ['file_path'])! }] : [] };
  const tool = str(payload, ['tool_name']) ?? '';
  const mcp = name === 'beforeMCPExecution' && !tool.startsWith('MCP:') ? `MCP:${tool}` : tool;
  return { tool: mcp, ...readTool(TOOLS, mcp, objectArg(payload.tool_input) ?? {}) };
}

function parse(payload: Input): AgentEvent {
  const name = str(payload, ['hook_event_name']);
  if (name === null) return unreadable('cursor', 'no hook_event_name');
  const phase = Object.hasOwn(PHASES, name) ? PHASES[name]! : 'other';
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
  const base = { host: 'cursor' as const, phase, sessionId: str(payload, ['conversation_id', 'session_id']), cwd: str(payload, ['cwd']) ?? roots[0] ?? null };
  if (phase === 'stop') return { ...base, tool: '', kind: 'other', files: [], stopHookActive: typeof payload.loop_count === 'number' && payload.loop_count > 0 };
  if (phase !== 'pre' && phase !== 'post') return { ...base, tool: '', kind: 'other', files: [] };
  return { ...base, ...reading(name, payload), ...(str(payload, ['tool_use_id']) ? { toolUseId: str(payload, ['tool_use_id'])! } : {}) };
}

/** An allow is `{}`: no decision, so Cursor's own approval rules still apply (an explicit allow would skip them). */
function render(decision: HookDecision): HookOutput {
  const json = (doc: unknown): HookOutput => ({ stdout: JSON.stringify(doc), stderr: '', exitCode: 0 });
  if (decision.kind === 'deny') return json({ permission: 'deny', user_message: decision.reason, agent_message: decision.reason });
  if (decision.kind === 'continue') return json({ followup_message: decision.reason });
  if (decision.kind === 'note') return { stdout: '{}', stderr: `${decision.message}\n`, exitCode: 0 };
  return json({});
}

export const adapter: AgentAdapter = { name: 'cursor', parse, render };
