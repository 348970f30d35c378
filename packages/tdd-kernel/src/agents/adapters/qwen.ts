// Qwen Code (documented: QwenLM/qwen-code docs/users/features/hooks.md): Claude Code's settings shape,
// payloads and answers, with its own tool names (`write_file`, `edit`, `run_shell_command`, ...).

import { parseClaudeShaped, renderClaudeStyle } from './claude-shape.js';
import { OTHER, READ, replaceTool, shellTool, writeTool, type ToolTable } from './tool-table.js';
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
};

export const adapter: AgentAdapter = {
  name: 'qwen',
  parse: (payload) => parseClaudeShaped('qwen', payload, TOOLS),
  render: renderClaudeStyle,
};
