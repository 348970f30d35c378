// A hook that records what an agent sends it: the command to put in the agent's hook config, and
// the payloads it received. Rules make it answer some payloads (a deny, a Stop block) so a test can
// see which answers the real binary honours.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellQuote } from '@adlc/core';

/** How the hook answers the first payload it matches (absent fields match anything). */
export interface HookRule {
  /** `hook_event_name`, e.g. `PreToolUse`, `Stop`. */
  event?: string;
  /** A regular expression over `tool_name`. */
  tool?: string;
  stopHookActive?: boolean;
  stdout?: string;
  stderr?: string;
  /** Default 0. */
  exitCode?: number;
}

export type HookPayload = Record<string, unknown> & { hook_event_name?: string; tool_name?: string };

export interface HookRecorder {
  /** The shell command for the agent's hook config (absolute paths, node by its own path). */
  readonly command: string;
  readonly log: string;
  /** The payloads received so far, in order. */
  payloads(): HookPayload[];
}

export const RECORD_HOOK_SCRIPT = fileURLToPath(new URL('../bin/record-hook.mjs', import.meta.url));

export function makeHookRecorder(dir: string, rules: HookRule[] = []): HookRecorder {
  const log = join(dir, 'hook-payloads.jsonl');
  const rulesFile = join(dir, 'hook-rules.json');
  writeFileSync(rulesFile, JSON.stringify(rules));
  return {
    command: [process.execPath, RECORD_HOOK_SCRIPT, log, rulesFile].map(shellQuote).join(' '),
    log,
    payloads: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as HookPayload)
        : [],
  };
}

/**
 * The hooks section both Claude Code (`.claude/settings.json`) and Codex (`.codex/hooks.json`)
 * read: the command on every tool call before and after it runs, and at the end of the turn.
 */
export function hookSettings(command: string): { hooks: Record<string, unknown[]> } {
  const run = [{ type: 'command', command }];
  return {
    hooks: {
      PreToolUse: [{ matcher: '*', hooks: run }],
      PostToolUse: [{ matcher: '*', hooks: run }],
      Stop: [{ hooks: run }],
    },
  };
}

/** Claude Code's PreToolUse deny (exit 0), which Codex honours too. */
export function denyAnswer(reason: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
}

/** The end-of-turn block both Claude Code and Codex honour on `Stop`. */
export function stopBlockAnswer(reason: string): string {
  return JSON.stringify({ decision: 'block', reason });
}

/** `[event, tool]` of each payload, e.g. `['PreToolUse', 'Write']`, `['Stop', '']`: the order a test checks. */
export function hookSequence(payloads: HookPayload[]): Array<[string, string]> {
  return payloads.map((p) => [String(p.hook_event_name ?? ''), String(p.tool_name ?? '')]);
}
