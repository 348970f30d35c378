// The one internal event every agent's hook payload is parsed into, the kernel's decision, and the answer
// rendered back in the agent's own contract. Adapters (one module per agent) translate; the kernel decides.

export const AGENT_NAMES = ['claude-code', 'codex', 'copilot', 'vscode', 'cursor', 'qwen', 'gemini', 'cline', 'windsurf', 'opencode'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export function isAgentName(value: unknown): value is AgentName {
  return typeof value === 'string' && (AGENT_NAMES as readonly string[]).includes(value);
}

/** Where `tdd-kernel init <agent>` installs the hooks (Copilot CLI and VS Code share one file). */
export const HOOK_CONFIG_FILES: Readonly<Record<AgentName, string>> = {
  'claude-code': '.claude/settings.json',
  codex: '.codex/hooks.json',
  copilot: '.github/hooks/tdd-kernel.json',
  vscode: '.github/hooks/tdd-kernel.json',
  cursor: '.cursor/hooks.json',
  qwen: '.qwen/settings.json',
  gemini: '.gemini/settings.json',
  cline: '.clinerules/hooks/PreToolUse',
  windsurf: '.windsurf/hooks.json',
  opencode: '.opencode/plugins/tdd-kernel.js',
};

/** What a tool call does, as far as the adapter can tell from its name and arguments. */
export type ToolKind = 'write' | 'edit' | 'patch' | 'delete' | 'move' | 'shell' | 'mcp' | 'notebook' | 'other' | 'read';

/**
 * When in the turn the event fires: before a tool runs, after it ran, at the end of the turn, at the
 * start of a user prompt (a turn boundary, for agents without an end-of-turn hook), or anything else.
 */
export type Phase = 'pre' | 'post' | 'stop' | 'prompt' | 'other';

export interface Replacement {
  old: string;
  new: string;
  all?: boolean;
}

/** How the file's content after the edit can be computed from the tool's arguments. */
export type AfterEdit =
  | { content: string }
  | { replace: Replacement[] }
  /** apply_patch hunks, applied to the file itself or, for a moved file, to `source`. */
  | { patch: string[]; source?: string };

/** One file a tool call touches, as the tool names it (absolute, or relative to the event's cwd). */
export interface FileTouch {
  path: string;
  /** The call removes or empties it (a delete, the source of a move). */
  deleted?: boolean;
  after?: AfterEdit;
  /** A write whose result cannot be computed (an MCP write): checked as such on test files. */
  unknown?: boolean;
}

export interface AgentEvent {
  /** The agent whose contract the answer is in (`hook claude-code` may be run by Cursor, Copilot, VS Code). */
  host: AgentName;
  phase: Phase;
  /** The tool's name as the agent sent it ('' for events that are not about a tool). */
  tool: string;
  kind: ToolKind;
  files: FileTouch[];
  /** The shell command of a shell tool: the shared shell reading finds what it writes. */
  command?: string;
  /** The shell tool's own working-directory argument (Gemini's dir_path, Qwen Code's directory, opencode's workdir), as given. */
  shellCwd?: string;
  sessionId: string | null;
  cwd: string | null;
  toolUseId?: string;
  /** A Stop that follows a Stop the hook already blocked (Claude's stop_hook_active, Gemini's too). */
  stopHookActive?: boolean;
  /** Why the adapter could not classify the call: it is refused (fail closed) with this reason. */
  problem?: string;
  /** A variant of the host's payload that changes how it must be answered (e.g. Copilot's VS Code form). */
  dialect?: string;
}

/** The kernel's answer, before it is put in the agent's words. */
export type HookDecision =
  | { kind: 'allow' }
  | { kind: 'deny'; reason: string }
  /** End of turn: keep working, told why. */
  | { kind: 'continue'; reason: string }
  /** End of turn: stop, and tell the user. */
  | { kind: 'note'; message: string };

/** Exactly what the hook process prints and how it exits. */
export interface HookOutput {
  stdout: string;
  stderr: string;
  exitCode: 0 | 2;
}

export interface AgentAdapter {
  readonly name: AgentName;
  /** The payload (already a JSON object) as the internal event; never throws: what it cannot read is a `problem`. */
  parse(payload: Record<string, unknown>): AgentEvent;
  render(decision: HookDecision, event: AgentEvent): HookOutput;
}
