// Generic JUnit adapter: any command that writes JUnit XML. `{report}` in the command is the report
// path (also in $TDD_KERNEL_JUNIT_REPORT), `{tests}` the requested test files.

import path from 'node:path';
import { execute, finalize, noReport, readReport, withReportDir } from './common.js';
import { caseResult, parseJunit } from './junit-xml.js';
import { firstLines } from './json-report.js';
import { shellQuote } from './shell.js';
import type { RunnerAdapter, TestResult } from './types.js';

export function junitAdapter(command: string, reportPath?: string): RunnerAdapter {
  return {
    id: 'junit',
    key: `junit: ${command}`,
    run: (requests, ctx) =>
      withReportDir(async (dir) => {
        const report = reportPath ? path.resolve(ctx.root, reportPath) : path.join(dir, 'junit.xml');
        const files = requests === 'all' ? [] : [...new Set(requests.map((r) => r.file))];
        const full = command.replaceAll('{report}', shellQuote(report)).replaceAll('{tests}', files.map(shellQuote).join(' '));
        const run = await execute(full, { ...ctx, env: { ...ctx.env, TDD_KERNEL_JUNIT_REPORT: report } });
        const text = readReport(report);
        if (text === null) throw noReport(run, 'the junit command');
        const results: TestResult[] = [];
        const fileErrors: Record<string, string> = {};
        for (const c of parseJunit(text)) {
          if (c.outcome === 'skipped') continue;
          const file = (c.file ?? c.classname).split(path.sep).join('/');
          // An error case in a file (it failed to load): its requested tests that did not run are errors too.
          if (c.outcome === 'error') fileErrors[file] ??= firstLines(c.message);
          results.push(caseResult(c, { test_id: `${file}::${c.name}`, test_id_source: 'native', file }));
        }
        return finalize(requests, results, fileErrors, run);
      }),
  };
}
