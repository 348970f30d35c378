// `tdd-kernel hook claude-code` as a library call (the package's API since before the other agents):
// the Claude Code adapter through the shared hook, which also answers Copilot, VS Code and Cursor when
// they run the Claude Code hook with their own payloads.

import { handleAgentHook, type HookOptions } from './handle-hook.js';

export type { HookOptions };

export interface HookAnswer {
  /** Exactly what goes to stdout: '' (allow, nothing to say) or one JSON document. */
  stdout: string;
  /** For people: stderr. */
  stderr: string;
}

export async function handleClaudeHook(input: string, opts: HookOptions = {}): Promise<HookAnswer> {
  const { stdout, stderr } = await handleAgentHook('claude-code', input, opts);
  return { stdout, stderr };
}
