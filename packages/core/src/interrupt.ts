// Process-wide interrupt handling: one AbortSignal for SIGINT/SIGTERM, and synchronous cleanups
// (kill child process groups, restore snapshotted files) that run the moment a signal arrives.
// A long-lived host running several tool runs at once (the MCP server) gives each its own interrupt
// scope: cancelling one run does to it exactly what SIGINT does to a CLI, and leaves the others be.

import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { InterruptedError } from './errors.js';

/** Why cleanups run: a signal, or the process exiting with cleanups still registered (a crash). */
export type InterruptReason = 'SIGINT' | 'SIGTERM' | 'exit';
export type InterruptCleanup = (reason: InterruptReason) => void;

/** How long a handled signal waits for the main flow to unwind before exiting anyway. */
export const INTERRUPT_EXIT_GRACE_MS = 3000;

interface InterruptScope {
  controller: AbortController;
  /** The cleanups registered inside the scope (each is also in the process-wide set). */
  cleanups: Set<InterruptCleanup>;
}

interface InterruptState {
  controller: AbortController;
  /** Insertion-ordered; run newest first, like nested `finally` blocks (kill a child before restoring files). */
  cleanups: Set<InterruptCleanup>;
  installed: boolean;
  received: 'SIGINT' | 'SIGTERM' | null;
  /** The scope the running code belongs to, if any (see withInterruptScope). */
  scopes: AsyncLocalStorage<InterruptScope>;
}

// Kept on globalThis under a global symbol so two copies of this package in one dependency tree
// share one signal and one handler instead of racing each other.
const STATE_KEY = Symbol.for('adlc.interrupt');

/**
 * Every model call and command in flight listens to the interrupt signal, and a run may have dozens
 * in flight (three reviewers × --jobs, an MCP server's concurrent calls): without lifting Node's
 * default of ten, a normal run prints MaxListenersExceededWarning. Each listener is removed when its
 * call ends, so the count stays bounded by the work in flight.
 */
function unboundedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function state(): InterruptState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: InterruptState };
  holder[STATE_KEY] ??= { controller: unboundedController(), cleanups: new Set(), installed: false, received: null, scopes: new AsyncLocalStorage() };
  // A state made by an older copy of this package has no scopes yet.
  holder[STATE_KEY].scopes ??= new AsyncLocalStorage();
  return holder[STATE_KEY];
}

/**
 * Aborted (reason: InterruptedError) once SIGINT or SIGTERM arrives, or, inside an interrupt scope,
 * once that scope is cancelled. Pass it to anything long-running.
 */
export function interruptSignal(): AbortSignal {
  const current = state();
  return (current.scopes.getStore() ?? current).controller.signal;
}

/** Throws the InterruptedError if a signal has arrived; call between steps that must not start after Ctrl-C. */
export function throwIfInterrupted(): void {
  const signal = interruptSignal();
  if (signal.aborted) throw signal.reason;
}

/**
 * Registers a synchronous cleanup run on SIGINT/SIGTERM (and on exit while still registered).
 * Registering installs the handlers: a cleanup nobody would ever run protects nothing.
 * Returns the unregister function; call it from `finally` once the resource is released normally.
 */
export function onInterrupt(cleanup: InterruptCleanup): () => void {
  installInterruptHandlers();
  const { cleanups, scopes } = state();
  const scope = scopes.getStore();
  cleanups.add(cleanup);
  scope?.cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    scope?.cleanups.delete(cleanup);
  };
}

/**
 * Runs `fn` in an interrupt scope of its own. When `cancel` aborts, the scope's interruptSignal()
 * aborts with an InterruptedError('SIGINT') and the cleanups registered inside the scope run at once,
 * newest first: its child processes are killed and its snapshotted files restored, exactly as SIGINT
 * does for a whole CLI, while work outside the scope goes on. A real SIGINT or SIGTERM still reaches
 * the scope. `fn` then unwinds with the InterruptedError like an interrupted CLI run.
 */
export async function withInterruptScope<T>(cancel: AbortSignal, fn: () => Promise<T>): Promise<T> {
  const current = state();
  const scope: InterruptScope = { controller: unboundedController(), cleanups: new Set() };
  const onProcessSignal = () => scope.controller.abort(current.controller.signal.reason);
  const onCancel = () => {
    if (scope.controller.signal.aborted) return;
    scope.controller.abort(new InterruptedError('SIGINT'));
    runCleanupsOf(scope.cleanups, 'SIGINT');
  };
  current.controller.signal.addEventListener('abort', onProcessSignal, { once: true });
  cancel.addEventListener('abort', onCancel, { once: true });
  if (current.controller.signal.aborted) onProcessSignal();
  if (cancel.aborted) onCancel();
  try {
    return await current.scopes.run(scope, fn);
  } finally {
    current.controller.signal.removeEventListener('abort', onProcessSignal);
    cancel.removeEventListener('abort', onCancel);
  }
}

/** Idempotent. The CLI's main() should call it first thing; onInterrupt() also calls it. */
export function installInterruptHandlers(): void {
  const current = state();
  if (current.installed) return;
  current.installed = true;
  process.on('SIGINT', handleSignal);
  process.on('SIGTERM', handleSignal);
  // A crash (uncaught exception, a stray process.exit) must not leave children running or files garbled.
  process.on('exit', () => runCleanups('exit'));
}

function handleSignal(signal: NodeJS.Signals): void {
  const current = state();
  const sig = signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
  const exitCode = new InterruptedError(sig).exitCode;
  if (current.received !== null) {
    // The user insists: clean up again (cheap, idempotent) and leave now.
    runCleanups(sig);
    process.exit(exitCode);
  }
  current.received = sig;
  current.controller.abort(new InterruptedError(sig));
  runCleanups(sig);
  // The normal path is the main flow seeing the aborted signal and unwinding through its finally blocks;
  // this only guarantees a prompt exit when something is stuck and ignores the signal.
  setTimeout(() => {
    runCleanups(sig);
    process.exit(exitCode);
  }, INTERRUPT_EXIT_GRACE_MS).unref();
}

function runCleanups(reason: InterruptReason): void {
  runCleanupsOf(state().cleanups, reason);
}

function runCleanupsOf(cleanups: ReadonlySet<InterruptCleanup>, reason: InterruptReason): void {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup(reason);
    } catch (error) {
      process.stderr.write(`adlc: cleanup after ${reason} failed: ${describe(error)}\n`);
    }
  }
}

/** Signals a whole process group (a child spawned with `detached: true`); a group already gone is fine. */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
