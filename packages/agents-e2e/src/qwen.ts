// Qwen Code headless (`-p`) against a loopback model: OpenAI Chat Completions at OPENAI_BASE_URL, run
// by the Node 22 installed beside it, with usage statistics, telemetry and update checks off in the
// user settings. Folder trust is off by default, so the project's hooks run.

import type { InstalledAgent } from './ensure-agent.js';
import { baseAgentEnv, runInstalledAgent, writeUserSettings, type AgentRunResult, type HeadlessRunOptions } from './run-agent.js';

export const QWEN_MODEL = 'qwen3-coder-plus';

/** `~/.qwen/settings.json`: OpenAI-compatible auth, no telemetry, no usage statistics, no update check. */
export const QWEN_USER_SETTINGS = {
  security: { auth: { selectedType: 'openai' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
} as const;

export function qwenEnv(home: string, modelUrl: string): Record<string, string> {
  return {
    ...baseAgentEnv(home),
    OPENAI_BASE_URL: `${modelUrl}/v1`,
    // Any value: the scripted model checks no key. Never a real one.
    OPENAI_API_KEY: 'sk-scripted-model-0000',
    OPENAI_MODEL: QWEN_MODEL,
    QWEN_CODE_NO_RELAUNCH: 'true',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
  };
}

/** `-p` with every tool approved (`yolo`), so no confirmation can stall the run. */
export function qwenArgs(prompt: string, options: { sessionId?: string } = {}): string[] {
  const session = options.sessionId === undefined ? [] : ['--session-id', options.sessionId];
  return ['-p', prompt, '--approval-mode', 'yolo', '--output-format', 'json', ...session];
}

export function runQwen(agent: InstalledAgent, options: HeadlessRunOptions): Promise<AgentRunResult> {
  writeUserSettings(options.home, '.qwen/settings.json', QWEN_USER_SETTINGS);
  return runInstalledAgent(agent, qwenArgs(options.prompt, options), qwenEnv(options.home, options.modelUrl), options);
}
