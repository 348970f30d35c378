// What every kernel operation works from: paths, config, session, clock, and the state loaded from
// the compact state file plus the log's new tail.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelConfig } from './config.js';
import type { KernelEvent } from '../schemas/events.js';
import type { GlobalFlags } from '../cli/options.js';
import type { Mode } from '../cli/hot-flags.js';
import { findRoot, projectPaths, type ProjectPaths } from './paths.js';
import { cliCommand } from './cli-command.js';
import { lastSession } from './session.js';
import { loadState, recordEvents } from '../kernel/state-store.js';
import type { KernelState } from '../kernel/state.js';
import type { RunnerAdapter } from '../runners/types.js';
import type { Reporter } from '@adlc/core';

export interface KernelOptions {
  /** The project root; default: found from the current directory (.tdd-kernel/ or .git above it). */
  root?: string;
  /** Event log path (relative to the root or absolute); default from config, else .tdd-kernel/events.jsonl. */
  log?: string;
  /** A runner adapter; default: configured or detected. */
  runner?: RunnerAdapter;
  /** Config; default: read from .tdd-kernel/config.json (and checked). */
  config?: KernelConfig;
  /** The agent session; claims and turn buffers are per session. */
  session?: string | null;
  /** strict (default) refuses edits; warn lets them through and reports. */
  mode?: Mode;
  now?: () => number;
  env?: NodeJS.ProcessEnv;
  /** Where warnings about the log go (corrupt lines); default stderr. */
  warn?: (message: string) => void;
  /** How the agent's shell runs this CLI, in the commands refusals name (default `tdd-kernel`); worked out on first use. */
  cli?: () => string;
}

export interface KernelContext {
  paths: ProjectPaths;
  config: KernelConfig;
  session: string | null;
  mode: Mode;
  now: () => number;
  env: NodeJS.ProcessEnv;
  runner: RunnerAdapter | undefined;
  warn: (message: string) => void;
  state(): KernelState;
  append(events: KernelEvent[]): void;
  /** Path relative to the log's root, for protecting the log itself. */
  logRel: string | null;
  /** How the agent's shell runs this CLI (`tdd-kernel`, `npx tdd-kernel`, `node <bin>`), for the commands refusals name. */
  cli(): string;
  /** Where a CLI command shows that the tests are running (none in a hook or a library call). */
  reporter?: Pick<Reporter, 'progress' | 'endProgress'>;
}

/** A context from options whose config is read already (projectConfig on the hot path, loadConfig elsewhere). */
export function createContext(opts: KernelOptions & { config: KernelConfig }): KernelContext {
  const root = rootOf(opts.root);
  const { config } = opts;
  const paths = projectPaths(root, config, opts.log);
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`tdd-kernel: warning: ${m}\n`));
  const rel = path.relative(root, paths.log);
  let cli: string | undefined;
  const ctx: KernelContext = {
    paths,
    config,
    session: opts.session ?? null,
    mode: opts.mode ?? config.mode ?? 'strict',
    now: opts.now ?? Date.now,
    env: opts.env ?? process.env,
    runner: opts.runner,
    warn,
    logRel: rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/'),
    cli() {
      cli ??= opts.cli?.() ?? 'tdd-kernel';
      return cli;
    },
    state() {
      const loaded = loadState(paths);
      for (const w of loaded.warnings) warn(w);
      return loaded.state;
    },
    append(events) {
      recordEvents(paths, events.map((e) => (ctx.session !== null && !('session_id' in e) ? { ...e, session_id: ctx.session } : e)));
    },
  };
  return ctx;
}

/** The project root: the one given, else found from `cwd` (.tdd-kernel/ or .git above it). */
export function rootOf(root: string | undefined, cwd: string = process.cwd()): string {
  return root ? realpathSafe(path.resolve(root)) : findRoot(cwd);
}

/**
 * The context of a CLI command (the full CLI's and the hot path's alike) in the project at `root` (from
 * --root or found from the working directory): the session from --session, $TDD_KERNEL_SESSION, else the
 * one the hook last saw.
 */
export function contextForFlags(flags: GlobalFlags, env: NodeJS.ProcessEnv, root: string, config: KernelConfig, bin: string | null | undefined = process.argv[1]): KernelContext {
  const session = flags.session || env.TDD_KERNEL_SESSION || lastSession(projectPaths(root, config, flags.log).scratch);
  return createContext({ root, config, session, env, cli: () => cliCommand(root, env, bin), ...(flags.log ? { log: flags.log } : {}), ...(flags.mode ? { mode: flags.mode } : {}) });
}

function realpathSafe(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}
