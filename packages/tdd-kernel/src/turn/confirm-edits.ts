// Confirmation that an allowed edit happened (PostToolUse, or `confirmEdit` in the library), and whether
// this project's edits get confirmed at all: that decides what flush does with an unconfirmed edit.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import { isKernelHook } from '../agents/init/init-claude-code.js';
import { confirmPending } from './pending-edits.js';

const MARKER = 'confirms-seen';

export function confirmEdits(ctx: KernelContext, match: { toolUseId?: string; files: readonly string[] }): string[] {
  const marker = path.join(ctx.paths.scratch, MARKER);
  if (!fs.existsSync(marker)) {
    fs.mkdirSync(ctx.paths.scratch, { recursive: true });
    fs.writeFileSync(marker, '');
  }
  return confirmPending(ctx.paths.scratch, ctx.session, match);
}

/** True once a confirmation was seen here, or when Claude Code's settings register our PostToolUse hook. */
export function confirmationsInUse(ctx: KernelContext): boolean {
  if (fs.existsSync(path.join(ctx.paths.scratch, MARKER))) return true;
  for (const name of ['settings.json', 'settings.local.json']) {
    try {
      const settings = JSON.parse(fs.readFileSync(path.join(ctx.paths.root, '.claude', name), 'utf8')) as { hooks?: Record<string, Array<{ hooks?: Array<{ command?: string }> }>> };
      if ((settings.hooks?.PostToolUse ?? []).some((g) => (g.hooks ?? []).some(isKernelHook))) return true;
    } catch {
      // no such settings
    }
  }
  return false;
}
