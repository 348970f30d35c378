// @adlc/tdd-kernel: red-green enforced at tool dispatch. The library API for agent builders, the zod
// schemas of the events and of every --json output, and the pure decisions, named explicitly.

export { createKernel, commandKernel, type Kernel, type KernelOptions } from './kernel.js';
export { describeKernelError, type KernelErrorDescription } from './error-hints.js';
export { renderCheck, renderRun, renderClaim, renderFlush, renderRefactor, renderStatus } from './render.js';
export type { GateOptions, GateResult } from './gate.js';
export type { ClaimResult } from './claim.js';
export type { FlushResult, RevertedFile } from './flush.js';
export type { RunSummary } from './run-tests.js';
export type { StatusResult, PlanStep } from './status.js';
export type { RefactorResult } from './refactor.js';
export type { DoctorResult } from './doctor.js';
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
} from './event-types.js';
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
} from './schemas.js';
export { HookAnswerSchema, HOOK_ANSWER_SCHEMAS, HookSystemMessageSchema, CopilotDenySchema, CopilotVsCodeFormDenySchema, VsCodeStopBlockSchema, CursorDenySchema, CursorFollowupSchema, DecisionDenySchema, ClineAnswerSchema } from './hook-answer-schema.js';
export { decideEdit, claimedTestsIn, type EditDecision, type EditQuery, type TestFileChange } from './invariant.js';
export { countTests } from './test-count.js';
export { applyEvent, foldEvents, emptyState, openClaims, type KernelState, type Claim, type TestStatus } from './state.js';
export { findWeakening, type Weakening } from './weaken.js';
export { bashWrites, type BashWrites } from './bash-writes.js';
export { appendEvents, readEventsFrom, parseEvent } from './log.js';
export { namePattern, escapeRegex, shellQuote } from './runners/shell.js';
export { parseJsonReport, classifyFailure } from './runners/json-report.js';
export { parseJunit } from './runners/junit-xml.js';
export { findAnnotations } from './runners/annotations.js';
export { handleClaudeHook, type HookAnswer, type HookOptions } from './hook-claude.js';
export { handleAgentHook } from './agent-hook.js';
export { AGENT_NAMES, isAgentName, type AgentName, type AgentEvent, type AgentAdapter, type HookDecision, type HookOutput, type ToolKind, type FileTouch } from './agents/types.js';
export { loadAdapter } from './agents/index.js';
export { detectHost } from './agents/detect.js';
export { patchTouches, applyHunks } from './agents/patch.js';
export { PROFILES, type AgentProfile } from './agents/profiles.js';
export { initClaudeCode } from './init-claude.js';
export { initAgent, type AgentInitResult } from './init/install.js';
export { doctorAgent, type AgentDoctorResult } from './doctor/agent.js';
export { parseConfig, type KernelConfig, type RunnerId } from './config.js';
export { KernelUsageError } from './errors.js';
export { DEFAULT_TEST_GLOBS, isTestFile } from './globs.js';
export type { RunnerAdapter, RunOutcome, TestRequest, TestResult, RunContext } from './runners/types.js';
export { codexHookHash, codexHookKey, hookTrustToml, projectTrustToml, readCodexTrust, type CodexHookDefinition, type CodexTrust } from './codex-trust.js';
