// Where Claude Code keeps tdd-kernel when it is installed as a plugin (`claude plugin install
// tdd-kernel@<marketplace>`), for `doctor --agent claude-code`: the install records in
// <config dir>/plugins/installed_plugins.json, whether the plugin is on in this project (`enabledPlugins`
// of the user's, the project's and the local settings, the later winning), and the directory Claude Code
// runs it from. The file layout is what the Claude Code 2.1.330 binary writes (packages/agents-e2e).

import path from 'node:path';
import { z } from 'zod';
import { realpath } from '../../project/paths.js';
import { claudeConfigDir, claudeSettingsFiles } from './claude-settings.js';
import { readJson } from './read-json.js';

export const PLUGIN_NAME = 'tdd-kernel';

export interface ClaudePlugin {
  /** `tdd-kernel@<marketplace>`. */
  id: string;
  /** user, project or local: the install record that applies to this project. */
  scope: string;
  version: string;
  /** What Claude Code sets CLAUDE_PLUGIN_ROOT to: the plugin's directory in a directory marketplace, else its installed copy. */
  root: string;
  enabled: boolean;
  /** The settings file that decides `enabled` (null: no settings file names the plugin, so it is off). */
  enabledBy: string | null;
}

const InstallRecord = z.object({ scope: z.string(), installPath: z.string(), version: z.string(), projectPath: z.string().optional() });
const InstalledPlugins = z.object({ plugins: z.record(z.string(), z.array(z.unknown())) });
const KnownMarketplaces = z.record(z.string(), z.object({ source: z.object({ source: z.string() }).passthrough(), installLocation: z.string() }).passthrough());
const Marketplace = z.object({ plugins: z.array(z.object({ name: z.string(), source: z.unknown() }).passthrough()) });
const Settings = z.object({ enabledPlugins: z.record(z.string(), z.unknown()).optional() });

/**
 * The tdd-kernel plugin as Claude Code would load it in the project at `root`, or null when no install
 * record applies there. With several (another marketplace, another scope) an enabled one wins, then the
 * most specific scope.
 */
export function findClaudePlugin(root: string, env: NodeJS.ProcessEnv): ClaudePlugin | null {
  const configDir = claudeConfigDir(env);
  const installed = InstalledPlugins.safeParse(readJson(path.join(configDir, 'plugins', 'installed_plugins.json')));
  if (!installed.success) return null;
  const here = realpath(root);
  const found: ClaudePlugin[] = [];
  for (const [id, records] of Object.entries(installed.data.plugins)) {
    if (id.split('@')[0] !== PLUGIN_NAME) continue;
    for (const raw of records) {
      const record = InstallRecord.safeParse(raw);
      if (!record.success) continue;
      const { scope, installPath, version, projectPath } = record.data;
      // A user install applies everywhere; a project or local one only in its own project.
      if (projectPath !== undefined && realpath(projectPath) !== here) continue;
      const switchedBy = enabledIn(id, root, env);
      found.push({ id, scope, version, root: pluginRoot(id, installPath, configDir), enabled: switchedBy?.enabled ?? false, enabledBy: switchedBy?.file ?? null });
    }
  }
  const rank = (p: ClaudePlugin) => (p.enabled ? 10 : 0) + ['user', 'project', 'local'].indexOf(p.scope);
  return found.sort((a, b) => rank(b) - rank(a))[0] ?? null;
}

/** The last word on `id` in `enabledPlugins`: the local settings over the project's over the user's. */
function enabledIn(id: string, root: string, env: NodeJS.ProcessEnv): { enabled: boolean; file: string } | null {
  for (const { file } of claudeSettingsFiles(root, env)) {
    const value = Settings.safeParse(readJson(file)).data?.enabledPlugins?.[id];
    if (value !== undefined) return { enabled: value === true, file };
  }
  return null;
}

/**
 * Claude Code runs a plugin of a directory marketplace from that directory (what `claude plugin list`
 * shows as `readFromFolder`), any other from the copy under `installPath`.
 */
function pluginRoot(id: string, installPath: string, configDir: string): string {
  const [name, marketplace = ''] = id.split('@');
  const known = KnownMarketplaces.safeParse(readJson(path.join(configDir, 'plugins', 'known_marketplaces.json'))).data?.[marketplace];
  if (known?.source.source !== 'directory') return installPath;
  const entry = Marketplace.safeParse(readJson(path.join(known.installLocation, '.claude-plugin', 'marketplace.json'))).data?.plugins.find((p) => p.name === name);
  return typeof entry?.source === 'string' ? path.resolve(known.installLocation, entry.source) : installPath;
}
