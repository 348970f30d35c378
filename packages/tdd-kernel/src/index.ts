// @adlc/tdd-kernel: red-green enforced at tool dispatch. The library API for agent builders, the zod
// schemas of the events and of every --json output, and the pure decisions, named explicitly.

export { createKernel, commandKernel, type Kernel, type KernelOptions } from './kernel/create-kernel.js';
export { describeKernelError, type KernelErrorDescription } from './cli/error-hints.js';
export { renderCheck, renderRun, renderClaim, renderFlush, renderRefactor, renderStatus } from './cli/render.js';
export type { GateOptions, GateResult } from './kernel/gate.js';
export type { ClaimResult } from './kernel/claim.js';
export type { FlushResult, RevertedFile } from './turn/flush.js';
export type { RunSummary } from './kernel/run-tests.js';
export type { StatusResult, PlanStep } from './kernel/status.js';
export type { RefactorResult } from './kernel/refactor-mode.js';
export type { DoctorResult } from './project/doctor.js';
export type {
  KernelEvent,
  TestRunEvent,
  EditClaimEvent,
  EditAllowedEvent,
  EditRefusedEvent,
  EditRevertedEvent,
  RepairEvent,
  RefactorOnEvent,
  RefactorOffEvent,
  VerifyEvent,
  FailureKind,
  RefusalCode,
} from './schemas/events.js';
export {
  KernelEventSchema,
  TestRunEventSchema,
  EditClaimEventSchema,
  EditAllowedEventSchema,
  EditRefusedEventSchema,
  EditRevertedEventSchema,
  RepairEventSchema,
  RefactorOnEventSchema,
  RefactorOffEventSchema,
  VerifyEventSchema,
} from './schemas/events.js';
export {
  CheckOutputSchema,
  RunOutputSchema,
  ClaimOutputSchema,
  FlushOutputSchema,
  RefactorOutputSchema,
  StatusOutputSchema,
  DoctorOutputSchema,
  InitOutputSchema,
  InitAgentOutputSchema,
  DoctorAgentOutputSchema,
  HookDenySchema,
  HookStopBlockSchema,
} from './schemas/outputs.js';
export { HookAnswerSchema, HOOK_ANSWER_SCHEMAS, HookSystemMessageSchema, CopilotDenySchema, CopilotVsCodeFormDenySchema, VsCodeStopBlockSchema, CursorDenySchema, CursorFollowupSchema, DecisionDenySchema, ClineAnswerSchema } from './schemas/hook-answers.js';
export { decideEdit, claimedTestsIn, type EditDecision, type EditQuery, type TestFileChange } from './kernel/invariant.js';
export { countTests } from './kernel/test-count.js';
export { applyEvent, foldEvents, emptyState, openClaims, type KernelState, type Claim, type TestStatus } from './kernel/state.js';
export { findWeakening, type Weakening } from './kernel/test-weakening.js';
export { bashWrites, type BashWrites } from './agents/hook/bash-writes.js';
export { appendEvents, readEventsFrom, parseEvent } from './kernel/log.js';
export { namePattern, escapeRegex, shellQuote } from './runners/shell.js';
export { parseJsonReport, classifyFailure } from './runners/json-report.js';
export { parseJunit } from './runners/junit-xml.js';
export { findAnnotations } from './runners/annotations.js';
export { handleClaudeHook, type HookAnswer, type HookOptions } from './agents/hook/claude-hook.js';
export { handleAgentHook } from './agents/hook/handle-hook.js';
export { AGENT_NAMES, isAgentName, type AgentName, type AgentEvent, type AgentAdapter, type HookDecision, type HookOutput, type ToolKind, type FileTouch } from './agents/types.js';
export { loadAdapter } from './agents/load-adapter.js';
export { detectHost } from './agents/detect-host.js';
export { patchTouches, applyHunks } from './agents/adapters/apply-patch.js';
export { PROFILES, type AgentProfile } from './agents/profiles.js';
export { initClaudeCode } from './agents/init/init-claude-code.js';
export { initAgent, type AgentInitResult } from './agents/init/install.js';
export { doctorAgent, type AgentDoctorResult } from './agents/doctor/doctor-agent.js';
export { KERNEL_OPTIONS, KERNEL_COMMAND_OPTIONS, KERNEL_OPERANDS, type GlobalFlags } from './cli/options.js';
export { KernelConfigSchema, RUNNER_IDS, type KernelConfig, type RunnerId } from './project/config-schema.js';
export { KernelUsageError } from './kernel/errors.js';
export { DEFAULT_TEST_GLOBS, isTestFile } from './project/globs.js';
export { DEFAULT_GATED_FILES, SOURCE_EXTENSIONS, gatedFiles, isGated, type GatedFiles } from './project/gated-files.js';
export { missingThing, type MissingThing } from './runners/classify-failure.js';
export { withMissingReds } from './kernel/missing-red.js';
export { nodeNamePattern, parseNodeTestReport } from './runners/node-test.js';
export type { RunnerAdapter, RunOutcome, TestRequest, TestResult, RunContext } from './runners/types.js';
export { codexHookHash, codexHookKey, hookTrustToml, projectTrustToml, readCodexTrust, type CodexHookDefinition, type CodexTrust } from './agents/init/codex-trust.js';
