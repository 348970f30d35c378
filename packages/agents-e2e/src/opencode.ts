// opencode (`opencode run`) against a loopback model: a custom provider on OpenAI Chat Completions
// (`@ai-sdk/openai-compatible`, bundled in the binary) given in OPENCODE_CONFIG_CONTENT, every
// permission granted, and each switch for traffic that is not the model off.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstalledAgent } from './ensure-agent.js';
import { baseAgentEnv, runInstalledAgent, type AgentRunResult, type HeadlessRunOptions } from './run-agent.js';

export const OPENCODE_MODEL = 'scripted/scripted-model';

export function opencodeConfig(modelUrl: string): Record<string, unknown> {
  return {
    autoupdate: false,
    share: 'disabled',
    provider: {
      scripted: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted model',
        // Any key: the scripted model checks none. Never a real one.
        options: { baseURL: `${modelUrl}/v1`, apiKey: 'sk-scripted-model-0000' },
        models: { 'scripted-model': { name: 'Scripted model', tool_call: true } },
      },
    },
    model: OPENCODE_MODEL,
    small_model: OPENCODE_MODEL,
    permission: { edit: 'allow', bash: 'allow', external_directory: 'allow' },
  };
}

export const OPENCODE_OFFLINE_ENV = {
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
  OPENCODE_DISABLE_SHARE: '1',
  OPENCODE_DISABLE_CLAUDE_CODE: '1',
  OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
} as const;

/**
 * opencode installs `@opencode-ai/plugin` from the npm registry into every config directory (the
 * project's `.opencode/`, `~/.config/opencode/`) at start-up, unless the directory has a
 * `node_modules/` and a `package-lock.json` that already lists it. The tdd-kernel plugin imports
 * nothing from it, so an empty install is enough to keep the run offline.
 */
export function markPluginDependencyInstalled(configDir: string): void {
  mkdirSync(join(configDir, 'node_modules'), { recursive: true });
  const lock = { lockfileVersion: 3, packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } } };
  writeFileSync(join(configDir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
}

export function opencodeEnv(home: string, modelUrl: string): Record<string, string> {
  return { ...baseAgentEnv(home), ...OPENCODE_OFFLINE_ENV, OPENCODE_CONFIG_CONTENT: JSON.stringify(opencodeConfig(modelUrl)) };
}

/** `run` with JSON events on stdout (each names the session); `--title` spares the title request. */
export function opencodeArgs(prompt: string, options: { sessionId?: string } = {}): string[] {
  const session = options.sessionId === undefined ? [] : ['--session', options.sessionId];
  return ['run', '--format', 'json', '--title', 'scripted run', ...session, prompt];
}

/** Runs opencode in `options.cwd`; `sessionId` continues that session (opencode makes up its ids). */
export function runOpencode(agent: InstalledAgent, options: HeadlessRunOptions): Promise<AgentRunResult> {
  markPluginDependencyInstalled(join(options.cwd, '.opencode'));
  markPluginDependencyInstalled(join(options.home, '.config', 'opencode'));
  return runInstalledAgent(agent, opencodeArgs(options.prompt, options), opencodeEnv(options.home, options.modelUrl), options);
}

/** The session id opencode's JSON events name (`sessionID`), or null. */
export function opencodeSessionId(stdout: string): string | null {
  for (const line of stdout.split('\n')) {
    try {
      const event = JSON.parse(line) as { sessionID?: unknown };
      if (typeof event.sessionID === 'string') return event.sessionID;
    } catch {
      // not an event line
    }
  }
  return null;
}
