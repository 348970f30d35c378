// `tdd-kernel init claude-code`: merges the kernel's hook entries into .claude/settings.json, keeping
// every other setting and hook, replacing only earlier tdd-kernel entries, with explicit timeouts.

import * as fs from 'node:fs';
import path from 'node:path';
import { KernelUsageError } from './errors.js';
import { writeFileAtomicSync } from '@adlc/core/light';

export const EDIT_MATCHER = 'Edit|Write|MultiEdit|NotebookEdit|Bash|mcp__.*';
/** PreToolUse must answer fast; a hook that times out lets the edit through, so the limit is generous. */
export const PRE_TIMEOUT_S = 30;
/** PostToolUse only moves the pending edit into the turn buffer: short, it runs after every write tool. */
export const POST_TIMEOUT_S = 10;
/** Stop runs the turn's tests. */
export const STOP_TIMEOUT_S = 900;

export interface InitResult {
  settings: string;
  command: string;
  created: boolean;
  replaced: number;
}

type HookEntry = { type?: string; command?: string; timeout?: number };
type MatcherGroup = { matcher?: string; hooks?: HookEntry[] };

/** A hook entry that runs `tdd-kernel hook claude-code` (however the command is spelled). */
export function isKernelHook(h: HookEntry): boolean {
  return typeof h.command === 'string' && /tdd-kernel\b.*\bhook\s+claude-code|cli\.js["']?\s+hook\s+claude-code/.test(h.command);
}

export function initClaudeCode(root: string, command: string, settingsFile = path.join('.claude', 'settings.json')): InitResult {
  const file = path.resolve(root, settingsFile);
  let settings: Record<string, unknown> = {};
  let created = true;
  if (fs.existsSync(file)) {
    created = false;
    try {
      settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new KernelUsageError(`${settingsFile} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed`);
    }
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new KernelUsageError(`${settingsFile} must hold a JSON object`);
  }
  const hooks = (settings.hooks ?? {}) as Record<string, MatcherGroup[]>;
  if (typeof hooks !== 'object' || Array.isArray(hooks)) throw new KernelUsageError(`${settingsFile}: "hooks" must be an object`);
  let replaced = 0;
  for (const event of Object.keys(hooks)) {
    const groups = Array.isArray(hooks[event]) ? hooks[event]! : [];
    hooks[event] = groups
      .map((g) => {
        const kept = (g.hooks ?? []).filter((h) => !isKernelHook(h));
        replaced += (g.hooks ?? []).length - kept.length;
        return { ...g, hooks: kept };
      })
      .filter((g) => g.hooks.length > 0);
  }
  const entry = (timeout: number): HookEntry => ({ type: 'command', command, timeout });
  hooks.PreToolUse = [...(hooks.PreToolUse ?? []), { matcher: EDIT_MATCHER, hooks: [entry(PRE_TIMEOUT_S)] }];
  // PreToolUse takes the pre-edit copy (after the edit is too late); PostToolUse confirms the edit happened,
  // so an edit the user refused, or a tool that failed, is never tested or reverted.
  hooks.PostToolUse = [...(hooks.PostToolUse ?? []), { matcher: EDIT_MATCHER, hooks: [entry(POST_TIMEOUT_S)] }];
  hooks.Stop = [...(hooks.Stop ?? []), { hooks: [entry(STOP_TIMEOUT_S)] }];
  settings.hooks = hooks;
  writeFileAtomicSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  return { settings: path.relative(root, file).split(path.sep).join('/'), command, created, replaced };
}

/** The hook command: the project's own install when there is one, else this very CLI by absolute path. */
export function defaultHookCommand(root: string, cliPath: string): string {
  if (fs.existsSync(path.join(root, 'node_modules', '.bin', 'tdd-kernel'))) return '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/tdd-kernel hook claude-code';
  return `node ${JSON.stringify(cliPath)} hook claude-code`;
}
