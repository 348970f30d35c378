// Gemini CLI and Qwen Code run no project hook in a folder they do not trust: the gate is installed and
// silently not run. What `doctor --agent gemini|qwen` can read of that: the user's trusted folders, the
// folder-trust switch, and (Gemini, headless) GEMINI_CLI_TRUST_WORKSPACE.

import os from 'node:os';
import path from 'node:path';
import { readJson } from './read-json.js';

type TrustLevel = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

export function folderTrustWarnings(agent: 'gemini' | 'qwen', root: string, env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME || os.homedir();
  const dir = agent === 'gemini' ? path.join(env.GEMINI_CLI_HOME || home, '.gemini') : path.join(home, '.qwen');
  const trusted = trustOf(readJson(path.join(dir, 'trustedFolders.json')), root);
  if (trusted === true) return [];
  const folders = path.join(dir, 'trustedFolders.json');
  if (agent === 'gemini') {
    if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return [];
    return [
      `Gemini CLI runs no project hook in a folder it does not trust, and ${root} is not trusted in ${folders}: trust it (Gemini's /permissions), or run it headless with GEMINI_CLI_TRUST_WORKSPACE=true (its --skip-trust flag drops the project's settings, hooks included)`,
    ];
  }
  const settings = readJson(path.join(dir, 'settings.json')) as { security?: { folderTrust?: { enabled?: unknown } } } | null;
  if (settings?.security?.folderTrust?.enabled !== true) return [];
  return [`Qwen Code has folder trust on (${path.join(dir, 'settings.json')}) and ${root} is ${trusted === false ? 'marked not to be trusted' : 'not trusted'} in ${folders}: it runs no project hook there until the folder is trusted`];
}

/** The trusted folders' verdict on `root` (the most specific entry wins), or null when none speaks of it. */
function trustOf(entries: unknown, root: string): boolean | null {
  if (entries === null || typeof entries !== 'object') return null;
  let best: { depth: number; trusted: boolean } | null = null;
  for (const [folder, level] of Object.entries(entries as Record<string, TrustLevel>)) {
    const base = level === 'TRUST_PARENT' ? path.dirname(folder) : folder;
    if (root !== base && !root.startsWith(`${base.replace(/\/$/, '')}/`)) continue;
    if (!best || base.length > best.depth) best = { depth: base.length, trusted: level !== 'DO_NOT_TRUST' };
  }
  return best?.trusted ?? null;
}
