// @adlc/core: what the four gate tools share, one module of the public API per line.
// Each is re-exported whole (`export *`): a tool's CLI is one esbuild bundle with code splitting, and
// esbuild gives an entry every module a named re-export in this file points to once any lazily loaded
// code imports it, so a CLI's `--help` and tdd-kernel's hook would load all of core (zod, the process and
// git helpers). With `export *` an entry loads only the modules it imports from. For the same reason
// a tool imports core statically: `import('@adlc/core')` would make all of it one chunk.

export * from './errors.js';
export * from './outcome.js';
export * from './failure-hints.js';
export * from './args.js';
export * from './output.js';
export * from './paths.js';
export * from './test-path.js';
export * from './listed-files.js';
export * from './atomic-write.js';
export * from './providers/types.js';
export * from './shell-quote.js';
export * from './error-output.js';
export * from './usage.js';
export * from './providers/detect.js';
export * from './complete.js';
export * from './fan.js';
export * from './map-limit.js';
export * from './json.js';
export * from './redact.js';
export * from './interrupt.js';
export * from './run-command.js';
export * from './text-style.js';
export * from './terminal-safe.js';
export * from './snapshot.js';
export * from './snapshot-recover.js';
export * from './restore-interrupted.js';
export * from './git.js';
export * from './clean-tree.js';
export * from './run-git.js';
export * from './hunk-header.js';
export * from './ts-parse.js';
export * from './syntax.js';
export * from './process-alive.js';
export * from './random.js';
export * from './hash.js';
export * from './stdio.js';
export * from './help-request.js';
export * from './options/define-options.js';
export * from './options/commander-flags.js';
export * from './options/config-file.js';
export * from './options/resolve-options.js';
export * from './options/shared-options.js';
