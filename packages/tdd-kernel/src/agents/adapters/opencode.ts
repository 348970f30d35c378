// opencode (documented: opencode.ai/docs/plugins): no hook commands, a plugin. `tdd-kernel init opencode`
// writes .opencode/plugins/tdd-kernel.js, which sends this hook `{hook_event_name: "tool.execute.before" |
// "tool.execute.after" | "session.idle", session_id, tool, args, cwd}` and throws (refusing the tool call)
// when the answer is `{"decision": "deny", "reason"}`. No end-of-turn hook can refuse.

import { unreadable } from './claude-shape.js';
import { multiReplaceTool, OTHER, patchTool, READ, readTool, replaceTool, shellTool, str, writeTool, type Input, type ToolTable } from './tool-table.js';
import type { AgentAdapter, AgentEvent, HookDecision, HookOutput, Phase } from '../types.js';

const TOOLS: ToolTable = {
  write: writeTool(['filePath', 'file_path'], ['content']),
  edit: replaceTool(['filePath', 'file_path'], 'oldString', 'newString', 'replaceAll'),
  multiedit: multiReplaceTool(['filePath', 'file_path'], 'edits', 'oldString', 'newString', 'replaceAll'),
  patch: patchTool(['patchText', 'patch', 'input']),
  apply_patch: patchTool(['patchText', 'patch', 'input']),
  bash: shellTool(['command']),
  read: READ,
  glob: READ,
  grep: READ,
  list: READ,
  webfetch: READ,
  websearch: READ,
  codesearch: READ,
  lsp: READ,
  todowrite: OTHER,
  todoread: READ,
  task: OTHER,
  skill: OTHER,
  question: OTHER,
};

const PHASES: Readonly<Record<string, Phase>> = { 'tool.execute.before': 'pre', 'tool.execute.after': 'post', 'session.idle': 'prompt' };

function parse(payload: Input): AgentEvent {
  const name = str(payload, ['hook_event_name']);
  if (name === null) return unreadable('opencode', 'no hook_event_name');
  const phase = Object.hasOwn(PHASES, name) ? PHASES[name]! : 'other';
  const base = { host: 'opencode' as const, phase, sessionId: str(payload, ['session_id']), cwd: str(payload, ['cwd']), ...(str(payload, ['call_id']) ? { toolUseId: str(payload, ['call_id'])! } : {}) };
  if (phase !== 'pre' && phase !== 'post') return { ...base, tool: '', kind: 'other', files: [] };
  const tool = str(payload, ['tool']) ?? '';
  return { ...base, tool, ...readTool(TOOLS, tool, payload.args) };
}

function render(decision: HookDecision): HookOutput {
  if (decision.kind === 'deny') return { stdout: JSON.stringify({ decision: 'deny', reason: decision.reason }), stderr: '', exitCode: 0 };
  const message = decision.kind === 'continue' ? decision.reason : decision.kind === 'note' ? decision.message : '';
  return { stdout: '', stderr: message ? `${message}\n` : '', exitCode: 0 };
}

export const adapter: AgentAdapter = { name: 'opencode', parse, render };
