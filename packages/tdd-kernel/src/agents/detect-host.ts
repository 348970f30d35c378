// Which agent really sent a payload. Copilot CLI, VS Code and Cursor also run the hooks of
// .claude/settings.json (and Copilot CLI and VS Code share .github/hooks/), each with its own payload, and
// each reads only its own answer: `hook claude-code`, `hook copilot` and `hook vscode` answer the sender.

import type { AgentName } from './types.js';

type Payload = Record<string, unknown>;

/** The hooks that other agents also run; every other `hook <agent>` is only ever run by that agent. */
const SHARED: ReadonlySet<AgentName> = new Set(['claude-code', 'copilot', 'vscode']);

/** Copilot CLI's tool names (its reference's table), as they appear in its VS Code-form payloads too. */
const COPILOT_TOOL = /^(?:create|edit|view|bash|powershell|glob|grep|task|web_fetch|ask_user|str_replace_editor|write_bash|read_bash|stop_bash|list_bash|report_intent)$/;

/** VS Code's own tools are snake_case names no other host uses (create_file, run_in_terminal, ...). */
const VSCODE_TOOL = /^(?:create_file|replace_string_in_file|multi_replace_string_in_file|insert_edit_into_file|edit_notebook_file|run_in_terminal|send_to_terminal|create_and_run_task|run_task|create_directory|read_file|list_dir|file_search|grep_search|semantic_search|get_errors|get_changed_files|fetch_webpage|manage_todo_list|get_terminal_output|editFiles|runTests|run_vscode_command)$/;

function isCursor(p: Payload): boolean {
  return 'conversation_id' in p || 'workspace_roots' in p || 'cursor_version' in p || 'generation_id' in p;
}

/** Copilot's camelCase payloads carry no event name, and name the tool `toolName`. */
function isCopilotCamel(p: Payload): boolean {
  if ('hook_event_name' in p || 'hookEventName' in p) return false;
  return 'toolName' in p || 'toolArgs' in p || ('sessionId' in p && ('stopReason' in p || typeof p.timestamp === 'number'));
}

export function detectHost(payload: Payload, asked: AgentName): AgentName {
  if (!SHARED.has(asked)) return asked;
  if (isCursor(payload)) return 'cursor';
  if (isCopilotCamel(payload)) return 'copilot';
  const tool = typeof payload.tool_name === 'string' ? payload.tool_name : '';
  if (COPILOT_TOOL.test(tool)) return 'copilot';
  if (VSCODE_TOOL.test(tool) || 'hookEventName' in payload) return 'vscode';
  return asked;
}
