// status: each test red/green, open claims, buffered edits, mode, and the plan's steps as dots.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from '../project/context.js';
import { KernelUsageError } from './errors.js';
import { gatedFiles, type GatedFiles } from '../project/gated-files.js';
import { loadState } from './state-store.js';
import { listPending } from '../turn/pending-edits.js';
import { readTurn } from '../turn/turn-buffer.js';
import * as z from 'zod';
import { PlanStepSchema, type PlanStep, type StatusOutput } from '../schemas/outputs.js';

export type { PlanStep };
export type StatusResult = StatusOutput;

export function status(ctx: KernelContext, planFile?: string): StatusResult {
  const loaded = loadState(ctx.paths);
  for (const w of loaded.warnings) ctx.warn(w);
  const state = loaded.state;
  const result: StatusResult = {
    root: ctx.paths.root,
    log: ctx.paths.log,
    session: ctx.session,
    mode: ctx.mode,
    refactor: state.refactor.on,
    tests: Object.entries(state.tests)
      .map(([id, t]) => ({ test_id: id, status: t.status, ...(t.failure_kind ? { failure_kind: t.failure_kind } : {}), ...(t.reason ? { reason: t.reason } : {}), ts: t.ts }))
      .sort((a, b) => a.test_id.localeCompare(b.test_id)),
    claims: state.claims
      .filter((c) => c.session === ctx.session && state.tests[c.test_id]?.status === 'fail')
      .map((c) => ({ test_id: c.test_id, target: c.target, ts: c.ts, failed_greens: c.failed_greens })),
    buffered: readTurn(ctx.paths.scratch, ctx.session).map((e) => ({ file: e.file, test_ids: e.test_ids, existed: e.existed })),
    pending: listPending(ctx.paths.scratch, ctx.session).map((p) => ({ file: p.edit.file, test_ids: p.edit.test_ids })),
    corrupt_lines: loaded.corrupt,
    gated: gatedFiles(ctx.config),
  };
  const file = planFile ?? ctx.config.plan;
  if (file) {
    const steps = readPlan(path.resolve(ctx.paths.root, file));
    result.plan = {
      file,
      steps: steps.map((s) => {
        const t = s.test_id ? state.tests[s.test_id] : undefined;
        const stepState = !s.test_id ? 'refactor-only' : !t ? 'not-run' : t.status === 'pass' ? 'green' : 'red';
        return { ...s, state: stepState };
      }),
    };
  }
  return result;
}

const PLAN_HINT = 'a plan is JSON: {"steps": [{"title": "...", "test_id": "...", "test_file_path": "..."}]}';

/** The RFC's plan file: its steps are the status output's steps before their state is added. */
const PlanFileSchema = z.object({ steps: z.array(PlanStepSchema) });

/** The RFC's plan: `{steps: [{title, test_id?, test_file_path?}]}`. */
export function readPlan(file: string): PlanStep[] {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KernelUsageError(`cannot read the plan ${file}: ${(error as Error).message}`, PLAN_HINT);
  }
  const parsed = PlanFileSchema.safeParse(value);
  if (parsed.success) return parsed.data.steps;
  const [, index, key] = parsed.error.issues[0]!.path;
  if (index === undefined) throw new KernelUsageError(`the plan ${file} has no "steps" list`, PLAN_HINT);
  const what = key === undefined ? 'is not an object' : `has no valid "${String(key)}" (${parsed.error.issues[0]!.message})`;
  throw new KernelUsageError(`the plan ${file}: step ${Number(index) + 1} ${what}`, PLAN_HINT);
}
