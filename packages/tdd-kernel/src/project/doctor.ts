// doctor: is the kernel usable here? Runner, how many tests the test files declare, and what will get in the way.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from './context.js';
import { isTestFile } from './globs.js';
import { gatedFiles, type GatedFiles } from './gated-files.js';
import { detectRunner } from '../runners/select-runner.js';
import { readPlan } from '../kernel/status.js';
import { loadState } from '../kernel/state-store.js';
import { countTests, isTestSource } from '../kernel/test-count.js';
import type { DoctorOutput } from '../schemas/outputs.js';
import { NO_RUNNER_HINT } from '../cli/error-hints.js';

export type DoctorResult = DoctorOutput;

const SKIP = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.venv', 'venv', '__pycache__', '.tdd-kernel']);

export function doctor(ctx: KernelContext, planFile?: string): DoctorResult {
  const warnings: string[] = [];
  const runner = ctx.config.runner ?? detectRunner(ctx.paths.root);
  if (!runner) warnings.push(`no test runner detected (vitest, jest, node --test, pytest): ${NO_RUNNER_HINT}`);
  let testFiles = 0;
  let tests = 0;
  const stack = [''];
  let scanned = 0;
  while (stack.length > 0 && scanned < 50_000) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(path.join(ctx.paths.root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name) && !e.name.startsWith('.')) stack.push(rel);
        continue;
      }
      scanned++;
      if (!isTestSource(e.name) || !isTestFile(rel, ctx.config)) continue;
      testFiles++;
      try {
        tests += countTests(fs.readFileSync(path.join(ctx.paths.root, rel), 'utf8'));
      } catch {
        // unreadable: counted as a file only
      }
    }
  }
  if (tests === 0) warnings.push('no tests found: every source edit would be refused; start in refactor mode (`tdd-kernel refactor on`) or write a first failing test');
  const exists = fs.existsSync(ctx.paths.log);
  let readable = true;
  let events = 0;
  let corrupt = 0;
  try {
    const loaded = loadState(ctx.paths);
    events = loaded.state.events;
    corrupt = loaded.corrupt;
    if (corrupt > 0) warnings.push(`the log has ${corrupt} corrupt line(s); they are skipped`);
  } catch (error) {
    readable = false;
    warnings.push(`the log ${ctx.paths.log} is unreadable: ${(error as Error).message}`);
  }
  const plan = planFile ?? ctx.config.plan;
  if (plan) {
    for (const step of readPlan(path.resolve(ctx.paths.root, plan))) {
      if (step.test_id && !step.test_file_path) warnings.push(`plan step "${step.title}" has a test_id but no test_file_path`);
      if (!step.test_id) warnings.push(`plan step "${step.title}" has no test_id: it can only run in refactor mode`);
    }
  }
  return { root: ctx.paths.root, runner, test_files: testFiles, tests_found: tests, log: { path: ctx.paths.log, exists, events, corrupt_lines: corrupt, readable }, warnings, gated: gatedFiles(ctx.config) };
}
