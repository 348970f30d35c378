// `tdd-kernel hook claude-code`: reads one Claude Code hook event on stdin and answers on stdout.
// PreToolUse gates edits (and Bash / MCP side doors); Stop flushes the turn. Fail closed: any internal
// error denies with the error and still exits 0 (Claude Code lets an edit through on any other exit).

import * as fs from 'node:fs';
import path from 'node:path';
import { bashWrites } from './bash-writes.js';
import { createContext, type KernelContext } from './context.js';
import { gateEdit, type GateResult } from './gate.js';
import { confirmEdits } from './confirm.js';
import { findRoot, relativeToRoot } from './project.js';
import { interruptedFlushes, recoverInterrupted } from './recover.js';
import { rememberSession } from './session.js';

export interface HookOptions {
  log?: string;
  mode?: 'strict' | 'warn';
  env?: NodeJS.ProcessEnv;
}

export interface HookAnswer {
  /** Exactly what goes to stdout: '' (allow, nothing to say) or one JSON document. */
  stdout: string;
  /** For people: stderr. */
  stderr: string;
}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const MCP_WRITE = /(?:write|edit|create|replace|patch|move|rename|delete|remove|append|insert|update|save|put|upload|apply)/i;
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'filename', 'file', 'target', 'target_path', 'destination', 'dest', 'new_path', 'newPath', 'source', 'paths', 'files'];

interface HookEvent {
  session_id?: string;
  tool_use_id?: string;
  cwd?: string;
  hook_event_name?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  stop_hook_active?: boolean;
}

export function deny(reason: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
}

export async function handleClaudeHook(input: string, opts: HookOptions = {}): Promise<HookAnswer> {
  let event: HookEvent;
  try {
    event = JSON.parse(input) as HookEvent;
    if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new Error('not a JSON object');
    if (typeof event.hook_event_name !== 'string') throw new Error('no hook_event_name');
  } catch (error) {
    // We cannot tell which event this is; denying is the only closed answer (ignored outside PreToolUse).
    return { stdout: deny(`tdd-kernel: could not read the hook event on stdin (${(error as Error).message}); edit refused`), stderr: '' };
  }
  const name = event.hook_event_name;
  try {
    if (name === 'PreToolUse') return await preToolUse(event, opts);
    if (name === 'PostToolUse') return await postToolUse(event, opts);
    if (name === 'Stop' || name === 'SubagentStop') return await stop(event, opts);
    return { stdout: '', stderr: '' };
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (name === 'PreToolUse') return { stdout: deny(`tdd-kernel internal error, edit refused (fail closed): ${message}`), stderr: '' };
    if ((name === 'Stop' || name === 'SubagentStop') && !event.stop_hook_active) {
      return { stdout: JSON.stringify({ decision: 'block', reason: `tdd-kernel could not flush this turn's edits: ${message}` }), stderr: '' };
    }
    return { stdout: '', stderr: `tdd-kernel: ${message}\n` };
  }
}

async function contextFor(event: HookEvent, opts: HookOptions, file?: string): Promise<KernelContext> {
  const env = opts.env ?? process.env;
  // Without a usable cwd the project is the one holding the file, never the hook's own cwd (which may be /).
  const start = env.CLAUDE_PROJECT_DIR || existingDir(event.cwd) || (file ? path.dirname(file) : null) || process.cwd();
  const session = typeof event.session_id === 'string' && event.session_id !== '' ? event.session_id : null;
  const ctx = createContext({ root: findRoot(start), session, env, ...(opts.log ? { log: opts.log } : {}), ...(opts.mode ? { mode: opts.mode } : {}) });
  rememberSession(ctx.paths.scratch, session);
  // A flush killed mid-revert is finished before anything reads the turn (one readdir when there is none).
  if (interruptedFlushes(ctx.paths.scratch).length > 0) await recoverInterrupted(ctx);
  return ctx;
}

function existingDir(dir: unknown): string | null {
  if (typeof dir !== 'string' || !path.isAbsolute(dir)) return null;
  try {
    return fs.statSync(dir).isDirectory() ? dir : null;
  } catch {
    return null;
  }
}

/** The files a tool call writes, as absolute paths; null when a write tool names none. */
function toolWrites(event: HookEvent): { files: Array<{ abs: string; deleted: boolean; unknown: boolean }>; bash?: ReturnType<typeof bashWrites> } | null {
  const tool = event.tool_name ?? '';
  const input = typeof event.tool_input === 'object' && event.tool_input !== null ? event.tool_input : {};
  const file0 = EDIT_TOOLS.has(tool) ? stringField(input, ['file_path', 'notebook_path']) : null;
  const cwd = existingDir(event.cwd) ?? (file0 && path.isAbsolute(file0) ? path.dirname(file0) : process.cwd());
  if (EDIT_TOOLS.has(tool)) {
    const file = stringField(input, tool === 'NotebookEdit' ? ['notebook_path', 'file_path'] : ['file_path']);
    return file ? { files: [{ abs: path.resolve(cwd, file), deleted: false, unknown: false }] } : null;
  }
  if (tool === 'Bash') {
    if (typeof input.command !== 'string') return null;
    const bash = bashWrites(input.command);
    const deleted = new Set(bash.deleted);
    return { bash, files: bash.files.map((f) => ({ abs: path.resolve(cwd, expandHome(f)), deleted: deleted.has(f), unknown: !deleted.has(f) })) };
  }
  if (tool.startsWith('mcp__') && MCP_WRITE.test(tool.slice(tool.lastIndexOf('__') + 2))) {
    return { files: pathArgs(input).map((f) => ({ abs: path.resolve(cwd, f), deleted: false, unknown: true })) };
  }
  return { files: [] };
}

