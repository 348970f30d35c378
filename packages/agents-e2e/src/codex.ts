// Codex (`codex exec`) against a loopback model. OPENAI_BASE_URL is ignored, so the model is a
// custom provider in CODEX_HOME/config.toml; every feature that reaches the network by itself
// (plugin marketplace sync, apps, model discovery, update checks, web search, analytics) is off.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseAgentEnv, runAgent, type AgentRunResult } from './run-agent.js';

/**
 * How the model reaches the tools, which the model's catalog entry decides: `direct` models
 * (gpt-5.5) get `apply_patch` (freeform) and `exec_command` (JSON) as tools of their own; `code`
 * models (gpt-5.6-*, tool_mode code_mode_only) get one freeform `exec` tool whose JavaScript calls
 * `tools.apply_patch(patch)` and `tools.exec_command({ cmd })`. Hooks see the same payloads.
 */
export type CodexToolMode = 'direct' | 'code';

export const CODEX_MODELS: Record<CodexToolMode, string> = { direct: 'gpt-5.5', code: 'gpt-5.6-terra' };

/** The environment variable the custom provider reads its key from. */
const KEY_VARIABLE = 'ADLC_SCRIPTED_MODEL_KEY';

export interface CodexRunOptions {
  cwd: string;
  prompt: string;
  modelUrl: string;
  /** An empty directory for HOME; CODEX_HOME is `<home>/.codex`. */
  home: string;
  mode: CodexToolMode;
  /**
   * Repo hooks run only when the hook is trusted too; `--dangerously-bypass-hook-trust` trusts
   * them for this run (default true). Without it, untrusted hooks are skipped silently.
   */
  bypassHookTrust?: boolean;
  /** More config.toml text (e.g. `hookTrustToml(...)`), appended to the generated config. */
  extraConfig?: string;
  /** Variables added to (or replacing) the agent's environment. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** A TOML basic string (JSON's escaping is valid TOML for these values). */
const tomlString = (value: string) => JSON.stringify(value);

export function codexConfigToml(options: { modelUrl: string; model: string; trustedProject: string }): string {
  return [
    `model = ${tomlString(options.model)}`,
    'model_provider = "scripted"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
    '',
    '[features]',
    'plugins = false',
    'remote_plugin = false',
    'plugin_sharing = false',
    'apps = false',
    'api_key_model_discovery = false',
    'tool_suggest = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = ${tomlString(`${options.modelUrl}/v1`)}`,
    `env_key = ${tomlString(KEY_VARIABLE)}`,
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    // Project-level config and hooks (.codex/) load only in a trusted project.
    `[projects.${tomlString(options.trustedProject)}]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
}

export function codexArgs(prompt: string, bypassHookTrust: boolean): string[] {
  return ['exec', ...(bypassHookTrust ? ['--dangerously-bypass-hook-trust'] : []), '--color', 'never', prompt];
}

/** Writes `<home>/.codex/config.toml` for a run against the scripted model; returns CODEX_HOME. */
export function prepareCodexHome(options: Pick<CodexRunOptions, 'home' | 'cwd' | 'modelUrl' | 'mode' | 'extraConfig'>): string {
  const codexHome = join(options.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  const config = codexConfigToml({ modelUrl: options.modelUrl, model: CODEX_MODELS[options.mode], trustedProject: options.cwd });
  writeFileSync(join(codexHome, 'config.toml'), `${config}${options.extraConfig ?? ''}`);
  return codexHome;
}

/** The environment `codex` runs with: CODEX_HOME under the empty HOME, and the scripted model's key. */
export function codexEnv(home: string): Record<string, string> {
  return { ...baseAgentEnv(home), CODEX_HOME: join(home, '.codex'), [KEY_VARIABLE]: 'sk-scripted-model-0000' };
}

export function runCodex(binary: string, options: CodexRunOptions): Promise<AgentRunResult> {
  prepareCodexHome(options);
  return runAgent(binary, codexArgs(options.prompt, options.bypassHookTrust ?? true), {
    cwd: options.cwd,
    env: { ...codexEnv(options.home), ...options.env },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
