// The events of the log, as zod schemas with their types inferred from them: the one definition of
// each event. The hook's hot path must not load zod, so it takes only the types (`import type`).

import * as z from 'zod';

const base = { ts: z.number(), session_id: z.string().optional() };

export const FailureKindSchema = z.enum(['assertion', 'error', 'not_found']);
export const TestIdSourceSchema = z.enum(['native', 'annotation']);
export const RefusalCodeSchema = z.enum([
  'no-red',
  'no-claim',
  'stale-claim',
  'claim-closed',
  'other-session',
  'protected',
  'weakens-test',
  'refactor-lowers-tests',
  'outside-root',
  'unknown-path',
  'internal-error',
]);

/** The RFC's TestRunEvent, plus failure_kind when red and the test file's hash (for the red cache). */
export const TestRunEventSchema = z.object({
  type: z.literal('test_run'),
  test_id: z.string(),
  test_id_source: TestIdSourceSchema,
  status: z.enum(['pass', 'fail']),
  command: z.string(),
  duration_ms: z.number(),
  failure_kind: FailureKindSchema.optional(),
  /** `missing`: an assertion red because something the test names (a module, an export, a function) does not exist yet. */
  reason: z.literal('missing').optional(),
  /** First lines of the failure, for people. */
  message: z.string().optional(),
  /** Relative to the project root. */
  test_file: z.string().optional(),
  /** sha1 of the test file when it ran: a red is only reused while the test file is unchanged. */
  test_file_hash: z.string().optional(),
  /** The runner and base command (the red cache's key is test_id and this). */
  runner: z.string().optional(),
  /** describe titles then the test title, when inside a describe: how Vitest 5's -t is built. */
  titles: z.array(z.string()).optional(),
  /** On an assertion red: sha1 of each file claimed for the test when it ran (null: it did not exist). */
  source_hashes: z.record(z.string(), z.string().nullable()).optional(),
  ...base,
});

/** The RFC's EditClaimEvent: "this edit advances this red test". One event per file (or glob). */
export const EditClaimEventSchema = z.object({
  type: z.literal('edit_claim'),
  test_id: z.string(),
  edit_target: z.string(),
  /** ts of the red the claim was accepted on (absent for a glob, and in logs of older versions). */
  red_ts: z.number().optional(),
  /** sha1 of the claimed file at the claim, which it also had on that red (null: it did not exist). */
  source_hash: z.string().nullable().optional(),
  ...base,
});

export const EditAllowedEventSchema = z.object({
  type: z.literal('edit_allowed'),
  file: z.string(),
  /** Why: a claim (test_ids filled), a test file, refactor mode, or a file the gate does not apply to (config `files`). */
  via: z.enum(['claim', 'test-file', 'refactor', 'not-gated']),
  test_ids: z.array(z.string()),
  tool: z.string().optional(),
  ...base,
});

export const EditRefusedEventSchema = z.object({
  type: z.literal('edit_refused'),
  file: z.string(),
  code: RefusalCodeSchema,
  reason: z.string(),
  tool: z.string().optional(),
  /** True under --mode warn: refused by the invariant, let through anyway. */
  warned: z.boolean().optional(),
  ...base,
});

export const EditRevertedEventSchema = z.object({
  type: z.literal('edit_reverted'),
  file: z.string(),
  /** restored: pre-edit bytes written back; deleted: the file did not exist before the edit. */
  action: z.enum(['restored', 'deleted']),
  test_ids: z.array(z.string()),
  ...base,
});

/** A flush that went red: what was reverted, and whether the claim has used up its two tries. */
export const RepairEventSchema = z.object({
  type: z.literal('repair'),
  failed_test_ids: z.array(z.string()),
  reverted: z.array(z.string()),
  /** Claims (test_ids) closed by this repair: their second failed green in a row. */
  closed_test_ids: z.array(z.string()),
  /** The flush that reverted: a flush finished after a crash appends its events only once. */
  flush_id: z.string().optional(),
  ...base,
});

export const RefactorOnEventSchema = z.object({
  type: z.literal('refactor_on'),
  /** Number of tests known green when refactor mode started (it must not go down). */
  test_count: z.number().int(),
  ...base,
});

export const RefactorOffEventSchema = z.object({ type: z.literal('refactor_off'), ...base });

export const VerifyEventSchema = z.object({
  type: z.literal('verify'),
  command: z.string(),
  passed: z.boolean(),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number(),
  ...base,
});

export const KernelEventSchema = z.discriminatedUnion('type', [
  TestRunEventSchema,
  EditClaimEventSchema,
  EditAllowedEventSchema,
  EditRefusedEventSchema,
  EditRevertedEventSchema,
  RepairEventSchema,
  RefactorOnEventSchema,
  RefactorOffEventSchema,
  VerifyEventSchema,
]);

export type FailureKind = z.infer<typeof FailureKindSchema>;
export type TestIdSource = z.infer<typeof TestIdSourceSchema>;
export type RefusalCode = z.infer<typeof RefusalCodeSchema>;
export type TestRunEvent = z.infer<typeof TestRunEventSchema>;
export type EditClaimEvent = z.infer<typeof EditClaimEventSchema>;
export type EditAllowedEvent = z.infer<typeof EditAllowedEventSchema>;
export type EditRefusedEvent = z.infer<typeof EditRefusedEventSchema>;
export type EditRevertedEvent = z.infer<typeof EditRevertedEventSchema>;
export type RepairEvent = z.infer<typeof RepairEventSchema>;
export type RefactorOnEvent = z.infer<typeof RefactorOnEventSchema>;
export type RefactorOffEvent = z.infer<typeof RefactorOffEventSchema>;
export type VerifyEvent = z.infer<typeof VerifyEventSchema>;
export type KernelEvent = z.infer<typeof KernelEventSchema>;
export type EventType = KernelEvent['type'];
