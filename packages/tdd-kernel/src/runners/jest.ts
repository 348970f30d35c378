// Jest adapter: one `jest --json` per batch, one anchored --testNamePattern alternation (a repeated
// -t makes Jest skip everything) and the test files as literal paths (--runTestsByPath).

import path from 'node:path';
import { annotationsOf, execute, finalize, findPackageEntry, noReport, readReport, withReportDir } from './common.js';
import { parseJsonReport } from './json-report.js';
import { namePattern, shellQuote } from './shell.js';
import type { RunContext, RunnerAdapter, RunOutcome, TestRequest } from './types.js';

export function jestAdapter(root: string, baseCommand?: string): RunnerAdapter {
  const entry = findPackageEntry(root, 'jest', 'bin/jest.js');
  const base = baseCommand ?? (entry ? `node ${shellQuote(entry.path)}` : 'npx jest');
  return { id: 'jest', key: `jest: ${base}`, run: (requests, ctx) => runJest(base, requests, ctx) };
}

async function runJest(base: string, requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome> {
  return withReportDir(async (dir) => {
    const report = path.join(dir, 'jest.json');
    const args = ['--json', `--outputFile=${report}`, '--ci', '--watchman=false'];
    if (requests !== 'all') {
      args.push(`--testNamePattern=${namePattern(requests, 'space')}`, '--runTestsByPath', ...new Set(requests.map((r) => r.file)));
    }
    const command = `${base} ${args.map(shellQuote).join(' ')}`;
    const run = await execute(command, ctx);
    const text = readReport(report);
    if (text === null) throw noReport(run, 'jest');
    const parsed = parseJsonReport(JSON.parse(text), ctx.root, annotationsOf(ctx.root));
    return finalize(requests, parsed.results, parsed.fileErrors, run);
  });
}
