// `tdd-kernel init <agent>`: writes the agent's hook settings from its row in install-specs.ts. Merges
// into what is there (the user's settings and hooks stay; this agent's earlier kernel entries are
// replaced, so running it twice leaves one entry each), and with --dry-run only says what it would write.

import * as fs from 'node:fs';
import path from 'node:path';
import { shellQuote, writeFileAtomicSync } from '@adlc/core';
import type { AgentName } from '../types.js';
import { KernelUsageError } from '../../kernel/errors.js';
import { codexTrustNotes } from './codex-hooks.js';
import { clineChainedPath, clineScript, opencodePlugin, SCRIPT_MARK } from './hook-scripts.js';
import { INSTALL, isKernelCommand, type HookEntrySpec, type InstallSpec } from './install-specs.js';
import { hooksOf, mergeFlat, mergeMatcherGroups, readSettings, type Json } from './json-merge.js';
import type { InitAgentOutput } from '../../schemas/outputs.js';

/** What `init <agent> --json` prints; the schema leaves optional what claude-code's first output lacked. */
export type AgentInitResult = Required<InitAgentOutput>;
export type InitFile = AgentInitResult['files'][number];

export interface InitOptions {
  command: string;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * The hook command: this very CLI by absolute paths, Node's included, so it works from any cwd and in
 * shells whose PATH differs (Codex runs hooks in a login shell, whose /etc/profile resets PATH).
 */
export function absoluteHookCommand(agent: AgentName, cliPath: string, nodePath = process.execPath): string {
  return `${shellQuote(nodePath)} ${shellQuote(cliPath)} hook ${agent}`;
}

export function initAgent(agent: AgentName, root: string, opts: InitOptions): AgentInitResult {
  const spec = INSTALL[agent];
  const planned = plan(agent, spec, root, opts.command);
  if (!opts.dryRun) for (const file of planned.files) writeInitFile(root, file);
  const main = planned.files.find((f) => !f.path.includes('/chained/')) ?? planned.files[0]!;
  const notes = [...(agent === 'codex' ? codexTrustNotes(root, opts.env ?? process.env, main.content) : []), ...planned.notes];
  return { agent, settings: main.path, command: opts.command, created: main.created, replaced: planned.replaced, dry_run: opts.dryRun === true, files: planned.files, notes };
}

function plan(agent: AgentName, spec: InstallSpec, root: string, command: string): { files: InitFile[]; replaced: number; notes: string[] } {
  switch (spec.format) {
    case 'matcher-groups':
    case 'flat': {
      const { content, created, replaced } = mergedSettings(agent, root, command);
      return { files: [{ path: spec.file, created, content }], replaced, notes: [] };
    }
    case 'executables': {
      const chained = spec.entries.map((e) => chainUserHook(root, `${spec.dir}/${e.event}`, clineChainedPath(e.event)));
      const files = spec.entries.map((e, i) => ownFile(agent, root, `${spec.dir}/${e.event}`, clineScript(command, chained[i]?.path), true, chained[i] !== null));
      const moved = chained.filter((c): c is InitFile & { moved: boolean } => c !== null && c.moved);
      const notes = moved.map((c) => `your own ${c.path.replace('/chained/', '/')} now runs after the kernel's hook (when the kernel does not refuse), from ${c.path}`);
      // The user's hooks are written aside before the kernel's take their place.
      return { files: [...moved.map(({ moved: _, ...f }) => f), ...files], replaced: files.filter((f) => !f.created).length - moved.length, notes };
    }
    case 'plugin': {
      const file = ownFile(agent, root, spec.file, opencodePlugin(command, { pre: timeoutMs(spec.entries[0]!), post: timeoutMs(spec.entries[1]!) }), false);
      return { files: [file], replaced: file.created ? 0 : 1, notes: [] };
    }
  }
}

const timeoutMs = (e: HookEntrySpec) => (e.timeoutS ?? 30) * 1000;

/** The agent's JSON settings (its row's file, or `file` relative to the root) with the kernel's entries merged in. */
export function mergedSettings(agent: AgentName, root: string, command: string, file?: string): { content: string; created: boolean; replaced: number } {
  const row = INSTALL[agent];
  if (row.format !== 'matcher-groups' && row.format !== 'flat') throw new Error(`${agent} has no JSON settings`);
  const spec = { ...row, file: file ?? row.file };
  const { doc, created } = readSettings(path.join(root, spec.file), spec.file);
  const hooks = hooksOf(doc, spec.file);
  let replaced: number;
  if (spec.format === 'matcher-groups') {
    const timeout = (e: HookEntrySpec) => (spec.timeoutUnit === 'ms' ? (e.timeoutS ?? 30) * 1000 : (e.timeoutS ?? 30));
    const add = spec.entries.map((e) => ({ event: e.event, group: { ...(e.matcher ? { matcher: e.matcher } : {}), hooks: [{ type: 'command', command, timeout: timeout(e), ...spec.handler }] } }));
    replaced = mergeMatcherGroups(hooks, (h) => isKernelCommand(h.command, agent), add);
  } else {
    const add = spec.entries.map((e) => ({ event: e.event, handler: flatHandler(spec, e, command) }));
    replaced = mergeFlat(hooks, (h) => isKernelCommand(h[spec.commandField], agent), add);
  }
  const out: Json = spec.format === 'flat' && spec.version !== undefined && doc.version === undefined ? { version: spec.version, ...doc } : doc;
  out.hooks = hooks;
  return { content: `${JSON.stringify(out, null, 2)}\n`, created, replaced };
}

function flatHandler(spec: Extract<InstallSpec, { format: 'flat' }>, e: HookEntrySpec, command: string): Json {
  return {
    ...spec.handler,
    [spec.commandField]: command,
    ...(spec.timeoutField && e.timeoutS !== undefined ? { [spec.timeoutField]: e.timeoutS } : {}),
    ...(e.failClosed ? { failClosed: true } : {}),
  };
}

/**
 * The user's own hook at `rel`, kept at `aside` to be chained after the kernel's: `moved` when `init`
 * moves it there now, not when an earlier `init` already did. Null when there is none.
 */
function chainUserHook(root: string, rel: string, aside: string): (InitFile & { moved: boolean }) | null {
  const abs = path.join(root, rel);
  if (fs.existsSync(abs)) {
    const content = fs.readFileSync(abs, 'utf8');
    if (!content.includes(SCRIPT_MARK)) return { path: aside, created: !fs.existsSync(path.join(root, aside)), content, executable: true, moved: true };
  }
  return fs.existsSync(path.join(root, aside)) ? { path: aside, created: false, content: '', moved: false } : null;
}

/** A file that is wholly the kernel's: rewritten when it is ours (or when the user's was chained), never otherwise. */
function ownFile(agent: AgentName, root: string, rel: string, content: string, executable: boolean, userChained = false): InitFile {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return { path: rel, created: true, content, ...(executable ? { executable } : {}) };
  if (userChained) return { path: rel, created: false, content, ...(executable ? { executable } : {}) };
  if (!fs.readFileSync(abs, 'utf8').includes(SCRIPT_MARK)) {
    throw new KernelUsageError(`${rel} exists and is not tdd-kernel's; nothing was changed`, `merge it by hand: the kernel's version is what \`tdd-kernel init ${agent} --dry-run\` prints`);
  }
  return { path: rel, created: false, content, ...(executable ? { executable } : {}) };
}

function writeInitFile(root: string, file: InitFile): void {
  const abs = path.join(root, file.path);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  writeFileAtomicSync(abs, file.content);
  if (file.executable) fs.chmodSync(abs, 0o755);
}

