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

function badOption(argv: readonly string[]): string {
  const bad = argv.find((a) => a.startsWith('-') && a !== '-' && a !== '--json' && !VALUE_FLAGS.has(a.split('=')[0]!));
  return bad ? `unknown option ${bad}` : `${argv[argv.length - 1]} needs a value`;
}

/** `hook ...` without --help/--version: the first word that is not a flag (or a flag's value) is `hook`. */
function isHookCall(argv: readonly string[]): boolean {
  if (argv.some((a) => a === '--help' || a === '-h' || a === '--version' || a === '-V')) return false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (VALUE_FLAGS.has(a)) i++;
    else if (!a.startsWith('-')) return a === 'hook';
  }
  return false;
}

/** Exit code when handled here, null to fall back to the full CLI. */
export async function runFast(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const args = parseFast(argv);
  if (isHookCall(argv)) {
    // A hook must never exit 1 (Claude Code would let the edit through): bad arguments deny too.
    const problem = !args ? badOption(argv) : args.words.length !== 2 || args.words[1] !== 'claude-code' ? `unknown agent "${args.words.slice(1).join(' ')}" (supported: claude-code)` : args.mode !== undefined && args.mode !== 'strict' && args.mode !== 'warn' ? `--mode must be strict or warn, not "${args.mode}"` : null;
    if (problem) {
      const { deny } = await import('./hook-claude.js');
      process.stderr.write(`tdd-kernel: error: ${problem} in \`${['tdd-kernel', ...argv].join(' ')}\`; fix the hook command in .claude/settings.json\n`);
      process.stdout.write(`${deny(`tdd-kernel: the hook is misconfigured (${problem}); edit refused. Ask the user to fix the hook command in .claude/settings.json (\`tdd-kernel init claude-code\` rewrites it).`)}\n`);
      return 0;
    }
  }
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
