// The kernel's side of every agent hook: one internal event in, one decision out. Before a tool runs the
// files it writes are gated (the shell's through the shared shell reading); after it ran its pending
// edits join the turn buffer; at the end of the turn the buffer is flushed. The session is remembered
// from the first event of any kind, so a claim the agent runs through its shell lands in its session.
// Where the agent works outside any project (hooks installed for every directory, e.g. the Claude Code
// plugin at user scope) there is nothing to gate: every call goes through and nothing is written.

import * as fs from 'node:fs';
import path from 'node:path';
import { contentAfter } from './content-after-edit.js';
import type { AgentEvent, FileTouch, HookDecision } from '../types.js';
import type { Mode } from '../../cli/hot-flags.js';
import { bashWrites, type BashWrites } from './bash-writes.js';
import { confirmEdits } from '../../turn/confirm-edits.js';
import { createContext, type KernelContext } from '../../project/context.js';
import { projectConfig } from '../../project/checked-config.js';
import { gateEdit, type GateResult } from '../../kernel/gate.js';
import { findProjectRoot, findRoot, relativeToRoot } from '../../project/paths.js';
import { cliCommand } from '../../project/cli-command.js';
import { interruptedFlushes, recoverInterrupted } from '../../turn/flush-recovery.js';
import { rememberSession } from '../../project/session.js';
import { earlierTurnBuffered, markTurnStart } from '../../turn/turn-boundary.js';

export interface HookOptions {
  log?: string;
  mode?: Mode;
  env?: NodeJS.ProcessEnv;
}

export interface Decided {
  decision: HookDecision;
  /** For people (the hook's stderr): warnings, notes on recovered flushes. */
  stderr: string;
}

/** Agents with no end-of-turn hook: an earlier turn's edits are flushed before the next edit instead. */
const FLUSH_BEFORE_NEXT_EDIT: ReadonlySet<string> = new Set(['cline', 'windsurf', 'opencode']);

const allow = (stderr = ''): Decided => ({ decision: { kind: 'allow' }, stderr });
const deny = (reason: string): Decided => ({ decision: { kind: 'deny', reason }, stderr: '' });

export async function decide(event: AgentEvent, opts: HookOptions): Promise<Decided> {
  // A call the adapter could not read is refused before it runs (outside any project it cannot write a
  // gated file); afterwards there is nothing to refuse.
  if (event.problem && event.phase === 'pre') {
    if (projectRootFor(event, opts.env ?? process.env, null, true) === null) return allow();
    await rememberOnly(event, opts);
    return deny(event.problem);
  }
  switch (event.phase) {
    case 'pre':
      return preTool(event, opts);
    case 'post':
      return postTool(event, opts);
    case 'stop':
      return stop(event, opts);
    case 'prompt': {
      if (!FLUSH_BEFORE_NEXT_EDIT.has(event.host)) return rememberOnly(event, opts);
      const ctx = await contextFor(event, opts, null);
      if (ctx !== null) markTurnStart(ctx.paths.scratch, ctx.session, ctx.now());
      return allow();
    }
    default:
      return rememberOnly(event, opts);
  }
}

/**
 * An event that gates nothing still names the session: remembered (so a claim run through the agent's
 * shell lands in it), best effort, since an event the adapter could not read must still be refused.
 */
async function rememberOnly(event: AgentEvent, opts: HookOptions): Promise<Decided> {
  if (event.sessionId) {
    try {
      await contextFor(event, opts, null);
    } catch {
      // the refusal or the allow stands on its own
    }
  }
  return allow();
}

/** The files a call writes, absolute, with what the gate needs to know about each. */
interface Write {
  abs: string;
  touch: FileTouch;
  /** A shell write whose result cannot be computed. */
  shellUnknown: boolean;
}

