// Codex CLI (verified with the 0.169.0 binary, see agents-e2e/CONTRACTS.md): Claude Code's payload and
// answers; edits arrive as `apply_patch` with the patch text in `tool_input.command`, shell as `Bash`.

import { parseClaudeShaped, renderClaudeStyle } from './claude-shape.js';
import { OTHER, patchTool, READ, shellTool, type ToolTable } from './tool-table.js';
import type { AgentAdapter } from '../types.js';

const TOOLS: ToolTable = {
  apply_patch: patchTool(['command', 'input', 'patch']),
  Bash: shellTool(['command']),
  // Names other Codex versions give their shell tool; an argv is read as the script it runs.
  exec_command: shellTool(['cmd', 'command']),
  shell: shellTool(['command', 'cmd']),
  local_shell: shellTool(['command', 'cmd']),
  write_stdin: shellTool(['chars', 'input'], true),
  view_image: READ,
  web_search: READ,
  tool_search: READ,
  update_plan: OTHER,
};

export const adapter: AgentAdapter = {
  name: 'codex',
  parse: (payload) => parseClaudeShaped('codex', payload, TOOLS),
  render: renderClaudeStyle,
};
