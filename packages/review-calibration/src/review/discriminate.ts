// Behavioural checks (reviewer repros, oracle repros, plants-file witnesses): a command
// discriminates a plant when it exits 0 on the clean tree and non-zero with that plant alone
// applied. Runs from the repository root, bounded by a timeout, the plant written through the
// journaled snapshot and taken out again before the next check.

import { runCommand, type FileSnapshot } from '@adlc/core';
import { applyPlants } from '../plants/apply.js';
import type { Plant } from '../types.js';

export interface Check {
  command: string;
  plant: Plant;
}

export interface CheckResult {
  discriminates: boolean;
  /** Why it does or does not, in a few words (for reports). */
  reason: string;
}

export interface CheckContext {
  root: string;
  snapshot: FileSnapshot;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  /** Clean-tree outcome per command, shared across calls: the clean tree never changes in a run. */
  cleanCache: Map<string, Outcome>;
  /** Whether a command's tests load a file (coveredFiles), by command and file: the same in every trial. */
  coverage: Map<string, boolean>;
  onProgress?: (done: number, total: number) => void;
}

export type Outcome = { passed: boolean; describe: string };

export function checkKey(check: Check): string {
  return `${check.plant.id}\0${check.command}`;
}

export async function runChecks(checks: readonly Check[], ctx: CheckContext): Promise<Map<string, CheckResult>> {
  const results = new Map<string, CheckResult>();
  if (checks.length === 0) return results;
  const unique = new Map(checks.map((c) => [checkKey(c), c]));
  const commands = [...new Set([...unique.values()].map((c) => c.command))].filter((c) => !ctx.cleanCache.has(c));
  const total = commands.length + unique.size;
  let done = 0;
  const tick = () => ctx.onProgress?.(++done, total);
  ctx.onProgress?.(0, total);
  await ctx.snapshot.restore();
  try {
    for (const command of commands) {
      await onCleanTree(command, ctx);
      tick();
    }
    const byPlant = new Map<string, Check[]>();
    for (const check of unique.values()) {
      const clean = ctx.cleanCache.get(check.command);
      if (!clean?.passed) {
        results.set(checkKey(check), { discriminates: false, reason: `fails on the clean tree (${clean?.describe ?? 'not run'})` });
        tick();
        continue;
      }
      byPlant.set(check.plant.id, [...(byPlant.get(check.plant.id) ?? []), check]);
    }
    for (const group of byPlant.values()) {
      const plant = group[0]!.plant;
      const original = ctx.snapshot.original(plant.file)?.toString('utf8') ?? '';
      await ctx.snapshot.write(plant.file, applyPlants(original, [plant]));
      for (const check of group) {
        const outcome = await run(check.command, ctx);
        results.set(
          checkKey(check),
          outcome.passed
            ? { discriminates: false, reason: 'passes with the plant applied too' }
            : { discriminates: true, reason: `passes on the clean tree, fails with the plant (${outcome.describe})` },
        );
        tick();
      }
      await ctx.snapshot.restore();
    }
  } finally {
    await ctx.snapshot.restore();
  }
  return results;
}

/** How a command does on the clean tree (run once per run, then cached). */
export async function onCleanTree(command: string, ctx: CheckContext): Promise<Outcome> {
  const cached = ctx.cleanCache.get(command);
  if (cached) return cached;
  await ctx.snapshot.restore();
  const outcome = await run(command, ctx);
  ctx.cleanCache.set(command, outcome);
  return outcome;
}

/** What stands in a file while `coveredFiles` asks whether the tests load it: no language parses it. */
export const NOT_CODE = '@@@ review-calibration: this file was replaced to see whether the tests load it @@@\n';

/**
 * Which of `files` a command's tests cover: with the file replaced by text that parses in no
 * language, a run that covers it fails. `command` must pass on the clean tree (not checked here).
 * Each file is written through the journaled snapshot and restored before the next run.
 */
export async function coveredFiles(command: string, files: readonly string[], ctx: CheckContext): Promise<Set<string>> {
  const key = (file: string) => `${command}\0${file}`;
  await ctx.snapshot.restore();
  try {
    for (const file of files.filter((f) => !ctx.coverage.has(key(f)))) {
      await ctx.snapshot.write(file, NOT_CODE);
      ctx.coverage.set(key(file), !(await run(command, ctx)).passed);
      await ctx.snapshot.restore();
    }
  } finally {
    await ctx.snapshot.restore();
  }
  return new Set(files.filter((f) => ctx.coverage.get(key(f)) === true));
}

async function run(command: string, ctx: CheckContext): Promise<Outcome> {
  const result = await runCommand(command, { cwd: ctx.root, timeoutMs: ctx.timeoutMs, env: ctx.env, tailChars: 500 });
  if (result.timedOut) return { passed: false, describe: `timed out after ${Math.round(ctx.timeoutMs / 1000)}s` };
  if (result.exitCode === 0) return { passed: true, describe: 'exit 0' };
  return { passed: false, describe: result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit ${result.exitCode}` };
}
