// Qwen Code (documented: QwenLM/qwen-code docs/users/features/hooks.md): Claude Code's settings shape,
// payloads and answers, with its own tool names (`write_file`, `edit`, `run_shell_command`, ...).

import { parseClaudeShaped, renderClaudeStyle } from './claude-shape.js';
import { OTHER, pathTool, READ, replaceTool, shellTool, writeTool, type ToolTable } from './tool-table.js';
import type { AgentAdapter } from '../types.js';

const TOOLS: ToolTable = {
  write_file: writeTool(['file_path', 'absolute_path'], ['content']),
  edit: replaceTool(['file_path', 'absolute_path'], 'old_string', 'new_string', 'replace_all'),
  replace: replaceTool(['file_path', 'absolute_path'], 'old_string', 'new_string', 'replace_all'),
  run_shell_command: shellTool(['command']),
  read_file: READ,
  read_many_files: READ,
  list_directory: READ,
  glob: READ,
  grep_search: READ,
  search_file_content: READ,
  web_fetch: READ,
  web_search: READ,
  todo_write: OTHER,
  save_memory: OTHER,
  task: OTHER,
  exit_plan_mode: OTHER,
  // Declared by Qwen Code 0.24.4 (seen in its requests). tool_call runs a deferred tool by name, and
  // the hooks see that underlying tool as a call of its own (packages/agents-e2e: `monitor` through it).
  notebook_edit: pathTool('notebook', ['notebook_path']),
  // Deferred: a long-running shell command whose output streams back.
  monitor: shellTool(['command']),
  tool_call: OTHER,
  tool_search: READ,
  agent: OTHER,
  list_agents: READ,
  skill: OTHER,
  get_goal: READ,
  update_goal: OTHER,
};

export const adapter: AgentAdapter = {
  name: 'qwen',
  parse: (payload) => parseClaudeShaped('qwen', payload, TOOLS),
  render: renderClaudeStyle,
};
