// Every document `tdd-kernel hook <agent>` prints on stdout (an allow prints nothing, except where the
// agent wants a document every time), per agent: each one's deny, its end-of-turn "keep working", and the
// note when a claim closed after two failed greens. `hook claude-code` answers Copilot, VS Code and Cursor
// in their own shapes when they run it, so the union is what any hook command may print.

import * as z from 'zod';
import type { AgentName } from '../agents/types.js';
import { HookDenySchema, HookStopBlockSchema } from './outputs.js';

export const HookSystemMessageSchema = z.object({ systemMessage: z.string() }).strict();

const claudeDenyInner = HookDenySchema.shape.hookSpecificOutput;
export const CopilotDenySchema = z.object({ permissionDecision: z.literal('deny'), permissionDecisionReason: z.string() }).strict();
/** Copilot CLI in its VS Code form (PascalCase entries): the flat deny and VS Code's, together. */
export const CopilotVsCodeFormDenySchema = z.object({ permissionDecision: z.literal('deny'), permissionDecisionReason: z.string(), hookSpecificOutput: claudeDenyInner }).strict();
export const VsCodeStopBlockSchema = z
  .object({ decision: z.literal('block'), reason: z.string(), hookSpecificOutput: z.object({ hookEventName: z.literal('Stop'), decision: z.literal('block'), reason: z.string() }).strict() })
  .strict();
export const CursorDenySchema = z.object({ permission: z.literal('deny'), user_message: z.string(), agent_message: z.string() }).strict();
export const CursorFollowupSchema = z.object({ followup_message: z.string() }).strict();
export const CursorNoDecisionSchema = z.object({}).strict();
/** Gemini's BeforeTool deny and AfterAgent retry; also what opencode's plugin reads to throw. */
export const DecisionDenySchema = z.object({ decision: z.literal('deny'), reason: z.string() }).strict();
export const ClineAnswerSchema = z.object({ cancel: z.boolean(), errorMessage: z.string().optional() }).strict();

/** What each agent's hook may print (Windsurf prints nothing: it refuses by exit code 2). */
export const HOOK_ANSWER_SCHEMAS = {
  'claude-code': z.union([HookDenySchema, HookStopBlockSchema, HookSystemMessageSchema]),
  codex: z.union([HookDenySchema, HookStopBlockSchema, HookSystemMessageSchema]),
  qwen: z.union([HookDenySchema, HookStopBlockSchema, HookSystemMessageSchema]),
  vscode: z.union([HookDenySchema, VsCodeStopBlockSchema, HookSystemMessageSchema]),
  copilot: z.union([CopilotDenySchema, CopilotVsCodeFormDenySchema, HookStopBlockSchema]),
  cursor: z.union([CursorDenySchema, CursorFollowupSchema, CursorNoDecisionSchema]),
  gemini: z.union([DecisionDenySchema, HookSystemMessageSchema]),
  cline: ClineAnswerSchema,
  windsurf: z.never(),
  opencode: DecisionDenySchema,
} satisfies Record<AgentName, z.ZodType>;

export const HookAnswerSchema = z.union([
  HookDenySchema,
  HookStopBlockSchema,
  HookSystemMessageSchema,
  VsCodeStopBlockSchema,
  CopilotDenySchema,
  CopilotVsCodeFormDenySchema,
  CursorDenySchema,
  CursorFollowupSchema,
  CursorNoDecisionSchema,
  DecisionDenySchema,
  ClineAnswerSchema,
]);
