// The adapters, loaded one at a time: a hook process needs the one agent it answers (two when the payload
// comes from another host), not all ten.

import type { AgentAdapter, AgentName } from './types.js';

const LOADERS = {
  'claude-code': () => import('./adapters/claude-code.js'),
  codex: () => import('./adapters/codex.js'),
  copilot: () => import('./adapters/copilot.js'),
  vscode: () => import('./adapters/vscode.js'),
  cursor: () => import('./adapters/cursor.js'),
  qwen: () => import('./adapters/qwen.js'),
  gemini: () => import('./adapters/gemini.js'),
  cline: () => import('./adapters/cline.js'),
  windsurf: () => import('./adapters/windsurf.js'),
  opencode: () => import('./adapters/opencode.js'),
} satisfies Record<AgentName, () => Promise<{ adapter: AgentAdapter }>>;

export async function loadAdapter(name: AgentName): Promise<AgentAdapter> {
  return (await LOADERS[name]()).adapter;
}
