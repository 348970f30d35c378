// The CLI's commands on core's argument parsing and outcomes: declared once with commander (global
// flags before or after the subcommand), each mapped to one kernel call and rendered as text or JSON.

import { fileURLToPath } from 'node:url';
// Each command's implementation is imported when that command runs, so `--help` and every command
// load just their own code.
import { addOptions, createProgram, createReporter, gateFail, givenOptions, InterruptedError, opError, parseArgs, pass, runMain, type Outcome } from '@adlc/core';
import type { Command } from 'commander';
import pkg from '../../package.json' with { type: 'json' };
import { AGENT_NAMES, isAgentName } from '../agents/types.js';
import type { KernelContext } from '../project/context.js';
import type { HotEnd } from '../fast.js';
import { describeKernelError } from './error-hints.js';
import { commandOptions, KERNEL_COMMAND_OPTIONS, KERNEL_OPTIONS, KERNEL_OPERANDS, type CommandFlags, type GlobalFlags } from './options.js';

const HELP_AFTER = `Exit codes: 0 allowed / green, 2 refused / red / reverted, 1 operational error.
Examples:
  tdd-kernel run 'src/price.test.ts::price adds tax'
  tdd-kernel claim 'src/price.test.ts::price adds tax' src/price.ts
  tdd-kernel check src/price.ts
  tdd-kernel flush
  tdd-kernel init claude-code     (or codex, copilot, vscode, cursor, qwen, gemini, cline, windsurf, opencode)
  tdd-kernel doctor --agent codex`;

export function buildProgram(): Command {
  // --json is in the table (so its type is there) but createProgram declares it, worded as every tool words it.
  const program = createProgram({ name: 'tdd-kernel', description: 'Red-green enforced at tool dispatch: no source edit without a red test claimed for it.', version: pkg.version, shared: ['json'], helpAfter: HELP_AFTER });
  const { json: _json, ...globals } = KERNEL_OPTIONS.schema.shape;
  addOptions(program, { ...KERNEL_OPTIONS, fields: KERNEL_OPTIONS.fields.filter((f) => f.key in globals) });
  addOptions(
    program.command('run').description('run the given tests (or all), record test_run events, print red/green').argument('[test_id...]', KERNEL_OPERANDS.testIds.description),
    commandOptions('quiet'),
  );
  program.command('claim').description('claim a red test for the files (or globs) an edit will touch').argument('<test_id>', KERNEL_OPERANDS.testId.description).argument('<file...>', KERNEL_OPERANDS.files.description);
  program.command('check').description('the gate: may this file be edited now? records the pre-edit content on allow').argument('<file>');
  addOptions(program.command('flush').description('end of turn: run the buffered tests once, revert the edits whose tests are red'), commandOptions('quiet'));
  addOptions(
    program.command('refactor').description('refactor mode: on permits edits (from green); off verifies and ends it').argument('<state>', KERNEL_OPERANDS.state.description),
    commandOptions('quiet'),
  );
  addOptions(program.command('status').description('tests red/green, open claims, buffered edits, mode, plan'), commandOptions('plan'));
  addOptions(
    program.command('doctor').description("runner, test declarations found, warnings; with --agent, a self-test of that agent's installed hook"),
    commandOptions('plan', 'agent'),
  );
  program.command('hook').description("answer an agent hook event read on stdin, in that agent's contract").argument('<agent>', AGENT_NAMES.join(', '));
  addOptions(program.command('init').description('install (merge) the hooks for an agent').argument('<agent>', AGENT_NAMES.join(', ')), commandOptions('hookCommand', 'dryRun'));
  return program;
}

