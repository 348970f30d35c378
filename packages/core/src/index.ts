// @adlc/core: what the four gate tools share. The public API is named here explicitly: the
// light part a CLI's entry needs lives in cli-entry.ts (also `@adlc/core/cli`), the rest below.

export * from './cli-entry.js';
export { JsonExtractError, type AdlcErrorCode, type JsonExtractReason } from './errors.js';
export { ErrorOutputSchema, type ErrorOutput } from './error-output.js';
export { type Provider, type GenerateRequest, type GenerateResult, type Usage } from './providers/types.js';
export { UsageSchema, sumUsage, estimateUsage } from './usage.js';
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
export { complete, modelFor, maxTokensFor, prewarmProviders, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_TOKENS, type CompleteOptions, type Completion } from './complete.js';
export { fan, DEFAULT_FAN_TEMPERATURE, type FanOptions, type FanResult, type FanTarget } from './fan.js';
export { mapLimit, type MapLimitOptions, type MapLimitSlot } from './map-limit.js';
export { extractJson } from './json.js';
export { redactSecrets, redactWithCount, secretRedactor, secretValues, SECRET_PATTERNS, type Redaction } from './redact.js';
export { interruptSignal, onInterrupt, withInterruptScope, installInterruptHandlers, throwIfInterrupted, killProcessGroup, INTERRUPT_EXIT_GRACE_MS, type InterruptCleanup, type InterruptReason } from './interrupt.js';
export { runCommand, KILL_GRACE_MS, type RunCommandOptions, type CommandResult } from './run-command.js';
export { conformTextStyle, detectEol, type Eol } from './text-style.js';
export { FileSnapshot, journalDir, type SnapshotEntry, type FileSnapshotOptions } from './snapshot.js';
export { recoverJournals, type RecoveredJournal, type RecoverOptions, type KeptFile, type KeptState } from './snapshot-recover.js';
export { restoreInterruptedRuns, toRestoreReport, RestoreReportSchema, type RestoreReport, type RestoreInterruptedOptions } from './restore-interrupted.js';
export { git, isGitRepo, isDirty, dirtyFiles } from './git.js';
export { assertCleanTree, type CleanTreeOptions } from './clean-tree.js';
export { runGit, type RunGitOptions } from './run-git.js';
export { parseHunkHeader, type HunkHeader } from './hunk-header.js';
// The compiler, loaded once on first use, for tools that read JS/TS syntax themselves.
export { isJsLike, loadTypeScript, parseScript, scriptKindOf, syntaxErrorCount } from './ts-parse.js';
export { normalizeSyntax, parsesCleanly } from './syntax.js';
export { isProcessAlive } from './process-alive.js';
export { mulberry32, randomHex, shuffle } from './random.js';
export { defineOptions, flagMeta, allowedValues, type FlagMeta, type OptionField, type OptionTable } from './options/define-options.js';
export { addOptions, givenOptions } from './options/commander-flags.js';
export {
  loadProjectConfig,
  findConfigFile,
  withConfigEnv,
  configKeys,
  checkConfigObject,
  PACKAGE_PROP,
  CONFIG_FILE,
  CONFIG_SECTIONS,
  type ProjectConfig,
  type ConfigFile,
  type FindConfigOptions,
  type ConfigPlace,
} from './options/config-file.js';
export { resolveOptions, toolShape } from './options/resolve-options.js';
export { SHARED_OPTIONS, tierOption } from './options/shared-options.js';
