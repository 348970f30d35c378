// Gemini CLI headless (`-p`) against a loopback model: the Gemini API at GOOGLE_GEMINI_BASE_URL with
// an API key, every update check and usage report off in the user settings, and the workspace trusted
// through GEMINI_CLI_TRUST_WORKSPACE (its `--skip-trust` flag drops the project's settings, hooks
// included).

import type { InstalledAgent } from './ensure-agent.js';
import { baseAgentEnv, runInstalledAgent, writeUserSettings, type AgentRunResult, type HeadlessRunOptions } from './run-agent.js';

/** A model name the CLI knows, so no request goes to a model router first. */
export const GEMINI_MODEL = 'gemini-2.5-pro';

/** `~/.gemini/settings.json`: API-key auth, no telemetry, no usage statistics, no update check. */
export const GEMINI_USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
} as const;

export function geminiEnv(home: string, modelUrl: string): Record<string, string> {
  return {
    ...baseAgentEnv(home),
    GOOGLE_GEMINI_BASE_URL: modelUrl,
    // Any value: the scripted model checks no key. Never a real one.
    GEMINI_API_KEY: 'scripted-model-key-0000',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    // One process: no relaunch of itself with a larger heap.
    GEMINI_CLI_NO_RELAUNCH: 'true',
  };
}

/** `-p` with every tool approved (`yolo`), so no confirmation can stall the run. */
export function geminiArgs(prompt: string, options: { sessionId?: string } = {}): string[] {
  const session = options.sessionId === undefined ? [] : ['--session-id', options.sessionId];
  return ['-p', prompt, '--approval-mode', 'yolo', '--output-format', 'json', '-m', GEMINI_MODEL, ...session];
}

export function runGemini(agent: InstalledAgent, options: HeadlessRunOptions): Promise<AgentRunResult> {
  writeUserSettings(options.home, '.gemini/settings.json', GEMINI_USER_SETTINGS);
  return runInstalledAgent(agent, geminiArgs(options.prompt, options), geminiEnv(options.home, options.modelUrl), options);
}