/** Runs what the hot path did not finish: `full` is any other command line. */
export async function runFull(argv: readonly string[], hot: Exclude<HotEnd, 'done'>): Promise<void> {
  const command = hot === 'full' ? () => main([...argv]) : () => Promise.reject('signal' in hot ? new InterruptedError(hot.signal) : asOpError(hot.error));
  await runMain('tdd-kernel', command, { argv: [...argv] });
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  const { args, command } = parseArgs(buildProgram(), argv);
  const opts: CommandFlags = { ...givenOptions(command, KERNEL_OPTIONS), ...givenOptions(command, KERNEL_COMMAND_OPTIONS) };
  const name = command.name();
  try {
    if (name === 'hook') {
      const agent = args[0];
      if (!isAgentName(agent)) throw opError(`unknown agent "${agent}"`, { hint: `supported: ${AGENT_NAMES.join(', ')}` });
      const [{ readFileSync }, { handleAgentHook }] = await Promise.all([import('node:fs'), import('../agents/hook/handle-hook.js')]);
      const hookOpts = { env, ...(opts.log ? { log: opts.log } : {}), ...(opts.mode ? { mode: opts.mode } : {}) };
      const answer = await handleAgentHook(agent, readFileSync(0, 'utf8'), hookOpts);
      if (answer.stderr) process.stderr.write(answer.stderr);
      return (answer.exitCode === 2 ? gateFail : pass)(answer, { text: answer.stdout });
    }
    if (name === 'init' || (name === 'doctor' && opts.agent !== undefined)) {
      const agent = name === 'init' ? args[0] : opts.agent;
      if (!isAgentName(agent)) throw opError(`unknown agent "${agent}"`, { hint: `supported: ${AGENT_NAMES.join(', ')}` });
      const [{ findRoot }, { runDoctorAgent, runInit }] = await Promise.all([import('../project/paths.js'), import('../agents/agent-commands.js')]);
      const agentOpts = { root: opts.root ?? findRoot(process.cwd()), env, cliPath: fileURLToPath(new URL('../bin/tdd-kernel.js', import.meta.url)), ...(opts.json ? { json: true } : {}), ...(opts.hookCommand ? { hookCommand: opts.hookCommand } : {}), ...(opts.dryRun ? { dryRun: true } : {}) };
      return name === 'init' ? runInit(agent, agentOpts) : runDoctorAgent(agent, agentOpts);
    }
    // Every other command reads or writes a project's state: outside any project it would make one where the user stands.
    if (opts.root === undefined) await requireProject(process.cwd());
    const ctx = await context(opts, env);
    // Only the commands that run the tests have progress to show; a hook's stderr is the agent's, so it gets none.
    if (RUNS_TESTS.has(name)) ctx.reporter = createReporter({ name: 'tdd-kernel', json: Boolean(opts.json), quiet: Boolean(opts.quiet), env });
    // A flush killed mid-revert is finished (or its buffer given back) before any command reads the turn.
    if (name !== 'flush') {
      const { recoverInterrupted } = await import('../turn/flush-recovery.js');
      for (const note of await recoverInterrupted(ctx)) process.stderr.write(`tdd-kernel: ${note}\n`);
    }
    return await dispatch(name, args, opts, ctx);
  } catch (error) {
    throw asOpError(error);
  }
}

const RUNS_TESTS = new Set(['run', 'flush', 'refactor']);

/**
 * Outside any project an empty status (or doctor's report) would look like a project with no tests yet, and a
 * claim or a run would create `.tdd-kernel/` wherever it was typed: say there is none.
 */
async function requireProject(cwd: string): Promise<void> {
  const { insideProject } = await import('../project/paths.js');
  if (insideProject(cwd)) return;
  throw opError(`no project found at or above ${cwd} (no .tdd-kernel/, .git or package.json)`, {
    hint: 'run it inside a repository, or start one here with `tdd-kernel init <agent>` (claude-code, codex, cursor, ...)',
  });
}

async function context(opts: GlobalFlags, env: NodeJS.ProcessEnv): Promise<KernelContext> {
  const [{ contextForFlags, rootOf }, { projectConfig }] = await Promise.all([import('../project/context.js'), import('../project/checked-config.js')]);
  const root = rootOf(opts.root);
  return contextForFlags(opts, env, root, await projectConfig(root));
}

async function dispatch(name: string, args: string[], opts: CommandFlags, ctx: KernelContext): Promise<Outcome> {
  const out = <T>(result: T, text: string) => (opts.json ? { json: result } : { text });
  const render = await import('./render.js');
  switch (name) {
    case 'run': {
      const { runTests } = await import('../kernel/run-tests.js');
      const r = await runTests(ctx, args.length > 0 ? args : null);
      return (r.green ? pass : gateFail)(r, out(r, render.renderRun(r)));
    }
    case 'claim': {
      const [testId, ...files] = args;
      const { claim } = await import('../kernel/claim.js');
      const r = claim(ctx, testId!, files);
      return (r.claimed ? pass : gateFail)(r, out(r, render.renderClaim(r)));
    }
    case 'check': {
      const { gateEdit } = await import('../kernel/gate.js');
      const r = gateEdit(ctx, args[0]!);
      return (r.decision === 'allow' ? pass : gateFail)(r, out(r, render.renderCheck(r)));
    }
    case 'flush': {
      const { flush } = await import('../turn/flush.js');
      const r = await flush(ctx);
      return (r.reverted.length === 0 || r.warned ? pass : gateFail)(r, out(r, render.renderFlush(r)));
    }
    case 'refactor': {
      const which = args[0];
      if (which !== 'on' && which !== 'off') throw opError(`refactor takes on or off, not "${which}"`);
      const { refactorOff, refactorOn } = await import('../kernel/refactor-mode.js');
      const r = which === 'on' ? await refactorOn(ctx) : await refactorOff(ctx);
      const ok = which === 'on' ? r.refactor : !r.refactor;
      return (ok ? pass : gateFail)(r, out(r, render.renderRefactor(r)));
    }
    case 'status': {
      const { status } = await import('../kernel/status.js');
      const r = status(ctx, opts.plan);
      return pass(r, out(r, render.renderStatus(r)));
    }
    case 'doctor': {
      const { doctor } = await import('../project/doctor.js');
      const r = doctor(ctx, opts.plan);
      return pass(r, out(r, render.renderDoctor(r)));
    }
    default:
      throw opError(`unknown command ${name}`);
  }
}

/** The kernel's own errors as core's OpError, with the hint that fixes each; anything else is left to runMain. */
export function asOpError(error: unknown): unknown {
  const described = describeKernelError(error);
  return described ? opError(described.message, described.hint ? { hint: described.hint } : {}) : error;
}
