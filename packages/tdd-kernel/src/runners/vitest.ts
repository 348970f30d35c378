// Vitest adapter: one `vitest run` per batch with the JSON reporter, one anchored -t alternation and
// the test files as filters. Vitest 4 matches -t on "describe test"; 5 on "describe > test".

import path from 'node:path';
import { annotationsOf, execute, finalize, findPackageEntry, noReport, readReport, withReportDir } from './common.js';
import { parseJsonReport } from './json-report.js';
import { namePattern, shellQuote } from './shell.js';
import type { RunContext, RunnerAdapter, RunOutcome, TestRequest } from './types.js';

export function vitestAdapter(root: string, baseCommand?: string): RunnerAdapter {
  const entry = findPackageEntry(root, 'vitest', 'vitest.mjs');
  const base = baseCommand ?? (entry ? `node ${shellQuote(entry.path)}` : 'npx vitest');
  const major = Number((entry?.version ?? '4').split('.')[0]) || 4;
  return {
    id: 'vitest',
    key: `vitest: ${base}`,
    run: (requests, ctx) => runVitest(base, major, requests, ctx),
  };
}

async function runVitest(base: string, major: number, requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome> {
  return withReportDir(async (dir) => {
    const report = path.join(dir, 'vitest.json');
    const args = ['run', '--reporter=json', `--outputFile=${report}`];
    if (requests !== 'all') {
      args.push(`--testNamePattern=${namePattern(requests, vitestJoin(major))}`);
      args.push(...new Set(requests.map((r) => r.file)));
    }
    const command = `${base} ${args.map(shellQuote).join(' ')}`;
    const run = await execute(command, ctx);
    const text = readReport(report);
    if (text === null) throw noReport(run, 'vitest');
    const parsed = parseJsonReport(JSON.parse(text), ctx.root, annotationsOf(ctx.root));
    return finalize(requests, parsed.results, parsed.fileErrors, run);
  });
}

/** How the detected Vitest joins describe and test titles for -t: Vitest 5 uses " > ". */
export function vitestJoin(major: number): 'space' | 'arrow' {
  return major >= 5 ? 'arrow' : 'space';
}
