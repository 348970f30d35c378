// GitHub Copilot CLI and the cloud coding agent (documented: github/docs cli-hooks-reference.md).
// camelCase events in .github/hooks/*.json send camelCase payloads with no event name: `{sessionId,
// timestamp, cwd, toolName, toolArgs}` (toolArgs possibly a JSON string); a deny is the flat
// `{"permissionDecision": "deny", "permissionDecisionReason"}` (exit codes never deny); `agentStop` blocks
// with `{"decision": "block", "reason"}`. PascalCase events switch it to VS Code's snake_case payloads.

import { parseClaudeShaped, unreadable } from './claude-shape.js';
import { objectArg, OTHER, patchTool, READ, readTool, replaceTool, shellTool, str, writeTool, type Input, type ToolSpec, type ToolTable } from './tool-table.js';
import type { AgentAdapter, AgentEvent, HookDecision, HookOutput, Phase } from '../types.js';

/** The older editor tool: one name, the operation in `command`. */
const strReplaceEditor: ToolSpec = {
  kind: 'edit',
  files: (input) => {
    const op = str(input, ['command']);
    const path = str(input, ['path']);
    if (op === 'view') return [];
    if (!path) return null;
    if (op === 'create' && typeof input.file_text === 'string') return [{ path, after: { content: input.file_text } }];
    if (op === 'str_replace' && typeof input.old_str === 'string' && typeof input.new_str === 'string') return [{ path, after: { replace: [{ old: input.old_str, new: input.new_str }] } }];
    return [{ path, unknown: true }];
  },
};

export const COPILOT_TOOLS: ToolTable = {
  create: writeTool(['path'], ['file_text', 'content']),
  edit: replaceTool(['path'], 'old_str', 'new_str'),
  str_replace_editor: strReplaceEditor,
  apply_patch: patchTool(['input', 'patch', 'command']),
  bash: shellTool(['command']),
  powershell: shellTool(['command']),
  // Input typed into a running shell session is a command like any other.
  write_bash: shellTool(['input', 'command'], true),
  view: READ,
  glob: READ,
  grep: READ,
  read_bash: READ,
  list_bash: READ,
  stop_bash: OTHER,
  web_fetch: READ,
  task: OTHER,
  ask_user: OTHER,
  report_intent: OTHER,
  update_todo: OTHER,
  think: OTHER,
};

/** A camelCase payload has no event name: the event is known by its fields. */
function camelPhase(payload: Input): Phase | null {
  if ('toolResult' in payload) return 'post';
  if ('toolName' in payload) return 'pre';
  if ('stopReason' in payload) return 'stop';
  if ('source' in payload || 'prompt' in payload || 'reason' in payload || 'error' in payload) return 'other';
  return null;
}

function parse(payload: Input): AgentEvent {
  if (str(payload, ['hook_event_name', 'hookEventName']) !== null) return { ...parseClaudeShaped('copilot', payload, COPILOT_TOOLS), dialect: 'vscode-format' };
  const phase = camelPhase(payload);
  if (phase === null) return unreadable('copilot', 'neither toolName, toolResult nor stopReason');
  const base = { host: 'copilot' as const, phase, tool: '', sessionId: str(payload, ['sessionId']), cwd: str(payload, ['cwd']) };
  if (phase !== 'pre' && phase !== 'post') return { ...base, kind: 'other', files: [] };
  const tool = str(payload, ['toolName']) ?? '';
  return { ...base, tool, ...readTool(COPILOT_TOOLS, tool, objectArg(payload.toolArgs) ?? {}) };
}

/**
 * In its VS Code form Copilot CLI's documentation names only the flat deny; VS Code reads hookSpecificOutput.
 * A payload in that form (possibly from either) gets both, so neither host lets the call through.
 */
function render(decision: HookDecision, event: AgentEvent): HookOutput {
  const json = (doc: unknown): HookOutput => ({ stdout: JSON.stringify(doc), stderr: '', exitCode: 0 });
  if (decision.kind === 'deny') {
    const flat = { permissionDecision: 'deny', permissionDecisionReason: decision.reason };
    if (event.dialect !== 'vscode-format') return json(flat);
    return json({ ...flat, hookSpecificOutput: { hookEventName: 'PreToolUse', ...flat } });
  }
  if (decision.kind === 'continue') return json({ decision: 'block', reason: decision.reason });
  // Copilot documents no message field for agentStop: a note goes to the hook's log (stderr).
  if (decision.kind === 'note') return { stdout: '', stderr: `${decision.message}\n`, exitCode: 0 };
  return { stdout: '', stderr: '', exitCode: 0 };
}

export const adapter: AgentAdapter = { name: 'copilot', parse, render };
