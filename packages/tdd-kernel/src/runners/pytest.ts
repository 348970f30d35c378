// pytest adapter: one run per batch with the node ids (`file::Class::test`), which is what our test_id
// is, and a JUnit XML report. No cache or bytecode is written into the project.

import * as fs from 'node:fs';
import path from 'node:path';
import { RunnerError } from '../kernel/errors.js';
import { annotationsOf, execute, finalize, noReport, readReport, withReportDir } from './common.js';
import { caseResult, parseJunit, type JunitCase } from './junit-xml.js';
import { shellQuote } from './shell.js';
import type { RunContext, RunnerAdapter, RunOutcome, TestRequest, TestResult } from './types.js';
import { firstLines } from './json-report.js';
import type { CommandResult } from '@adlc/core';

export function pytestAdapter(root: string, baseCommand?: string): RunnerAdapter {
  const base = baseCommand ?? (onPath('pytest') ? 'pytest' : 'python3 -m pytest');
  return { id: 'pytest', key: `pytest: ${base}`, run: (requests, ctx) => runPytest(base, requests, ctx) };
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, name)));
}

async function runPytest(base: string, requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome> {
  let pending = requests;
  const notFound: TestResult[] = [];
  // A node id pytest cannot find aborts the whole session (exit 4); drop those and run the rest once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await runOnce(base, pending, ctx);
    if ('missing' in outcome) {
      if (pending === 'all') throw noReport(outcome.run, 'pytest');
      const missing = new Map(outcome.missing);
      for (const r of pending.filter((q) => missing.has(`${q.file}::${q.name ?? ''}`))) {
        const kind = missing.get(`${r.file}::${r.name ?? ''}`)!;
        const message = kind === 'error' ? `${r.file} failed to collect (an import or syntax error)\n${collectError(outcome.run.outputTail, r.file)}` : `pytest found no test ${r.file}::${r.name ?? ''}`;
        notFound.push({ test_id: r.id, test_id_source: r.id.includes('::') ? 'native' : 'annotation', file: r.file, status: 'fail', failure_kind: kind, message, duration_ms: 0 });
      }
      pending = pending.filter((q) => !missing.has(`${q.file}::${q.name ?? ''}`));
      if (missing.size === 0) throw noReport(outcome.run, 'pytest');
      if (pending.length === 0) {
        const run = outcome.run;
        return { command: run.command, invocations: attempt + 1, results: notFound, exitCode: run.exitCode, durationMs: run.durationMs, fileErrors: {}, outputTail: run.outputTail, timedOut: run.timedOut };
      }
      continue;
    }
    return { ...outcome, results: [...notFound, ...outcome.results], invocations: attempt + 1 };
  }
  throw new RunnerError('pytest kept failing to start');
}

async function runOnce(base: string, requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome | { missing: Array<[string, 'not_found' | 'error']>; run: CommandResult }> {
  return withReportDir(async (dir) => {
    const report = path.join(dir, 'pytest.xml');
    const args = ['-q', '-p', 'no:cacheprovider', '--continue-on-collection-errors', `--junitxml=${report}`, '-o', 'junit_family=xunit1'];
    if (requests !== 'all') {
      const wholeFiles = new Set(requests.filter((r) => r.name === null).map((r) => r.file));
      const targets = requests.map((r) => (r.name === null || wholeFiles.has(r.file) ? r.file : `${r.file}::${r.name}`));
      args.push(...new Set(targets));
    }
    const command = `${base} ${args.map(shellQuote).join(' ')}`;
    const run = await execute(command, ctx);
    if (run.exitCode === 4) {
      // `not found`: no such test; `found no collectors`: its file failed to import (a collection error).
      const missing = [...run.outputTail.matchAll(/ERROR: (not found|found no collectors for):? (\S+)/g)].map(
        (m): [string, 'not_found' | 'error'] => [relNode(ctx.root, m[2]!), m[1] === 'not found' ? 'not_found' : 'error'],
      );
      return { missing, run };
    }
    const text = readReport(report);
    if (text === null) throw noReport(run, 'pytest');
    const { results, fileErrors } = toResults(parseJunit(text), ctx.root);
    return finalize(requests, results, fileErrors, run);
  });
}

/** The `E   ...` line of the file's own "ERROR collecting <file>" section (else the output's first). */
function collectError(output: string, file?: string): string {
  const lines = output.split('\n');
  const section = file ? lines.findIndex((l) => l.includes(`ERROR collecting ${file}`)) : -1;
  const line = lines.slice(Math.max(section, 0)).find((l) => /^E\s+\S/.test(l));
  return line ? line.replace(/^E\s+/, '') : '';
}

function relNode(root: string, node: string): string {
  const sep = node.indexOf('::');
  const file = sep === -1 ? node : node.slice(0, sep);
  const rel = (path.isAbsolute(file) ? path.relative(root, file) : file).split(path.sep).join('/');
  return sep === -1 ? rel : `${rel}${node.slice(sep)}`;
}

export function toResults(cases: JunitCase[], root: string): { results: TestResult[]; fileErrors: Record<string, string> } {
  const results: TestResult[] = [];
  const fileErrors: Record<string, string> = {};
  const notes = annotationsOf(root);
  for (const c of cases) {
    const file = c.file ?? moduleFile(c.classname || c.name);
    if (c.classname === '' && c.outcome === 'error') {
      fileErrors[moduleFile(c.name)] = firstLines(c.message, 12);
      continue;
    }
    if (c.outcome === 'skipped') continue;
    const modulePrefix = file.replace(/\.py$/, '').split('/').join('.');
    const classes = c.classname.startsWith(`${modulePrefix}.`) ? c.classname.slice(modulePrefix.length + 1).split('.') : [];
    const name = [...classes, c.name].join('::');
    const fn = c.name.replace(/\[.*$/, '');
    const slug = notes(file).find((a) => a.title === fn)?.slug ?? null;
    results.push(caseResult(c, { test_id: slug ?? `${file}::${name}`, test_id_source: slug ? 'annotation' : 'native', file }));
  }
  return { results, fileErrors };
}

function moduleFile(dotted: string): string {
  return `${dotted.split('.').join('/')}.py`;
}
