// Windsurf Cascade (documented: docs.windsurf.com/windsurf/cascade/hooks; payload field names from a
// third-party summary, not confirmed): one event per action in .windsurf/hooks.json (`pre_write_code` with
// `tool_info.file_path` and `edits`, `pre_run_command` with `tool_info.command_line`); a pre-hook refuses
// with exit 2, its stderr shown to the agent. No end-of-turn hook can refuse.

import { unreadable } from './claude-shape.js';
import { objectArg, readTool, str, type Input, type ToolReading } from './tool-table.js';
import type { AgentAdapter, AgentEvent, FileTouch, HookDecision, HookOutput, Phase } from '../types.js';

const PHASES: Readonly<Record<string, Phase>> = {
  pre_write_code: 'pre',
  pre_run_command: 'pre',
  pre_mcp_tool_use: 'pre',
  pre_read_code: 'pre',
  post_write_code: 'post',
  post_run_command: 'post',
  pre_user_prompt: 'prompt',
};

/** pre_write_code's edits: replacements; a single edit from nothing writes the whole (new) file. */
function writeTouch(info: Input): FileTouch[] | null {
  const path = str(info, ['file_path', 'path']);
  if (path === null) return null;
  const edits = Array.isArray(info.edits) ? info.edits.map(objectArg) : [];
  const rs = edits.map((e) => (e && typeof e.old_string === 'string' && typeof e.new_string === 'string' ? { old: e.old_string, new: e.new_string } : null));
  if (rs.length === 0 || rs.some((r) => r === null)) return [{ path }];
  const replace = rs as Array<{ old: string; new: string }>;
  if (replace.length === 1 && replace[0]!.old === '') return [{ path, after: { content: replace[0]!.new } }];
  return [{ path, after: { replace } }];
}

function reading(action: string, info: Input): { tool: string } & ToolReading {
  if (action.endsWith('_run_command')) {
    const command = str(info, ['command_line', 'command']);
    return command === null ? { tool: 'run_command', kind: 'shell', files: [], problem: 'tdd-kernel: run_command without a command; edit refused' } : { tool: 'run_command', kind: 'shell', files: [], command };
  }
  if (action.endsWith('_write_code')) {
    const files = writeTouch(info);
    return files === null ? { tool: 'write_code', kind: 'edit', files: [], problem: 'tdd-kernel: write_code without a file path; edit refused' } : { tool: 'write_code', kind: 'edit', files };
  }
  if (action === 'pre_mcp_tool_use') {
    const tool = `mcp__${str(info, ['mcp_server_name']) ?? ''}__${str(info, ['mcp_tool_name']) ?? ''}`;
    return { tool, ...readTool({}, tool, objectArg(info.mcp_tool_arguments) ?? {}) };
  }
  if (action === 'pre_read_code' || action === 'post_read_code') return { tool: 'read_code', kind: 'read', files: [] };
  // An action this adapter does not know: refused when it names a file or a command (fail closed).
  return { tool: action, ...readTool({}, action, info) };
}

function parse(payload: Input): AgentEvent {
  const action = str(payload, ['agent_action_name']);
  if (action === null) return unreadable('windsurf', 'no agent_action_name');
  const phase = Object.hasOwn(PHASES, action) ? PHASES[action]! : action.startsWith('pre_') ? 'pre' : 'other';
  const info = objectArg(payload.tool_info) ?? {};
  const base = { host: 'windsurf' as const, phase, sessionId: str(payload, ['trajectory_id']), cwd: str(info, ['cwd']) };
  if (phase !== 'pre' && phase !== 'post') return { ...base, tool: '', kind: 'other', files: [] };
  return { ...base, ...reading(action, info) };
}

/** Exit 2 refuses, with the reason on stderr (the agent sees it); stdout carries nothing. */
function render(decision: HookDecision): HookOutput {
  if (decision.kind === 'deny') return { stdout: '', stderr: `${decision.reason}\n`, exitCode: 2 };
  const message = decision.kind === 'continue' ? decision.reason : decision.kind === 'note' ? decision.message : '';
  return { stdout: '', stderr: message ? `${message}\n` : '', exitCode: 0 };
}

export const adapter: AgentAdapter = { name: 'windsurf', parse, render };
