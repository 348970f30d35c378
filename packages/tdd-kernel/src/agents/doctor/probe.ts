// The self-test of `doctor --agent`: a synthetic edit the kernel always refuses (its own directory is out
// of the agent's reach, whatever the claims, mode or refactor state), in each agent's payload shape, and
// what each agent's contract counts as a refusal. No session id: the probe must not become the session.

import type { AgentName } from '../types.js';

export const PROBE_FILE = '.tdd-kernel/doctor-probe.txt';
const CONTENT = 'doctor probe\n';

export function probePayload(agent: AgentName, root: string): Record<string, unknown> {
  const abs = `${root}/${PROBE_FILE}`;
  const claudeLike = (tool_name: string, tool_input: Record<string, unknown>, hook_event_name = 'PreToolUse') => ({ hook_event_name, cwd: root, tool_name, tool_input });
  switch (agent) {
    case 'claude-code':
      return claudeLike('Write', { file_path: abs, content: CONTENT });
    case 'codex':
      return claudeLike('apply_patch', { command: `*** Begin Patch\n*** Add File: ${PROBE_FILE}\n+doctor probe\n*** End Patch\n` });
    case 'qwen':
      return claudeLike('write_file', { file_path: abs, content: CONTENT });
    case 'gemini':
      return { ...claudeLike('write_file', { file_path: abs, content: CONTENT }, 'BeforeTool'), timestamp: new Date().toISOString() };
    case 'vscode':
      return { ...claudeLike('create_file', { filePath: abs, content: CONTENT }), timestamp: new Date().toISOString() };
    case 'copilot':
      return { timestamp: Date.now(), cwd: root, toolName: 'create', toolArgs: JSON.stringify({ path: abs, file_text: CONTENT }) };
    case 'cursor':
      return { hook_event_name: 'preToolUse', workspace_roots: [root], tool_name: 'Write', tool_input: { file_path: abs, contents: CONTENT } };
    case 'cline':
      return { hookName: 'PreToolUse', timestamp: String(Date.now()), workspaceRoots: [root], preToolUse: { toolName: 'write_to_file', parameters: { path: PROBE_FILE, content: CONTENT } } };
    case 'windsurf':
      return { agent_action_name: 'pre_write_code', timestamp: new Date().toISOString(), tool_info: { file_path: abs, edits: [{ old_string: '', new_string: CONTENT }] } };
    case 'opencode':
      return { tool: 'write', args: { filePath: abs, content: CONTENT } };
  }
}

export interface ProbeAnswer {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** opencode: the plugin threw (its refusal). */
  threw?: string;
}

function json(stdout: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(stdout.trim());
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Null when the answer refuses the edit in the agent's contract; else what the agent would do instead. */
export function refusalProblem(agent: AgentName, a: ProbeAnswer): string | null {
  const doc = a.exitCode === 0 ? json(a.stdout) : null;
  const shown = `exit ${a.exitCode ?? 'none (killed or timed out)'}, stdout ${a.stdout.trim() === '' ? 'empty' : JSON.stringify(a.stdout.trim().slice(0, 200))}`;
  const nested = (doc?.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecision === 'deny';
  let refused: boolean;
  switch (agent) {
    case 'claude-code':
    case 'codex':
    case 'qwen':
    case 'vscode':
      refused = a.exitCode === 2 || nested;
      break;
    case 'copilot':
      refused = doc?.permissionDecision === 'deny' && typeof doc.permissionDecisionReason === 'string';
      break;
    case 'cursor':
      refused = a.exitCode === 2 || doc?.permission === 'deny';
      break;
    case 'gemini':
      refused = a.exitCode === 2 || doc?.decision === 'deny' || doc?.decision === 'block';
      break;
    case 'cline':
      refused = doc?.cancel === true;
      break;
    case 'windsurf':
      refused = a.exitCode === 2;
      break;
    case 'opencode':
      refused = a.threw !== undefined;
      break;
  }
  return refused ? null : `the hook answered ${shown}, which ${agent} reads as allowed: the edit of ${PROBE_FILE} would have gone through`;
}
