// The hot path: `check` and `hook claude-code` run on every edit, so they skip commander, zod and core
// (whose start-up alone is more than the latency budget). Anything unusual (--help, an unknown flag)
// returns null and goes through the full CLI, which declares the same commands.

import * as fs from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { KernelUsageError } from './errors.js';
import { findRoot, projectPaths } from './project.js';
import { lastSession } from './session.js';

interface FastArgs {
  words: string[];
  json: boolean;
  log?: string;
  session?: string;
  mode?: string;
  root?: string;
}

const VALUE_FLAGS = new Set(['--log', '--session', '--mode', '--root']);

export function parseFast(argv: readonly string[]): FastArgs | null {
  const out: FastArgs = { words: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') out.json = true;
    else if (VALUE_FLAGS.has(a)) {
      const v = argv[++i];
      if (v === undefined) return null;
      out[a.slice(2) as 'log'] = v;
    } else if (a.startsWith('--') && a.includes('=') && VALUE_FLAGS.has(a.slice(0, a.indexOf('=')))) {
      out[a.slice(2, a.indexOf('=')) as 'log'] = a.slice(a.indexOf('=') + 1);
    } else if (a.startsWith('-') && a !== '-') return null;
    else out.words.push(a);
  }
  return out;
}

/** Exit code when handled here, null to fall back to the full CLI. */
export async function runFast(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const args = parseFast(argv);
  if (!args) return null;
  const [command, ...rest] = args.words;
  if (args.mode !== undefined && args.mode !== 'strict' && args.mode !== 'warn') return null;
  const mode = args.mode as 'strict' | 'warn' | undefined;
  if (command === 'hook' && rest.length === 1 && rest[0] === 'claude-code') {
    // Fail closed and never exit non-zero: Claude Code lets the edit through on any exit but 0 and 2.
    let stdout: string;
    try {
      const { handleClaudeHook } = await import('./hook-claude.js');
      const answer = await handleClaudeHook(fs.readFileSync(0, 'utf8'), { env, ...(args.log ? { log: args.log } : {}), ...(mode ? { mode } : {}) });
      if (answer.stderr) process.stderr.write(answer.stderr);
      stdout = answer.stdout;
    } catch (error) {
      const { deny } = await import('./hook-claude.js');
      stdout = deny(`tdd-kernel internal error, edit refused (fail closed): ${(error as Error).message}`);
    }
    if (stdout) process.stdout.write(`${stdout}\n`);
    return 0;
  }
  if (command === 'check' && rest.length === 1) {
    try {
      const root = args.root ?? findRoot(process.cwd());
      const config = loadConfig(root);
      const session = args.session || env.TDD_KERNEL_SESSION || lastSession(projectPaths(root, config, args.log).scratch);
      const ctx = createContext({ root, config, session, env, ...(args.log ? { log: args.log } : {}), ...(mode ? { mode } : {}) });
      const { interruptedFlushes } = await import('./recover.js');
      if (interruptedFlushes(ctx.paths.scratch).length > 0) {
        const { recoverInterrupted } = await import('./recover.js');
        for (const note of await recoverInterrupted(ctx)) process.stderr.write(`tdd-kernel: ${note}\n`);
      }
      const { gateEdit } = await import('./gate.js');
      const result = gateEdit(ctx, rest[0]!);
      if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else {
        const { renderCheck } = await import('./render.js');
        process.stdout.write(`${renderCheck(result)}\n`);
      }
      return result.decision === 'allow' ? 0 : 2;
    } catch (error) {
      const known = error instanceof ConfigError || error instanceof KernelUsageError;
      const message = known ? (error as Error).message : `internal error: ${(error as Error).message}`;
      process.stderr.write(`tdd-kernel: error: ${message}\n`);
      if (args.json) process.stdout.write(`${JSON.stringify({ error: { message, exitCode: 1 } }, null, 2)}\n`);
      return 1;
    }
  }
  return null;
}
