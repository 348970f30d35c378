// The hot path: `check` and `hook <agent>` run on every edit, so they skip commander, zod and core
// (whose start-up alone is more than the latency budget). They keep the CLI's contract all the same: the
// flags are the option table's (cli/hot-flags.ts, a plain copy of it), a reader that goes away ends them quietly, and every failure and
// interrupt is handed back to cli.ts, which reports it through core's runMain like any other command.
// Anything unusual (--help, an unknown flag to check) is left to the full CLI, which declares the same commands.

import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { asksForHelpOrVersion, writeOut } from '@adlc/core';
import { AGENT_NAMES, HOOK_CONFIG_FILES, isAgentName } from './agents/types.js';
import { contextForFlags, rootOf } from './project/context.js';
import { insideProject } from './project/paths.js';
import { projectConfig } from './project/checked-config.js';
import type { GlobalFlags } from './cli/options.js';
import { HOT_VALUE_FLAGS, isMode, PARSE_OPTIONS, type HotValueFlag } from './cli/hot-flags.js';

/** The global flags as given; `mode` is checked (strict or warn) before it is used. */
type RawFlags = Omit<GlobalFlags, 'mode'> & { mode?: string };

export interface HotCall {
  command: 'check' | 'hook';
  operands: string[];
  flags: RawFlags;
  /** What is wrong with the call (a hook must still answer: it denies and says so). */
  problem: { message: string; hint: string } | null;
}

/** How a hot command ended: done (stdout written, exit code set), or what cli.ts must report through runMain. */
export type HotEnd = 'done' | 'full' | { error: unknown } | Interrupted;

interface HotOutput {
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
}

/** How to repair a hook command; for an agent name we do not know, Claude Code's (the hooks' first home). */
const hookHint = (agent: string) => {
  const name = isAgentName(agent) ? agent : 'claude-code';
  return `fix the hook command in ${HOOK_CONFIG_FILES[name]} (\`tdd-kernel init ${name}\` rewrites it)`;
};

/** The hot command `argv` names, or null when the full CLI should take it. */
export function hotCall(argv: readonly string[]): HotCall | null {
  if (asksForHelpOrVersion(argv)) return null;
  const { values, positionals, tokens } = parseArgs({ args: [...argv], options: PARSE_OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const [command, ...operands] = positionals;
  if (command !== 'hook' && command !== 'check') return null;
  const flags: RawFlags = { json: values.json === true };
  for (const name of Object.keys(HOT_VALUE_FLAGS) as HotValueFlag[]) {
    const value = values[name];
    if (typeof value === 'string') flags[name] = value;
  }
  let problem = flagProblem(tokens);
  if (!problem && flags.mode !== undefined && !isMode(flags.mode)) problem = `--mode must be strict or warn, not "${flags.mode}"`;
  if (command === 'check') return problem || operands.length !== 1 ? null : { command, operands, flags, problem: null };
  if (!problem && (operands.length !== 1 || !isAgentName(operands[0]))) problem = `unknown agent "${operands.join(' ')}" (supported: ${AGENT_NAMES.join(', ')})`;
  return { command, operands, flags, problem: problem ? { message: problem, hint: hookHint(operands[0] ?? '') } : null };
}

type Token = NonNullable<ReturnType<typeof parseArgs<{ options: typeof PARSE_OPTIONS; tokens: true; strict: false; allowPositionals: true }>>['tokens']>[number];

/** An unknown flag or a missing value, worded as commander words it. */
function flagProblem(tokens: readonly Token[]): string | null {
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'json' && t.rawName === '--json' && !t.inlineValue) continue;
    const declared = Object.hasOwn(HOT_VALUE_FLAGS, t.name) ? HOT_VALUE_FLAGS[t.name as HotValueFlag] : undefined;
    if (!declared || t.rawName !== `--${t.name}`) return `unknown option '${t.inlineValue ? `${t.rawName}=${t.value}` : t.rawName}'`;
    if (typeof t.value !== 'string') return `option '${declared}' argument missing`;
  }
  return null;
}

