// `tdd-kernel init claude-code` as a library call: merges the kernel's hook entries into
// .claude/settings.json, keeping every other setting and hook, replacing only earlier tdd-kernel entries,
// with explicit timeouts. The same installer as every other agent (install.ts), Claude Code's row.

import * as fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@adlc/core';
import { EDIT_MATCHER, isKernelCommand, POST_TIMEOUT_S, PRE_TIMEOUT_S, STOP_TIMEOUT_S } from './install-specs.js';
import { mergedSettings } from './install.js';
import type { InitOutput } from '../../schemas/outputs.js';

export { EDIT_MATCHER, PRE_TIMEOUT_S, POST_TIMEOUT_S, STOP_TIMEOUT_S };

export type InitResult = InitOutput;

/** A hook entry that runs `tdd-kernel hook claude-code` (however the command is spelled). */
export function isKernelHook(h: { command?: unknown }): boolean {
  return isKernelCommand(h.command, 'claude-code');
}

export function initClaudeCode(root: string, command: string, settingsFile = path.join('.claude', 'settings.json')): InitResult {
  const file = path.resolve(root, settingsFile);
  const rel = path.relative(root, file).split(path.sep).join('/');
  const { content, created, replaced } = mergedSettings('claude-code', root, command, rel);
  writeFileAtomicSync(file, content);
  return { settings: rel, command, created, replaced };
}

/** The hook command: the project's own install when there is one, else this very CLI by absolute path. */
export function defaultHookCommand(root: string, cliPath: string): string {
  if (fs.existsSync(path.join(root, 'node_modules', '.bin', 'tdd-kernel'))) return '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/tdd-kernel hook claude-code';
  return `node ${JSON.stringify(cliPath)} hook claude-code`;
}
