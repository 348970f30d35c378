// Where and how `tdd-kernel init <agent>` installs the hooks: one row per agent, read by the installer
// (install.ts) and by `doctor --agent` (which runs the installed pre-edit command). Timeouts: short where
// the agent lets a call through on a timeout (the gate answers in well under a second), long for the
// end-of-turn flush, which runs the tests.

import type { AgentName } from '../types.js';

/** Claude Code's matcher (as `init claude-code` has always written it). */
export const EDIT_MATCHER = 'Edit|Write|MultiEdit|NotebookEdit|Bash|mcp__.*';
/** Seconds: the pre-edit gate, the post-edit confirmation, the end-of-turn flush. */
export const PRE_TIMEOUT_S = 30;
export const POST_TIMEOUT_S = 10;
export const STOP_TIMEOUT_S = 900;

export interface HookEntrySpec {
  event: string;
  matcher?: string;
  timeoutS?: number;
  /** Cursor: refuse the call when the hook itself fails (crash, timeout) instead of letting it through. */
  failClosed?: boolean;
  /** The event that gates edits: the one `doctor --agent` probes. */
  gate?: boolean;
}

export type InstallSpec =
  /** `hooks.<Event>: [{matcher, hooks: [{type: "command", command, timeout}]}]` (Claude Code's shape). */
  | { format: 'matcher-groups'; file: string; entries: HookEntrySpec[]; timeoutUnit: 's' | 'ms'; handler?: Record<string, unknown> }
  /** `hooks.<event>: [{command | bash, timeout…}]`, optionally with `"version": 1`. */
  | { format: 'flat'; file: string; entries: HookEntrySpec[]; commandField: 'command' | 'bash'; timeoutField?: 'timeout' | 'timeoutSec'; version?: number; handler?: Record<string, unknown> }
  /** One executable per event, named after it (Cline). */
  | { format: 'executables'; dir: string; entries: HookEntrySpec[] }
  /** A plugin module that calls the hook (opencode). */
  | { format: 'plugin'; file: string; entries: HookEntrySpec[] };

const claudeLike = (pre: string, post: string, stop: string, matcher: string): HookEntrySpec[] => [
  { event: pre, matcher, timeoutS: PRE_TIMEOUT_S, gate: true },
  { event: post, matcher, timeoutS: POST_TIMEOUT_S },
  { event: stop, timeoutS: STOP_TIMEOUT_S },
];

export const INSTALL: Readonly<Record<AgentName, InstallSpec>> = {
  'claude-code': { format: 'matcher-groups', file: '.claude/settings.json', entries: claudeLike('PreToolUse', 'PostToolUse', 'Stop', EDIT_MATCHER), timeoutUnit: 's' },
  // Codex's tool names are few and verified, but `*` (also verified) keeps an unknown write tool from slipping by.
  codex: { format: 'matcher-groups', file: '.codex/hooks.json', entries: claudeLike('PreToolUse', 'PostToolUse', 'Stop', '*'), timeoutUnit: 's' },
  qwen: { format: 'matcher-groups', file: '.qwen/settings.json', entries: claudeLike('PreToolUse', 'PostToolUse', 'Stop', '.*'), timeoutUnit: 'ms' },
  gemini: { format: 'matcher-groups', file: '.gemini/settings.json', entries: claudeLike('BeforeTool', 'AfterTool', 'AfterAgent', '.*'), timeoutUnit: 'ms', handler: { name: 'tdd-kernel' } },
  // Copilot CLI and VS Code share .github/hooks/: Copilot's camelCase events (which VS Code ignores), VS Code's PascalCase ones.
  copilot: { format: 'flat', file: '.github/hooks/tdd-kernel.json', entries: claudeLike('preToolUse', 'postToolUse', 'agentStop', ''), commandField: 'bash', timeoutField: 'timeoutSec', version: 1, handler: { type: 'command' } },
  vscode: { format: 'flat', file: '.github/hooks/tdd-kernel.json', entries: claudeLike('PreToolUse', 'PostToolUse', 'Stop', ''), commandField: 'command', timeoutField: 'timeout', version: 1, handler: { type: 'command' } },
  cursor: {
    format: 'flat',
    file: '.cursor/hooks.json',
    entries: [
      { event: 'preToolUse', timeoutS: PRE_TIMEOUT_S, failClosed: true, gate: true },
      { event: 'beforeShellExecution', timeoutS: PRE_TIMEOUT_S, failClosed: true },
      { event: 'afterFileEdit', timeoutS: POST_TIMEOUT_S },
      { event: 'afterShellExecution', timeoutS: POST_TIMEOUT_S },
      { event: 'stop', timeoutS: STOP_TIMEOUT_S },
    ],
    commandField: 'command',
    timeoutField: 'timeout',
    version: 1,
  },
  windsurf: {
    format: 'flat',
    file: '.windsurf/hooks.json',
    entries: [{ event: 'pre_write_code', gate: true }, { event: 'pre_run_command' }, { event: 'pre_mcp_tool_use' }, { event: 'post_write_code' }, { event: 'post_run_command' }, { event: 'pre_user_prompt' }],
    commandField: 'command',
    handler: { show_output: true },
  },
  cline: { format: 'executables', dir: '.clinerules/hooks', entries: [{ event: 'PreToolUse', gate: true }, { event: 'PostToolUse' }, { event: 'UserPromptSubmit' }, { event: 'TaskResume' }] },
  opencode: { format: 'plugin', file: '.opencode/plugins/tdd-kernel.js', entries: [{ event: 'tool.execute.before', timeoutS: PRE_TIMEOUT_S, gate: true }, { event: 'tool.execute.after', timeoutS: POST_TIMEOUT_S }, { event: 'session.idle', timeoutS: POST_TIMEOUT_S }] },
};

/** The file `init` writes (for Cline: the gate's executable). */
export function configFile(spec: InstallSpec): string {
  return spec.format === 'executables' ? `${spec.dir}/${spec.entries.find((e) => e.gate)!.event}` : spec.file;
}

/** A hook command that runs `tdd-kernel hook <agent>`, however the command is spelled. */
export function isKernelCommand(command: unknown, agent: AgentName): boolean {
  if (typeof command !== 'string') return false;
  const name = agent.replace(/[-]/g, '\\-');
  return new RegExp(`(?:tdd-kernel\\b.*|cli\\.c?js["']?\\s+)\\bhook\\s+${name}(?![\\w-])`).test(command);
}
