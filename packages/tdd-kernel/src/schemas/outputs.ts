// zod schemas of every --json output and of the hook's Claude Code answers, exported for orchestrators
// and tests. Not imported by the hook's hot path (zod's start-up cost exceeds the latency budget).

import * as z from 'zod';
import { AGENT_NAMES } from '../agents/types.js';
import { MODES } from '../cli/hot-flags.js';
import { FailureKindSchema, RefusalCodeSchema, TestIdSourceSchema } from './events.js';

/** One test's result, as a runner adapter reports it and run and flush print it. */
export const TestResultSchema = z.object({
  test_id: z.string(),
  test_id_source: TestIdSourceSchema,
  /** Relative to the root. */
  file: z.string(),
  status: z.enum(['pass', 'fail']),
  failure_kind: FailureKindSchema.optional(),
  /** `missing`: red because something the test names does not exist yet; claimable for the file that will define it. */
  reason: z.literal('missing').optional(),
  message: z.string().optional(),
  duration_ms: z.number(),
  /** describe titles then the test title (Vitest, Jest), as the runner reported them. */
  titles: z.array(z.string()).optional(),
});

/** A file a red flush put back: its pre-edit bytes restored, or deleted when the edit created it. */
export const RevertedFileSchema = z.object({ file: z.string(), action: z.enum(['restored', 'deleted']), test_ids: z.array(z.string()) });

/** The files the gate applies to (config `files`, `!` excludes), and whether that is the default. */
const GatedSchema = z.object({ files: z.array(z.string()), from: z.enum(['default', 'config']) });

/** `tdd-kernel check --json`. */
export const CheckOutputSchema = z.object({
  file: z.string(),
  decision: z.enum(['allow', 'deny']),
  via: z.enum(['claim', 'test-file', 'refactor', 'outside-root', 'not-gated']).optional(),
  test_ids: z.array(z.string()),
  code: RefusalCodeSchema.optional(),
  reason: z.string().optional(),
  /** --mode warn: the invariant refused, the edit was let through. */
  warned: z.boolean().optional(),
});

/** `tdd-kernel run --json`. */
export const RunOutputSchema = z.object({
  command: z.string(),
  invocations: z.number().int(),
  duration_ms: z.number(),
  /** Every requested (or, for a full run, every) test passed, and at least one ran. */
  green: z.boolean(),
  results: z.array(TestResultSchema),
  /** Test files that failed to load (syntax, import, collection error), by relative path: their tests never ran. */
  file_errors: z.record(z.string(), z.string()),
});

/** `tdd-kernel claim --json`. */
export const ClaimOutputSchema = z.object({ test_id: z.string(), files: z.array(z.string()), claimed: z.boolean(), reason: z.string().optional() });

/** `tdd-kernel flush --json`. */
export const FlushOutputSchema = z.object({
  /** False when nothing was buffered (or nothing buffered had changed): no runner invocation. */
  ran: z.boolean(),
  command: z.string().nullable(),
  invocations: z.number().int(),
  results: z.array(TestResultSchema),
  kept: z.array(z.string()),
  reverted: z.array(RevertedFileSchema),
  failed_test_ids: z.array(z.string()),
  /** Claims closed by this flush: their second failed green in a row. Retrying them is pointless. */
  closed_test_ids: z.array(z.string()),
  /** --mode warn: what would have been reverted was left in place. */
  warned: z.boolean(),
  /** One line per reverted file saying what and why, for the agent. */
  message: z.string(),
  /** Edits allowed in PreToolUse but never confirmed, whose file changed anyway: neither tested nor reverted. */
  unconfirmed: z.array(z.string()),
  /** Notes on interrupted flushes this one finished or took back first. */
  recovered: z.array(z.string()),
});

/** `tdd-kernel refactor on|off --json`. */
export const RefactorOutputSchema = z.object({
  refactor: z.boolean(),
  changed: z.boolean(),
  reason: z.string().optional(),
  suite: z.object({ command: z.string(), passed: z.number().int(), failed: z.number().int() }).optional(),
  verify: z.object({ command: z.string(), passed: z.boolean(), exit_code: z.number().int().nullable(), output_tail: z.string() }).optional(),
});

/** A step of a plan file (`--plan`): `{steps: [{title, test_id?, test_file_path?}]}`. */
export const PlanStepSchema = z.object({ title: z.string(), test_id: z.string().optional(), test_file_path: z.string().optional() });

/** `tdd-kernel status --json`. */
export const StatusOutputSchema = z.object({
  root: z.string(),
  log: z.string(),
  session: z.string().nullable(),
  mode: z.enum(MODES),
  refactor: z.boolean(),
  tests: z.array(z.object({ test_id: z.string(), status: z.enum(['pass', 'fail']), failure_kind: FailureKindSchema.optional(), reason: z.literal('missing').optional(), ts: z.number() })),
  claims: z.array(z.object({ test_id: z.string(), target: z.string(), ts: z.number(), failed_greens: z.number().int() })),
  buffered: z.array(z.object({ file: z.string(), test_ids: z.array(z.string()), existed: z.boolean() })),
  /** Edits allowed by the hook whose tool call has not been confirmed (PostToolUse) yet. */
  pending: z.array(z.object({ file: z.string(), test_ids: z.array(z.string()) })),
  plan: z
    .object({
      file: z.string(),
      steps: z.array(PlanStepSchema.extend({ state: z.enum(['red', 'green', 'not-run', 'refactor-only']) })),
    })
    .optional(),
  corrupt_lines: z.number().int(),
  gated: GatedSchema,
});

