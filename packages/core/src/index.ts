// @adlc/core: what the four gate tools share. The public API is named here explicitly.

export {
  AdlcError,
  OpError,
  ProviderError,
  InterruptedError,
  JsonExtractError,
  HelpShown,
  type AdlcErrorCode,
  type JsonExtractReason,
} from './errors.js';
export {
  pass,
  gateFail,
  opError,
  printJson,
  promptOnly,
  runMain,
  isOutcome,
  EXIT,
  type Outcome,
  type OutputDoc,
  type MainOptions,
} from './outcome.js';
export { ErrorOutputSchema, type ErrorOutput } from './error-output.js';
export {
  parseArgs,
  createProgram,
  configureForMain,
  addSharedOptions,
  intArg,
  floatArg,
  listArg,
  type ProgramSpec,
  type SharedFlag,
  type SharedOptions,
} from './args.js';
export { createReporter, createStyle, colorEnabled, type Reporter, type ReporterOptions, type Style } from './output.js';
export {
  PROVIDER_IDS,
  TIERS,
  type ProviderId,
  type Tier,
  type Provider,
  type GenerateRequest,
  type GenerateResult,
  type Usage,
} from './providers/types.js';
export {
  detectProvider,
  requireProvider,
  resolveModel,
  availableKeyProviders,
  isProviderAvailable,
  isProviderId,
  isTier,
  assertConfigured,
  DEFAULT_MODELS,
  NO_PROVIDER_MESSAGE,
} from './providers/detect.js';
export { complete, modelFor, prewarmProviders, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_TOKENS, type CompleteOptions, type Completion } from './complete.js';
export { fan, DEFAULT_FAN_TEMPERATURE, type FanOptions, type FanResult } from './fan.js';
export { extractJson } from './json.js';
export { redactSecrets, redactWithCount, secretValues, SECRET_PATTERNS, type Redaction } from './redact.js';
export { interruptSignal, onInterrupt, installInterruptHandlers, throwIfInterrupted, killProcessGroup, INTERRUPT_EXIT_GRACE_MS, type InterruptCleanup, type InterruptReason } from './interrupt.js';
export { runCommand, preloadCommandRunner, KILL_GRACE_MS, type RunCommandOptions, type CommandResult } from './run-command.js';
export { writeFileAtomic, writeFileAtomicSync, type AtomicWriteOptions } from './atomic-write.js';
export { conformTextStyle, detectEol, type Eol } from './text-style.js';
export { FileSnapshot, journalDir, type SnapshotEntry, type FileSnapshotOptions } from './snapshot.js';
export { recoverJournals, type RecoveredJournal, type RecoverOptions } from './snapshot-recover.js';
export { git, isGitRepo, isDirty, dirtyFiles } from './git.js';
export { isInsideRoot, type InsideRootResult } from './paths.js';
export * as mutate from './mutate/index.js';
export { normalizeSyntax, parsesCleanly } from './syntax.js';
export { isProcessAlive } from './process-alive.js';
