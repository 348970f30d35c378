// Claude Code (verified with the 2.1.330 binary, see agents-e2e/CONTRACTS.md): PreToolUse on Write, Edit,
// MultiEdit, NotebookEdit, Bash and mcp__* tools; a deny as hookSpecificOutput; Stop + decision block.

import { parseClaudeShaped, renderClaudeStyle } from './claude-shape.js';
import { multiReplaceTool, OTHER, pathTool, READ, replaceTool, shellTool, writeTool, type ToolTable } from './tool-table.js';
import type { AgentAdapter } from '../types.js';

export const CLAUDE_TOOLS: ToolTable = {
  Write: writeTool(['file_path'], ['content']),
  Edit: replaceTool(['file_path'], 'old_string', 'new_string', 'replace_all'),
  MultiEdit: multiReplaceTool(['file_path'], 'edits', 'old_string', 'new_string', 'replace_all'),
  NotebookEdit: pathTool('notebook', ['notebook_path', 'file_path']),
  Bash: shellTool(['command']),
  Read: READ,
  NotebookRead: READ,
  Glob: READ,
  Grep: READ,
  LS: READ,
  WebFetch: READ,
  WebSearch: READ,
  BashOutput: READ,
  KillShell: OTHER,
  KillBash: OTHER,
  TodoWrite: OTHER,
  Task: OTHER,
  Agent: OTHER,
  ListAgents: READ,
  ToolSearch: READ,
  Skill: OTHER,
  ExitPlanMode: OTHER,
  EnterPlanMode: OTHER,
  AskUserQuestion: OTHER,
};

export const adapter: AgentAdapter = {
  name: 'claude-code',
  parse: (payload) => parseClaudeShaped('claude-code', payload, CLAUDE_TOOLS),
  render: renderClaudeStyle,
};
