// The lines of `--log-dir`'s events.ndjson, as a zod schema: one JSON object per line, `ts`
// (milliseconds since the epoch) and `event` naming what happened, then that event's fields.

import * as z from 'zod';
import { LocalizationSchema } from '@adlc/localize';
import { RerankSchema, STAGES } from './schema.js';

const ts = z.number().int().nonnegative();
const index = z.number().int().nonnegative();
const exitCode = z.number().int().nullable();
const ms = z.number().nonnegative();
const editFormat = z.enum(['whole', 'replace']);

const event = <E extends string, S extends z.ZodRawShape>(name: E, shape: S) => z.object({ ts, event: z.literal(name), ...shape });

export const LogEventSchema = z.discriminatedUnion('event', [
  event('warning', { message: z.string() }),
  event('start', {
    n: index,
    jobs: index,
    /** null when localizing: the files are chosen after the pre-flight. */
    files: z.array(z.string()).nullable(),
    testCmd: z.string(),
    rails: z.string().nullable(),
    /** True when --files was omitted and the files come from localization. */
    localize: z.boolean(),
    /** What the models are asked for; null when `auto` waits for the localized files (then the localization event has it). */
    editFormat: editFormat.nullable(),
  }),
  event('preflight', { exitCode, timedOut: z.boolean(), durationMs: ms }),
  /** Without --files: the ranking that chose the files the fix may change. */
  event('localization', { ...LocalizationSchema.shape, /** The edit format the localized files imply (absent under --localize-only). */ editFormat: editFormat.optional() }),
  event('completion', {
    index,
    ok: z.boolean(),
    provider: z.string(),
    model: z.string(),
    /** When ok. */
    durationMs: ms.optional(),
    /** When ok: the answer stopped at its token limit (it is discarded). */
    truncated: z.boolean().optional(),
    /** When not ok: why the call failed. */
    error: z.string().optional(),
  }),
  event('baseline', { railsExitCode: exitCode, timedOut: z.boolean() }),
  event('stage', { index, stage: z.enum(STAGES) }),
  event('settled', {
    index,
    status: z.enum(['survived', 'failed', 'discarded']),
    /** When failed. */
    stage: z.enum(STAGES).optional(),
    exitCode: exitCode.optional(),
    /** When discarded. */
    reason: z.string().optional(),
    message: z.string().optional(),
    /** When an edit did not apply: the file, and the edit's position in its `edits`. */
    file: z.string().optional(),
    editIndex: index.optional(),
    changedLines: index.nullable(),
    /** How long its gates took; absent for a candidate discarded before any gate ran. */
    gateMs: ms.optional(),
  }),
  event('recheck', { index, ok: z.boolean(), gateMs: ms, stage: z.enum(STAGES).optional(), exitCode: exitCode.optional() }),
  event('applied', { index, files: z.array(z.string()) }),
  event('post-apply', { testExitCode: exitCode, railsExitCode: exitCode, passed: z.boolean() }),
  /** A round of --rounds was settled (one per round; a later round only when no fix held yet). */
  event('round', { round: index.min(1), candidates: index, survivors: index }),
  /** A model picked among the ranked files (RerankSchema's fields). */
  event('rerank', RerankSchema.shape),
  event('end', { verdict: z.enum(['pass', 'no-survivors', 'all-divergent']), winner: index.nullable(), durationMs: ms }),
]);
export type LogEvent = z.infer<typeof LogEventSchema>;
