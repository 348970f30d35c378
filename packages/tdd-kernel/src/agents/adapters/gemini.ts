// Gemini CLI (documented: google-gemini/gemini-cli docs/hooks/reference.md): BeforeTool / AfterTool /
// AfterAgent in .gemini/settings.json; a deny (and an end-of-turn retry) as `{"decision": "deny", "reason"}`.
// stdout must hold nothing but that JSON.

import { parseClaudeShaped } from './claude-shape.js';
import { OTHER, READ, replaceTool, shellTool, writeTool, type Input, type ToolTable } from './tool-table.js';
import type { AgentAdapter, AgentEvent, HookDecision, HookOutput } from '../types.js';

/** Gemini CLI's built-in tools (packages/core/src/tools/definitions/coreTools.ts and tool-names.ts). */
const TOOLS: ToolTable = {
  write_file: writeTool(['file_path', 'absolute_path'], ['content']),
  // allow_multiple: every occurrence of old_string is replaced, not only one.
  replace: replaceTool(['file_path', 'absolute_path'], 'old_string', 'new_string', 'allow_multiple'),
  edit: replaceTool(['file_path', 'absolute_path'], 'old_string', 'new_string', 'allow_multiple'),
  run_shell_command: shellTool(['command']),
  read_file: READ,
  read_many_files: READ,
  list_directory: READ,
  glob: READ,
  grep_search: READ,
  search_file_content: READ,
  grep: READ,
  web_fetch: READ,
  google_web_search: READ,
  get_internal_docs: READ,
  read_mcp_resource: READ,
  list_mcp_resources: READ,
  codebase_investigator: READ,
  cli_help: READ,
  save_memory: OTHER,
  write_todos: OTHER,
  activate_skill: OTHER,
  ask_user: OTHER,
  enter_plan_mode: OTHER,
  exit_plan_mode: OTHER,
  update_topic: OTHER,
  complete_task: OTHER,
  tracker_create_task: OTHER,
  tracker_update_task: OTHER,
  tracker_get_task: OTHER,
  tracker_list_tasks: OTHER,
  tracker_add_dependency: OTHER,
  tracker_visualize: OTHER,
  // Declared by Gemini CLI 0.61.0 (seen in its requests).
  list_background_processes: READ,
  read_background_output: READ,
  invoke_agent: OTHER,
};

const EVENTS = { BeforeTool: 'pre', AfterTool: 'post', AfterAgent: 'stop' } as const;

function parse(payload: Input): AgentEvent {
  const event = parseClaudeShaped('gemini', payload, TOOLS, EVENTS);
  // An MCP tool (it comes with mcp_context) is read by the MCP rule, whatever its name.
  if (payload.mcp_context && event.phase === 'pre' && !event.tool.startsWith('mcp_')) return parseClaudeShaped('gemini', { ...payload, tool_name: `mcp__${event.tool}` }, TOOLS, EVENTS);
  return event;
}

function render(decision: HookDecision): HookOutput {
  const json = (doc: unknown): HookOutput => ({ stdout: JSON.stringify(doc), stderr: '', exitCode: 0 });
  if (decision.kind === 'deny') return json({ decision: 'deny', reason: decision.reason });
  if (decision.kind === 'continue') return json({ decision: 'deny', reason: decision.reason });
  if (decision.kind === 'note') return json({ systemMessage: decision.message });
  return { stdout: '', stderr: '', exitCode: 0 };
}

export const adapter: AgentAdapter = { name: 'gemini', parse, render };
