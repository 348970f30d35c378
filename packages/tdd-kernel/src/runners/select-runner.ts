// Picks the runner adapter: the configured one, else detected from the project (vitest, jest, node's
// own test runner, pytest).

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelConfig, RunnerId } from '../project/config.js';
import { commandAdapter } from './command.js';
import { findPackageEntry } from './common.js';
import { jestAdapter } from './jest.js';
import { junitAdapter } from './junit.js';
import { importsNodeTest } from './node-test-detect.js';
import { nodeTestAdapter } from './node-test.js';
import { pytestAdapter } from './pytest.js';
import type { RunnerAdapter } from './types.js';
import { vitestAdapter } from './vitest.js';

export function detectRunner(root: string): RunnerId | null {
  const pkg = readPackageJson(root);
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  const script = pkg?.scripts?.test ?? '';
  // The test script says how the project runs its tests, whatever else is installed.
  if (/\bnode\b[^&;|]*\s--test\b/.test(script) && !/\b(?:vitest|jest)\b/.test(script)) return 'node';
  if ('vitest' in deps || /\bvitest\b/.test(script)) return 'vitest';
  if ('jest' in deps || /\bjest\b/.test(script)) return 'jest';
  if (['pytest.ini', 'conftest.py', 'pyproject.toml', 'setup.cfg', 'tox.ini'].some((f) => fs.existsSync(path.join(root, f)))) return 'pytest';
  if (findPackageEntry(root, 'vitest', 'vitest.mjs')) return 'vitest';
  if (findPackageEntry(root, 'jest', 'bin/jest.js')) return 'jest';
  if (importsNodeTest(root)) return 'node';
  return null;
}

export function createRunner(root: string, config: KernelConfig): RunnerAdapter | null {
  const id = config.runner ?? detectRunner(root);
  switch (id) {
    case 'vitest':
      return vitestAdapter(root, config.command);
    case 'jest':
      return jestAdapter(root, config.command);
    case 'node':
      return nodeTestAdapter(config.command, readPackageJson(root)?.scripts?.test);
    case 'pytest':
      return pytestAdapter(root, config.command);
    case 'junit':
      return junitAdapter(config.junitCommand ?? '', config.junitReport);
    case 'command':
      return commandAdapter(config.testCommandFor ?? '');
    case null:
    case undefined:
      return null;
  }
}

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function readPackageJson(root: string): PackageJson | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return null;
  }
}

export type { RunnerAdapter, RunOutcome, TestRequest, TestResult, RunContext } from './types.js';
