// Claude Code headless (`-p`) against a loopback model: the environment that keeps it offline
// and the flags that let it edit and run Bash without a person to ask.

import { baseAgentEnv, runAgent, type AgentRunResult, type HeadlessRunOptions } from './run-agent.js';

/** `sessionId` is a UUID (`--session-id`), so a test can act in the session before it starts. */
export type ClaudeCodeRunOptions = HeadlessRunOptions;

/** Every switch Claude Code has for traffic that is not the model: off. */
export const CLAUDE_CODE_OFFLINE_ENV = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_BUG_COMMAND: '1',
  CLAUDE_CODE_ENABLE_TELEMETRY: '0',
} as const;

export function claudeCodeEnv(home: string, modelUrl: string): Record<string, string> {
  return {
    ...baseAgentEnv(home),
    ...CLAUDE_CODE_OFFLINE_ENV,
    ANTHROPIC_BASE_URL: modelUrl,
    // Any value: the scripted model checks no key. Never a real one.
    ANTHROPIC_API_KEY: 'sk-ant-scripted-model-0000',
  };
}

/** `-p` with edits accepted and Bash allowed, so no permission prompt can stall the run. */
export function claudeCodeArgs(prompt: string, options: { sessionId?: string } = {}): string[] {
  const session = options.sessionId === undefined ? [] : ['--session-id', options.sessionId];
  return ['-p', prompt, '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash', '--output-format', 'json', ...session];
}

export function runClaudeCode(binary: string, options: ClaudeCodeRunOptions): Promise<AgentRunResult> {
  return runAgent(binary, claudeCodeArgs(options.prompt, options), {
    cwd: options.cwd,
    env: { ...claudeCodeEnv(options.home, options.modelUrl), ...options.env },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
