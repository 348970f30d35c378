// The kernel's own usage error (bad id, path outside the project...). The CLI turns it into core's
// OpError (exit 1); the library throws it as is, so importing the kernel does not load core.

export class KernelUsageError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'KernelUsageError';
    this.hint = hint;
  }
}

/** The test runner could not be run or wrote no report: an operational error, never a red. */
export class RunnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunnerError';
  }
}
