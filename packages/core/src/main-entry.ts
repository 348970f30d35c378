// `@adlc/core/main`: the one main, outcomes, interrupts, typed errors and path containment, from their
// own small modules and nothing else (no commander, zod, SDKs or process libraries), for a long-running
// entry that must not load the rest of core to start: adlc-mcp's server answers `initialize` with only
// these and loads each tool's code on its first call; consensus-fix's bin lists the tree and starts the
// pre-flight's test (dirtyFiles, runCommand) before it loads the run. Bundlers place what a barrel such as
// `@adlc/core` re-exports with the importer, so such an entry imports from here.

export { AdlcError, OpError, ProviderError, InterruptedError, HelpShown } from './errors.js';
export { pass, gateFail, opError, runMain, errorDocument, isOutcome, EXIT, type Outcome, type MainOptions } from './outcome.js';
export { interruptSignal, onInterrupt, withInterruptScope, INTERRUPT_EXIT_GRACE_MS } from './interrupt.js';
export { isInsideRoot, relativeToRoot, type InsideRootResult } from './paths.js';
export { runCommand, type CommandResult, type RunCommandOptions } from './run-command.js';
export { dirtyFiles } from './git.js';