async function preToolUse(event: HookEvent, opts: HookOptions): Promise<HookAnswer> {
  const tool = event.tool_name ?? '';
  const writes = toolWrites(event);
  if (!writes) return { stdout: deny(`tdd-kernel: ${tool} without a ${tool === 'Bash' ? 'command' : 'file path'}; edit refused`), stderr: '' };
  if (writes.bash?.forbidden) return { stdout: deny(`tdd-kernel: ${writes.bash.forbidden}`), stderr: '' };
  const unknownWrites = writes.bash?.unknown ?? [];
  if (writes.files.length === 0 && unknownWrites.length === 0) return { stdout: '', stderr: '' };
  const ctx = await contextFor(event, opts, writes.files[0]?.abs);
  // The pre-edit copy is taken now (after the edit is too late) but only counts once PostToolUse confirms.
  const base = { tool, buffer: 'pending' as const, ...(event.tool_use_id ? { toolUseId: event.tool_use_id } : {}) };
  const results = writes.files.map((w) => {
    if (EDIT_TOOLS.has(tool)) return gateEdit(ctx, w.abs, { ...base, ...newContentOf(tool, w.abs, event.tool_input ?? {}) });
    return gateEdit(ctx, w.abs, { ...base, ...(w.deleted ? { newContent: '' } : {}), ...(w.unknown && tool === 'Bash' ? { contentUnknown: true } : {}) });
  });
  const refused = results.filter((r) => r.decision === 'deny');
  if (refused.length === 0 && unknownWrites.length > 0 && ctx.mode !== 'warn' && !ctx.state().refactor.on) {
    return { stdout: deny(`tdd-kernel: ${unknownWrites.join('; ')}; write files with Edit/Write so the gate can check them`), stderr: '' };
  }
  return answer(results);
}

/** The tool ran: its pending edits join the turn buffer, to be tested (and reverted if red) at Stop. */
async function postToolUse(event: HookEvent, opts: HookOptions): Promise<HookAnswer> {
  const writes = toolWrites(event);
  if (!writes || writes.files.length === 0) return { stdout: '', stderr: '' };
  const ctx = await contextFor(event, opts, writes.files[0]?.abs);
  const files = writes.files.map((w) => relativeToRoot(ctx.paths.root, w.abs)).filter((f): f is string => f !== null);
  confirmEdits(ctx, { files, ...(event.tool_use_id ? { toolUseId: event.tool_use_id } : {}) });
  return { stdout: '', stderr: '' };
}

function answer(results: GateResult[]): HookAnswer {
  const refused = results.filter((r) => r.decision === 'deny');
  const warned = results.filter((r) => r.warned);
  const stderr = warned.map((r) => `tdd-kernel: warning (mode warn): ${r.reason}\n`).join('');
  if (refused.length === 0) return { stdout: '', stderr };
  return { stdout: deny(refused.map((r) => `tdd-kernel refused the edit of ${r.file}: ${r.reason}`).join('\n')), stderr };
}

function stringField(input: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const v = input[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

function pathArgs(input: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of PATH_KEYS) {
    const v = input[key];
    if (typeof v === 'string' && v !== '') out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string' && x !== ''));
  }
  return out;
}

function expandHome(file: string): string {
  return file.startsWith('~/') ? path.join(process.env.HOME ?? '~', file.slice(2)) : file;
}

/** The file's content after the edit, when it can be computed: checked for weakening a claimed test. */
function newContentOf(tool: string, abs: string, input: Record<string, unknown>): { newContent?: string } {
  if (tool === 'Write') return typeof input.content === 'string' ? { newContent: input.content } : {};
  if (tool !== 'Edit' && tool !== 'MultiEdit') return {};
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch {
    return {};
  }
  const edits = tool === 'Edit' ? [input] : Array.isArray(input.edits) ? (input.edits as Array<Record<string, unknown>>) : [];
  for (const e of edits) {
    if (typeof e.old_string !== 'string' || typeof e.new_string !== 'string' || e.old_string === '') return {};
    if (!text.includes(e.old_string)) return {};
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string as string);
  }
  return { newContent: text };
}

async function stop(event: HookEvent, opts: HookOptions): Promise<HookAnswer> {
  const ctx = await contextFor(event, opts);
  const { flush } = await import('./flush.js');
  const result = await flush(ctx);
  if (!result.ran) return { stdout: '', stderr: result.recovered.length + result.unconfirmed.length > 0 ? `${result.recovered.map((n) => `tdd-kernel: ${n}\n`).join('')}${result.message}\n` : '' };
  if (result.reverted.length === 0 || result.warned) return { stdout: '', stderr: result.message ? `${result.message}\n` : '' };
  const retry = result.failed_test_ids.filter((id) => !result.closed_test_ids.includes(id));
  if (retry.length === 0) {
    // Bounded: both tries used; hand control back to the user instead of looping.
    return { stdout: JSON.stringify({ systemMessage: `tdd-kernel: edits reverted and the claim closed after two failed greens.\n${result.message}` }), stderr: '' };
  }
  return { stdout: JSON.stringify({ decision: 'block', reason: `tdd-kernel reverted this turn's edits whose tests are still red. Fix the code so the claimed test passes (the test itself stays as it is): the claim stays open, so edit again; a second failed green closes it.\n${result.message}` }), stderr: '' };
}
