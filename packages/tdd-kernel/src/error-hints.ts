// The kernel's own errors, each with the hint that fixes it. Core-free, so the library stays light:
// the CLI (commands.ts) and in-process hosts (the MCP server) turn the answer into core's OpError.

import { ConfigError } from './config.js';
import { KernelUsageError, RunnerError } from './errors.js';
import { NoRunnerError } from './run-tests.js';

export interface KernelErrorDescription {
  message: string;
  hint?: string;
}

/** The message and hint of one of the kernel's operational errors; null for anything else. */
export function describeKernelError(error: unknown): KernelErrorDescription | null {
  if (error instanceof KernelUsageError) return { message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (error instanceof ConfigError) return { message: error.message, hint: 'fix .tdd-kernel/config.json (see the README for the keys)' };
  if (error instanceof RunnerError) return { message: error.message, hint: 'check that the test command runs on its own (set "command" in .tdd-kernel/config.json if it needs another one)' };
  if (error instanceof NoRunnerError) return { message: error.message, hint: 'install one, or set "runner" (and "command") in .tdd-kernel/config.json' };
  return null;
}
