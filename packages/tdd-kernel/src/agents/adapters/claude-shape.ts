// Claude Code's hook payload and answers, which Codex, Qwen Code, VS Code (and Copilot CLI in its VS Code
// form) share: `hook_event_name`, `session_id`, `cwd`, `tool_name`, `tool_input`, `tool_use_id`; a deny as
// `hookSpecificOutput.permissionDecision`, a Stop block as `{"decision": "block", "reason"}`.

import { readTool, str, type Input, type ToolTable } from './tool-table.js';
import type { AgentEvent, AgentName, HookDecision, HookOutput, Phase } from '../types.js';

/** The event names of Claude Code (PreToolUse, PostToolUse, Stop, SubagentStop); others only name the session. */
export const CLAUDE_EVENTS: Readonly<Record<string, Phase>> = { PreToolUse: 'pre', PostToolUse: 'post', Stop: 'stop', SubagentStop: 'stop' };

export function unreadable(host: AgentName, why: string): AgentEvent {
  return { host, phase: 'pre', tool: '', kind: 'other', files: [], sessionId: null, cwd: null, problem: `tdd-kernel: could not read the hook event on stdin (${why}); edit refused` };
}

/** A payload with `hook_event_name` (or VS Code's `hookEventName`) read with the agent's tool table. */
export function parseClaudeShaped(host: AgentName, payload: Input, table: ToolTable, events: Readonly<Record<string, Phase>> = CLAUDE_EVENTS): AgentEvent {
  const name = str(payload, ['hook_event_name', 'hookEventName']);
  if (name === null) return unreadable(host, 'no hook_event_name');
  const phase = Object.hasOwn(events, name) ? events[name]! : 'other';
  const base = {
    host,
    phase,
    tool: '',
    sessionId: str(payload, ['session_id', 'sessionId']),
    cwd: str(payload, ['cwd']),
    ...(str(payload, ['tool_use_id']) ? { toolUseId: str(payload, ['tool_use_id'])! } : {}),
  };
  if (phase === 'stop') return { ...base, kind: 'other', files: [], stopHookActive: payload.stop_hook_active === true };
  if (phase !== 'pre' && phase !== 'post') return { ...base, kind: 'other', files: [] };
  const tool = str(payload, ['tool_name']) ?? '';
  return { ...base, tool, ...readTool(table, tool, payload.tool_input) };
}

export function claudeDeny(reason: string, eventName = 'PreToolUse'): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: eventName, permissionDecision: 'deny', permissionDecisionReason: reason } };
}

const out = (doc: unknown): HookOutput => ({ stdout: JSON.stringify(doc), stderr: '', exitCode: 0 });
export const SILENT: HookOutput = { stdout: '', stderr: '', exitCode: 0 };

/** Claude Code's answers; exit 0 always (Claude lets an edit through on any exit but 0 and 2, and on a timeout). */
export function renderClaudeStyle(decision: HookDecision): HookOutput {
  switch (decision.kind) {
    case 'allow':
      return SILENT;
    case 'deny':
      return out(claudeDeny(decision.reason));
    case 'continue':
      return out({ decision: 'block', reason: decision.reason });
    case 'note':
      return out({ systemMessage: decision.message });
  }
}
