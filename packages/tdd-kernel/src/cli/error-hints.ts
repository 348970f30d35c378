// The kernel's own errors, each with the hint that fixes it. Core-free, so the library stays light:
// the CLI (commands.ts) and in-process hosts (the MCP server) turn the answer into core's OpError.

import type { KernelUsageError } from '../kernel/errors.js';

export interface KernelErrorDescription {
  message: string;
  hint?: string;
}

/**
 * By name, not class: the bin runs check and the hooks from its own file (bin.ts) and hands their errors
 * to the full CLI's file, whose copies of these classes are other classes. The names are literals: the
 * bundles are minified, class names included.
 */
const named = <T extends Error>(error: unknown, name: string): error is T => error instanceof Error && error.name === name;

/** How to go on when no runner is detected: a known runner, or any other one through JUnit XML. */
export const NO_RUNNER_HINT =
  'install one, or set "runner" in .tdd-kernel/config.json; any other runner (tap, mocha, ava, ...) that writes JUnit XML works with "runner": "junit" and a "junitCommand" ({report} is the XML file, {tests} the test files)';

/** The message and hint of one of the kernel's operational errors; null for anything else. */
export function describeKernelError(error: unknown): KernelErrorDescription | null {
  if (named<KernelUsageError>(error, 'KernelUsageError')) return { message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (named(error, 'RunnerError')) return { message: error.message, hint: 'check that the test command runs on its own (set "command" in .tdd-kernel/config.json if it needs another one)' };
  if (named(error, 'NoRunnerError')) return { message: error.message, hint: NO_RUNNER_HINT };
  return null;
}
