// The adapters, loaded one at a time: a hook process needs the one agent it answers (two when the payload
// comes from another host), not all ten.

import type { AgentAdapter, AgentName } from './types.js';

const LOADERS = {
  'claude-code': () => import('./claude-code.js'),
  codex: () => import('./codex.js'),
  copilot: () => import('./copilot.js'),
  vscode: () => import('./vscode.js'),
  cursor: () => import('./cursor.js'),
  qwen: () => import('./qwen.js'),
  gemini: () => import('./gemini.js'),
  cline: () => import('./cline.js'),
  windsurf: () => import('./windsurf.js'),
  opencode: () => import('./opencode.js'),
} satisfies Record<AgentName, () => Promise<{ adapter: AgentAdapter }>>;

export async function loadAdapter(name: AgentName): Promise<AgentAdapter> {
  return (await LOADERS[name]()).adapter;
}