function writesOf(event: AgentEvent): { writes: Write[]; bash?: BashWrites } {
  const cwd = baseDir(event);
  if (event.kind === 'shell') {
    // No path is scratch by its text: one under the temp dir is left out only when it lands outside the project (preTool).
    const bash = bashWrites(event.command ?? '', []);
    const deleted = new Set(bash.deleted);
    const shellDir = event.shellCwd ? path.resolve(cwd, expandHome(event.shellCwd)) : cwd;
    const writes = bash.files.map((f) => ({ abs: path.resolve(shellDir, expandHome(f)), touch: { path: f, ...(deleted.has(f) ? { deleted: true } : {}) }, shellUnknown: !deleted.has(f) }));
    return { writes, bash };
  }
  return { writes: event.files.map((touch) => ({ abs: path.resolve(cwd, touch.path), touch, shellUnknown: false })) };
}

/** Relative paths are the agent's cwd's; without a usable one, the first absolute path's directory. */
function baseDir(event: AgentEvent): string {
  const first = event.files.find((f) => path.isAbsolute(f.path));
  return existingDir(event.cwd) ?? (first ? path.dirname(first.path) : process.cwd());
}

async function preTool(event: AgentEvent, opts: HookOptions): Promise<Decided> {
  const found = writesOf(event);
  const ctx = await contextFor(event, opts, found.writes[0]?.abs ?? null, found.writes.length > 0 || (found.bash?.unknown.length ?? 0) > 0);
  const bash = found.bash;
  // Refused everywhere: a `cd` away, they would switch a project's gate off.
  if (bash?.forbidden) return deny(`tdd-kernel: ${bash.forbidden}`);
  if (ctx === null) return allow();
  // A shell write outside the project (the temp dir, another checkout) is none of the gate's business.
  const writes = bash ? found.writes.filter((w) => relativeToRoot(ctx.paths.root, w.abs) !== null) : found.writes;
  const unknownWrites = bash?.unknown ?? [];
  if (writes.length === 0 && unknownWrites.length === 0) return allow();
  if (FLUSH_BEFORE_NEXT_EDIT.has(event.host)) {
    const reverted = await flushEarlierTurn(ctx);
    if (reverted) return deny(reverted);
  }
  // The pre-edit copy is taken now (after the edit is too late) but only counts once the post event confirms.
  const base = { tool: event.tool, buffer: 'pending' as const, ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}) };
  const results = writes.map((w) => gateEdit(ctx, w.abs, { ...base, ...gateContent(w, event) }));
  const refused = results.filter((r) => r.decision === 'deny');
  if (refused.length === 0 && unknownWrites.length > 0 && ctx.mode !== 'warn' && !ctx.state().refactor.on) {
    return deny(`tdd-kernel: ${unknownWrites.join('; ')}; write files with Edit/Write so the gate can check them`);
  }
  return answer(results);
}

/** What the gate checks a test file's edit against: the content after it, or that it cannot be known. */
function gateContent(w: Write, event: AgentEvent): { newContent?: string; contentUnknown?: boolean } {
  if (w.touch.deleted) return { newContent: '' };
  if (w.shellUnknown || w.touch.unknown) return { contentUnknown: true };
  if (!w.touch.after) return {};
  const content = contentAfter(w.touch.after, w.abs, readText, (f) => path.resolve(baseDir(event), f));
  return content === undefined ? {} : { newContent: content };
}

function answer(results: GateResult[]): Decided {
  const refused = results.filter((r) => r.decision === 'deny');
  const stderr = results.filter((r) => r.warned).map((r) => `tdd-kernel: warning (mode warn): ${r.reason}\n`).join('');
  if (refused.length === 0) return allow(stderr);
  return { decision: { kind: 'deny', reason: refused.map((r) => `tdd-kernel refused the edit of ${r.file}: ${r.reason}`).join('\n') }, stderr };
}

/** The tool ran: its pending edits join the turn buffer, to be tested (and reverted if red) at the end of the turn. */
async function postTool(event: AgentEvent, opts: HookOptions): Promise<Decided> {
  const { writes } = writesOf(event);
  const ctx = await contextFor(event, opts, writes[0]?.abs ?? null);
  if (ctx === null) return allow();
  const files = writes.map((w) => relativeToRoot(ctx.paths.root, w.abs)).filter((f): f is string => f !== null);
  // opencode's after-event may come without the call's arguments: its id alone finds the pending edit.
  const byId = event.toolUseId !== undefined && event.kind !== 'read' && event.kind !== 'other';
  if (files.length > 0 || byId) confirmEdits(ctx, { files, ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}) });
  return allow();
}

