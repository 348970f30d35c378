// The model's tool calls to Codex in each of its two tool modes: direct (`apply_patch` and
// `exec_command` are tools of their own) and code mode (one freeform `exec` tool whose JavaScript
// calls `tools.apply_patch(patch)` and `tools.exec_command({ cmd })`). Hooks see `apply_patch` and
// `Bash` either way; the model gets each result back under the call's id.

import { callTool, type ScriptedTurn } from '@adlc/testkit';
import type { CodexToolMode } from './codex.js';

/** The model applies `patch` (the apply_patch text, `*** Begin Patch` … `*** End Patch`). */
export function codexPatchCall(mode: CodexToolMode, patch: string, id: string): ScriptedTurn {
  if (mode === 'direct') return callTool('apply_patch', patch, { id });
  return callTool('exec', `const result = await tools.apply_patch(${JSON.stringify(patch)});\ntext(result);`, { id });
}

/** The model runs `cmd` in Codex's shell (a login shell: /etc/profile sets PATH). */
export function codexShellCall(mode: CodexToolMode, cmd: string, id: string): ScriptedTurn {
  if (mode === 'direct') return callTool('exec_command', { cmd }, { id });
  return callTool('exec', `const result = await tools.exec_command({ cmd: ${JSON.stringify(cmd)} });\ntext(result.output);`, { id });
}

/** An apply_patch that replaces one line of an existing file. */
export function updateLinePatch(file: string, before: string, after: string): string {
  return `*** Begin Patch\n*** Update File: ${file}\n@@\n-${before}\n+${after}\n*** End Patch\n`;
}
