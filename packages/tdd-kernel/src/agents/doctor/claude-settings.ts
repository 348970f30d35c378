// The settings files Claude Code reads for a project, in its order of precedence (the local settings
// over the project's over the user's, which live in $CLAUDE_CONFIG_DIR, default ~/.claude). Hooks of
// every file run; for a single value such as `disableAllHooks` or a plugin's `enabledPlugins` entry the
// first file that sets it decides. Managed (policy) settings and `--settings` are not read here.

import os from 'node:os';
import path from 'node:path';
import { readJson } from './read-json.js';

/** Claude Code's configuration directory: $CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string {
  return env.CLAUDE_CONFIG_DIR || path.join(env.HOME || os.homedir(), '.claude');
}

export interface ClaudeSettingsFile {
  /** Absolute. */
  file: string;
  /** How doctor names it: relative to the project for the project's files, absolute for the user's. */
  label: string;
}

/** The local, the project's and the user's settings file, the one that wins first. */
export function claudeSettingsFiles(root: string, env: NodeJS.ProcessEnv): ClaudeSettingsFile[] {
  const inProject = (name: string) => ({ file: path.join(root, '.claude', name), label: path.join('.claude', name) });
  const user = path.join(claudeConfigDir(env), 'settings.json');
  return [inProject('settings.local.json'), inProject('settings.json'), { file: user, label: user }];
}

/** The file whose `disableAllHooks: true` switches every hook off in this project, or null. */
export function hooksDisabledBy(files: readonly ClaudeSettingsFile[]): string | null {
  for (const { file, label } of files) {
    const value = (readJson(file) as { disableAllHooks?: unknown } | null)?.disableAllHooks;
    if (value !== undefined) return value === true ? label : null;
  }
  return null;
}