async function stop(event: AgentEvent, opts: HookOptions): Promise<Decided> {
  const ctx = await contextFor(event, opts, null);
  if (ctx === null) return allow();
  const { flush } = await import('../../turn/flush.js');
  const result = await flush(ctx);
  if (!result.ran) return allow(result.recovered.length + result.unconfirmed.length > 0 ? `${result.recovered.map((n) => `tdd-kernel: ${n}\n`).join('')}${result.message}\n` : '');
  if (result.reverted.length === 0 || result.warned) return allow(result.message ? `${result.message}\n` : '');
  const retry = result.failed_test_ids.filter((id) => !result.closed_test_ids.includes(id));
  // Bounded: when every failed claim used its two tries, control goes back to the user instead of looping.
  if (retry.length === 0) return { decision: { kind: 'note', message: `tdd-kernel: edits reverted and the claim closed after two failed greens.\n${result.message}` }, stderr: '' };
  return {
    decision: { kind: 'continue', reason: `tdd-kernel reverted this turn's edits whose tests are still red. Fix the code so the claimed test passes (the test itself stays as it is): the claim stays open, so edit again; a second failed green closes it.\n${result.message}` },
    stderr: '',
  };
}

/** No end-of-turn hook: the first edit after a turn boundary flushes the earlier turn; its report when it reverted. */
async function flushEarlierTurn(ctx: KernelContext): Promise<string | null> {
  if (!earlierTurnBuffered(ctx.paths.scratch, ctx.session)) return null;
  const { flush } = await import('../../turn/flush.js');
  const result = await flush(ctx);
  if (result.reverted.length === 0 || result.warned) return null;
  return `tdd-kernel flushed the edits of your previous turn before this one and reverted those whose tests are still red (this agent has no end-of-turn hook, so this is the first moment it could). Read the files again before editing: the claim stays open unless closed below.\n${result.message}`;
}

/**
 * The kernel context of the event's project; the session is remembered and an interrupted flush finished.
 * Null when the agent works outside any project (projectRootFor).
 */
async function contextFor(event: AgentEvent, opts: HookOptions, file: string | null, writes = false): Promise<KernelContext | null> {
  const env = opts.env ?? process.env;
  const root = projectRootFor(event, env, file, writes);
  if (root === null) return null;
  const session = event.sessionId !== null && event.sessionId !== '' ? event.sessionId : null;
  const ctx = createContext({ root, config: await projectConfig(root), session, env, cli: () => cliCommand(root, env), ...(opts.log ? { log: opts.log } : {}), ...(opts.mode ? { mode: opts.mode } : {}) });
  rememberSession(ctx.paths.scratch, session);
  // A flush killed mid-revert is finished before anything reads the turn (one readdir when there is none).
  if (interruptedFlushes(ctx.paths.scratch).length > 0) await recoverInterrupted(ctx);
  return ctx;
}

/**
 * The root of the project the agent works in (its project directory, else the event's cwd, else the
 * directory of the file it writes or names); null when that is outside any project. An event that says
 * none of these is the hook's own directory's, except that a call that `writes` is then gated there,
 * project or not (fail closed).
 */
function projectRootFor(event: AgentEvent, env: NodeJS.ProcessEnv, file: string | null, writes: boolean): string | null {
  // Without a usable cwd the project is the one holding the file, never the hook's own cwd (which may be /).
  const named = file ?? event.files.find((f) => path.isAbsolute(f.path))?.path;
  const start = env.CLAUDE_PROJECT_DIR || existingDir(event.cwd) || (named ? path.dirname(named) : null);
  if (start) return findProjectRoot(start);
  return writes ? findRoot(process.cwd()) : findProjectRoot(process.cwd());
}

function existingDir(dir: unknown): string | null {
  if (typeof dir !== 'string' || !path.isAbsolute(dir)) return null;
  try {
    return fs.statSync(dir).isDirectory() ? dir : null;
  } catch {
    return null;
  }
}

function expandHome(file: string): string {
  if (file === '~') return process.env.HOME ?? '~';
  return file.startsWith('~/') ? path.join(process.env.HOME ?? '~', file.slice(2)) : file;
}

function readText(abs: string): string | null {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}
