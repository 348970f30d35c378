// `testCommandFor` adapter (the RFC's test_command_for(test_id)) for runners without a report format:
// one command per test; exit 0 is green, exit 1 an assertion red, anything else an error.

import { RunnerError } from '../kernel/errors.js';
import { execute } from './common.js';
import { shellQuote } from './shell.js';
import type { RunnerAdapter, RunOutcome, TestResult } from './types.js';

export function commandAdapter(template: string): RunnerAdapter {
  return {
    id: 'command',
    key: `command: ${template}`,
    async run(requests, ctx): Promise<RunOutcome> {
      if (requests === 'all') throw new RunnerError('the "command" runner runs one test at a time: name the tests to run');
      const results: TestResult[] = [];
      let last = null as Awaited<ReturnType<typeof execute>> | null;
      let total = 0;
      for (const r of requests) {
        const command = template
          .replaceAll('{test_id}', shellQuote(r.id))
          .replaceAll('{file}', shellQuote(r.file))
          .replaceAll('{name}', shellQuote(r.name ?? r.title ?? ''));
        const run = await execute(command, ctx);
        last = run;
        total += run.durationMs;
        const result: TestResult = { test_id: r.id, test_id_source: r.id.includes('::') ? 'native' : 'annotation', file: r.file, status: run.exitCode === 0 ? 'pass' : 'fail', duration_ms: run.durationMs };
        if (result.status === 'fail') {
          result.failure_kind = run.exitCode === 1 ? 'assertion' : 'error';
          result.message = run.timedOut ? 'timed out' : run.outputTail.trim().split('\n').slice(-6).join('\n');
        }
        results.push(result);
      }
      return {
        command: template,
        invocations: requests.length,
        results,
        exitCode: last?.exitCode ?? 0,
        durationMs: total,
        fileErrors: {},
        outputTail: last?.outputTail ?? '',
        timedOut: last?.timedOut ?? false,
      };
    },
  };
}