/** Runs a hot command. Only 'done' leaves the process to end by itself, with the command's exit code. */
export async function runHot(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<HotEnd> {
  const call = hotCall(argv);
  if (!call) return 'full';
  // `check` outside any project: the full CLI says there is none (and creates nothing there).
  if (call.command === 'check' && call.flags.root === undefined && !insideProject(process.cwd())) return 'full';
  const signals = watchSignals();
  let output: HotOutput | Interrupted;
  try {
    output = await Promise.race([call.command === 'hook' ? hook(call, argv, env) : check(call, env), signals.stuck]);
  } catch (error) {
    return signals.received() ?? { error };
  } finally {
    signals.stop();
  }
  const interrupted = signals.received();
  if (interrupted) return interrupted;
  if ('signal' in output) return output;
  process.exitCode = output.exitCode;
  writeOut(2, output.stderr);
  writeOut(1, output.stdout);
  return 'done';
}

async function check(call: HotCall, env: NodeJS.ProcessEnv): Promise<HotOutput> {
  const { mode, ...flags } = call.flags;
  const root = rootOf(flags.root);
  const ctx = contextForFlags({ ...flags, ...(isMode(mode) ? { mode } : {}) }, env, root, await projectConfig(root));
  let stderr = '';
  const { interruptedFlushes } = await import('./turn/flush-recovery.js');
  if (interruptedFlushes(ctx.paths.scratch).length > 0) {
    const { recoverInterrupted } = await import('./turn/flush-recovery.js');
    for (const note of await recoverInterrupted(ctx)) stderr += `tdd-kernel: ${note}\n`;
  }
  const { gateEdit } = await import('./kernel/gate.js');
  const result = gateEdit(ctx, call.operands[0]!);
  const exitCode = result.decision === 'allow' ? 0 : 2;
  if (flags.json) return { exitCode, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr };
  const { renderCheck } = await import('./cli/render.js');
  return { exitCode, stdout: `${renderCheck(result)}\n`, stderr };
}

/**
 * A hook never exits 1 (most agents would let the call through): bad arguments and internal errors refuse,
 * in the agent's own contract.
 */
async function hook(call: HotCall, argv: readonly string[], env: NodeJS.ProcessEnv): Promise<HotOutput> {
  const agent = isAgentName(call.operands[0]) ? call.operands[0] : null;
  const { handleAgentHook, misconfiguredHook, refusingHook } = await import('./agents/hook/handle-hook.js');
  if (call.problem || agent === null) {
    const { message, hint } = call.problem ?? { message: 'no agent', hint: hookHint('') };
    return withNewline(await misconfiguredHook(agent, message, hint, argv));
  }
  const { flags } = call;
  try {
    return withNewline(await handleAgentHook(agent, fs.readFileSync(0, 'utf8'), { env, ...(flags.log ? { log: flags.log } : {}), ...(isMode(flags.mode) ? { mode: flags.mode } : {}) }));
  } catch (error) {
    return withNewline(await refusingHook(agent, `tdd-kernel internal error, edit refused (fail closed): ${(error as Error).message}`));
  }
}

function withNewline(out: HotOutput): HotOutput {
  return { ...out, stdout: out.stdout ? `${out.stdout}\n` : '' };
}

/** How long a signalled command may take to finish before it is reported as interrupted anyway (core's grace). */
const INTERRUPT_GRACE_MS = 3000;

type Interrupted = { signal: 'SIGINT' | 'SIGTERM' };

/**
 * SIGINT/SIGTERM as core's runMain treats them: the first is noted and the command may finish what it is
 * doing (files are written atomically, a flush gives its buffer back); it is then reported as interrupted
 * (130/143). A command still busy after the grace time, or a second signal, is not waited for.
 */
function watchSignals() {
  let first: Interrupted | null = null;
  let giveUp: (value: Interrupted) => void = () => {};
  const stuck = new Promise<Interrupted>((resolve) => (giveUp = resolve));
  const onSignal = (signal: NodeJS.Signals) => {
    if (first !== null) return giveUp(first);
    first = { signal: signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM' };
    const noted = first;
    setTimeout(() => giveUp(noted), INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stuck,
    received: (): Interrupted | null => first,
    stop: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

