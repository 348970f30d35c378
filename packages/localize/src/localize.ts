// The whole localization in one call, for callers that want only the ranking (the MCP server's
// `localize` tool, scripts). consensus-fix drives observeFailure itself: its pre-flight is this same
// run of the test, and it overlaps the run with its own start-up.

import { LOCALIZE_DEFAULTS } from './defaults.js';
import { findTarget } from './repository.js';
import { observeFailure } from './run/observe.js';
import { requireFailure } from './require-failure.js';
import type { Localization } from './schema.js';

export interface LocalizeOptions {
  /** Shell command running the failing test; it must fail now. */
  testCmd: string;
  /** Where the command runs; files are ranked across the repository that holds it. */
  cwd: string;
  /** How many files to return, best first. */
  maxFiles?: number;
  /** Seconds: bound on each run of the test (and of the rails). */
  timeout?: number;
  /** The regression suite, run beside the test: lines it also runs weigh less (Ochiai's passing side). */
  rails?: string;
  /** The commands' environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Called as the run moves on (the test's run, then the ranking). */
  onProgress?: (message: string) => void;
}

/** Runs the failing test with coverage and ranks the files a fix most likely changes. Throws an OpError when the test does not fail. */
export async function localize(options: LocalizeOptions): Promise<Localization> {
  const { testCmd, cwd, rails } = options;
  const maxFiles = options.maxFiles ?? LOCALIZE_DEFAULTS.maxFiles;
  const timeout = options.timeout ?? LOCALIZE_DEFAULTS.timeout;
  const target = await findTarget(cwd);
  const observation = await observeFailure({ root: target.root, isRepo: target.isRepo, cwd, testCmd, rails, env: options.env ?? process.env, timeoutMs: timeout * 1000 });
  try {
    options.onProgress?.(`pre-flight: ${testCmd}`);
    requireFailure(await observation.failing, testCmd, timeout, target.root);
    options.onProgress?.('localizing the files to fix');
    return (await observation.localize(maxFiles)).localization;
  } finally {
    await observation.dispose();
  }
}