/** `tdd-kernel doctor --json`. */
export const DoctorOutputSchema = z.object({
  root: z.string(),
  runner: z.string().nullable(),
  test_files: z.number().int(),
  /**
   * Test declarations counted in the test files' text (`it(`, `test(`, `def test_`, `@Test`, ...), not the tests
   * a run runs: a table test (`it.each`, a loop, a parametrized test) counts once.
   */
  tests_found: z.number().int(),
  log: z.object({ path: z.string(), exists: z.boolean(), events: z.number().int(), corrupt_lines: z.number().int(), readable: z.boolean() }),
  warnings: z.array(z.string()),
  gated: GatedSchema,
});

/** `tdd-kernel init claude-code --json`. */
export const InitOutputSchema = z.object({
  /** The main file written (relative to the root). */
  settings: z.string(),
  command: z.string(),
  created: z.boolean(),
  /** Earlier kernel entries of this agent that were replaced. */
  replaced: z.number().int(),
});

/** Claude Code's PreToolUse deny answer, exactly as the hook prints it. */
export const HookDenySchema = z.object({
  hookSpecificOutput: z.object({ hookEventName: z.literal('PreToolUse'), permissionDecision: z.literal('deny'), permissionDecisionReason: z.string() }).strict(),
}).strict();

/** Claude Code's Stop answer when edits were reverted. */
export const HookStopBlockSchema = z.object({ decision: z.literal('block'), reason: z.string() }).strict();

const agentName = z.enum(AGENT_NAMES);

/** `tdd-kernel init <agent> --json` (every agent; claude-code's first four fields as before). */
export const InitAgentOutputSchema = InitOutputSchema.extend({
  agent: agentName.optional(),
  dry_run: z.boolean().optional(),
  files: z.array(z.object({ /** Relative to the project root. */ path: z.string(), created: z.boolean(), content: z.string(), executable: z.boolean().optional() })).optional(),
  /** What the user must still do, and what this agent cannot enforce. */
  notes: z.array(z.string()).optional(),
});

/** `tdd-kernel doctor --agent <agent> --json`: the self-test of the installed hook. */
export const DoctorAgentOutputSchema = z.object({
  agent: agentName,
  root: z.string(),
  config: z.string(),
  /** The installed command of the pre-edit hook (for Cline the executable, for opencode the plugin), or null. */
  command: z.string().nullable(),
  probe_file: z.string(),
  /** How the hook answered the probe (opencode: `threw`, the plugin's refusal). */
  answer: z.object({ exit_code: z.number().int().nullable(), stdout: z.string(), stderr: z.string(), threw: z.string().optional() }).nullable(),
  refused: z.boolean(),
  /** What is wrong; empty when the gate is in place. */
  problems: z.array(z.string()),
  /** Gemini CLI, Qwen Code: folder-trust settings under which the agent runs no project hook; Claude Code: the plugin beside init's hooks. */
  warnings: z.array(z.string()).optional(),
  /** Claude Code: the tdd-kernel plugin whose hook was probed (no hook in the project's settings); `config` is then its hooks file. */
  plugin: z.object({ id: z.string(), scope: z.string(), version: z.string(), root: z.string() }).optional(),
  enforces: z.object({ pre_edit: z.boolean(), shell_side_door: z.boolean(), post_edit_buffer: z.boolean(), end_of_turn_continue: z.boolean() }),
  lacks: z.array(z.string()),
  unconfirmed: z.array(z.string()),
  source: z.string(),
  codex_trust: z
    .object({ config_toml: z.string(), project_trusted: z.boolean(), hooks: z.array(z.object({ key: z.string(), event: z.string(), current_hash: z.string(), trusted_hash: z.string().nullable() })) })
    .optional(),
});

export type TestResult = z.infer<typeof TestResultSchema>;
export type RevertedFile = z.infer<typeof RevertedFileSchema>;
export type PlanStep = z.infer<typeof PlanStepSchema>;
export type CheckOutput = z.infer<typeof CheckOutputSchema>;
export type RunOutput = z.infer<typeof RunOutputSchema>;
export type ClaimOutput = z.infer<typeof ClaimOutputSchema>;
export type FlushOutput = z.infer<typeof FlushOutputSchema>;
export type RefactorOutput = z.infer<typeof RefactorOutputSchema>;
export type StatusOutput = z.infer<typeof StatusOutputSchema>;
export type DoctorOutput = z.infer<typeof DoctorOutputSchema>;
export type InitOutput = z.infer<typeof InitOutputSchema>;
export type InitAgentOutput = z.infer<typeof InitAgentOutputSchema>;
export type DoctorAgentOutput = z.infer<typeof DoctorAgentOutputSchema>;
