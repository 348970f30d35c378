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
  // The rest of Qwen Code 0.24.4's ToolNames (core/src/tools/tool-names.ts in its bundle), as each
  // tool declares itself there. Reads: they open files or resources and write nothing.
  display_image: READ,
  zoom_image: READ,
  lsp: READ, // code actions are listed, never applied
  read_mcp_resource: READ,
  omni_recall_media_memory: READ,
  task_list: READ,
  cron_list: READ,
  // Publishes file_path's HTML as a page under ~/.qwen/artifacts (or uploads it): the file is only read.
  artifact: READ,
  // Nothing written in the project: session state, scheduling, teams and messages live under
  // ~/.qwen or in memory; what a scheduled prompt, a sub-session, a teammate or a workflow's agent
  // later does comes through the hooks as tool calls of its own.
  exec: OTHER, // JavaScript in a QuickJS sandbox; the tools it calls are scheduled, and hooked, one by one
  workflow: OTHER, // an orchestration script in a vm context whose globals are phase/log/agent, not fs
  record_artifact: OTHER,
  record_source: OTHER,
  report_findings: OTHER,
  structured_output: OTHER,
  ask_user_question: OTHER,
  enter_plan_mode: OTHER,
  propose_goal: OTHER,
  cron_create: OTHER,
  cron_delete: OTHER,
  loop_wakeup: OTHER,
  create_sub_session: OTHER,
  task_create: OTHER,
  task_update: OTHER,
  task_stop: OTHER,
  team_create: OTHER,
  team_delete: OTHER,
  team_plan_approval: OTHER,
  send_message: OTHER,
  request_shutdown: OTHER,
  // A git worktree under .qwen/worktrees/<name>: a fresh checkout (or its removal), not an edit of the
  // project's files; the edits made in it are the agent's file tools, gated by their paths.
  enter_worktree: OTHER,
  exit_worktree: OTHER,
  // A generated PNG under .qwen/generated-images/, at a name the tool picks.
  image_gen: OTHER,
  // Not listed: the omni media tools (omni_downsample_image, omni_clip_video, ...), which write a file
  // of their own naming into outputDir; unknown, they are refused when they name one (fail closed).
};

export const adapter: AgentAdapter = {
  name: 'qwen',
  parse: (payload) => parseClaudeShaped('qwen', payload, TOOLS),
  render: renderClaudeStyle,
};
