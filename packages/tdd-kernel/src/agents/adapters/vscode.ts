// VS Code agent mode (documented: code.visualstudio.com/docs/agents/reference/hooks-reference; tool names
// and arguments from microsoft/vscode-copilot-chat's tools): PascalCase events in .github/hooks/*.json,
// snake_case payloads, a deny as hookSpecificOutput. VS Code also runs Claude Code's hooks (it reads
// .claude/settings.json), and its Claude agent uses Claude's tool names, so those are known here too.

import { CLAUDE_TOOLS } from './claude-code.js';
import { claudeDeny, parseClaudeShaped, SILENT } from './claude-shape.js';
import { fragmentTool, objectArg, OTHER, patchTool, pathTool, READ, replaceTool, shellTool, str, writeTool, type Input, type ToolSpec, type ToolTable } from './tool-table.js';
import type { AgentAdapter, FileTouch, HookDecision, HookOutput } from '../types.js';

/** multi_replace_string_in_file: `replacements: [{filePath, oldString, newString}]`, possibly several files. */
const multiReplace: ToolSpec = {
  kind: 'edit',
  files: (input) => {
    const list = Array.isArray(input.replacements) ? (input.replacements as unknown[]).map(objectArg) : [];
    const byPath = new Map<string, FileTouch>();
    for (const r of list) {
      const file = r ? str(r, ['filePath']) : null;
      if (!r || !file) return null;
      const one = typeof r.oldString === 'string' && typeof r.newString === 'string' ? { old: r.oldString, new: r.newString } : null;
      const seen = byPath.get(file) ?? { path: file, after: { replace: [] } };
      if (one && seen.after && 'replace' in seen.after) seen.after.replace.push(one);
      else delete seen.after;
      byPath.set(file, seen);
    }
    return list.length === 0 ? null : [...byPath.values()];
  },
};

/** create_and_run_task: the task's command and arguments are what runs. */
const taskTool: ToolSpec = {
  kind: 'shell',
  command: (input: Input) => {
    const task = objectArg(input.task);
    const command = task ? str(task, ['command']) : null;
    if (!task || !command) return null;
    return [command, ...(Array.isArray(task.args) ? task.args.filter((a): a is string => typeof a === 'string') : [])].join(' ');
  },
};

export const VSCODE_TOOLS: ToolTable = {
  ...CLAUDE_TOOLS,
  create_file: writeTool(['filePath'], ['content']),
  replace_string_in_file: replaceTool(['filePath'], 'oldString', 'newString'),
  multi_replace_string_in_file: multiReplace,
  // It sends a fragment the editor merges: the result cannot be computed, so it is gated by its path.
  insert_edit_into_file: fragmentTool('edit', ['filePath']),
  editFiles: fragmentTool('edit', ['files', 'filePath']),
  apply_patch: patchTool(['input', 'patch']),
  edit_notebook_file: pathTool('notebook', ['filePath']),
  run_in_terminal: shellTool(['command']),
  send_to_terminal: shellTool(['command', 'text']),
  create_and_run_task: taskTool,
  create_directory: OTHER,
  read_file: READ,
  list_dir: READ,
  file_search: READ,
  grep_search: READ,
  semantic_search: READ,
  list_code_usages: READ,
  get_errors: READ,
  get_changed_files: READ,
  fetch_webpage: READ,
  test_search: READ,
  view_image: READ,
  get_terminal_output: READ,
  terminal_selection: READ,
  terminal_last_command: READ,
  get_task_output: READ,
  get_vscode_api: READ,
  get_project_setup_info: READ,
  github_repo: READ,
  read_notebook_cell_output: READ,
  manage_todo_list: OTHER,
  think: OTHER,
  runTests: OTHER,
  run_task: OTHER,
  kill_terminal: OTHER,
  run_vscode_command: OTHER,
  install_extension: OTHER,
  open_simple_browser: OTHER,
  memory: OTHER,
};

const EVENTS = { PreToolUse: 'pre', PostToolUse: 'post', Stop: 'stop', SubagentStop: 'stop' } as const;

const json = (doc: unknown): HookOutput => ({ stdout: JSON.stringify(doc), stderr: '', exitCode: 0 });

/**
 * The Stop block is sent both at the top level (Claude Code's form) and nested in hookSpecificOutput (the
 * form the table names): which one VS Code reads is not confirmed, and a block it ignores is a gate
 * left open.
 */
function render(decision: HookDecision): HookOutput {
  switch (decision.kind) {
    case 'allow':
      return SILENT;
    case 'deny':
      return json(claudeDeny(decision.reason));
    case 'continue':
      return json({ decision: 'block', reason: decision.reason, hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: decision.reason } });
    case 'note':
      return json({ systemMessage: decision.message });
  }
}

export const adapter: AgentAdapter = {
  name: 'vscode',
  parse: (payload) => parseClaudeShaped('vscode', payload, VSCODE_TOOLS, EVENTS),
  render,
};
