// Node's own test runner: one `node --test` per batch, one anchored --test-name-pattern and the test files,
// results read from the kernel's reporter (node-test-reporter.ts), written to a file in a temp dir.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { RunnerError } from '../kernel/errors.js';
import { slugFor } from './annotations.js';
import { annotationsOf, execute, finalize, noReport, readReport, withReportDir } from './common.js';
import { firstLines, stripAnsi } from './json-report.js';
import { classifyFailure } from './classify-failure.js';
import { reporterSource, type NodeTestLine } from './node-test-reporter.js';
import { escapeRegex, shellQuote } from './shell.js';
import type { RunContext, RunnerAdapter, RunOutcome, TestRequest, TestResult } from './types.js';

/**
 * `base` runs node's test runner (`node --test`, or the project's test script when it is one, e.g.
 * `node --import tsx --test test/`); `files` are the script's own file arguments, used for a full run only.
 */
export function nodeTestAdapter(baseCommand: string | undefined, script: string | undefined): RunnerAdapter {
  const fromScript = baseCommand === undefined && script !== undefined ? splitNodeTestScript(script) : null;
  const base = baseCommand ?? fromScript?.base ?? 'node --test';
  return { id: 'node', key: `node: ${base}`, run: (requests, ctx) => runNodeTest(base, fromScript?.files ?? [], requests, ctx) };
}

/** `node [flags] --test [flags] [files]` from a test script: the part up to the options, and the files. */
export function splitNodeTestScript(script: string): { base: string; files: string[] } | null {
  const m = /(?:^|&&|;)\s*(node\s[^&;|]*?--test\b[^&;|]*)/.exec(script);
  if (!m) return null;
  const words = m[1]!.trim().split(/\s+/);
  const at = words.indexOf('--test');
  // Options after --test that take a separate value; the rest of the words that are not options are files.
  const VALUED = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--test-concurrency', '--test-timeout']);
  const base = words.slice(0, at + 1);
  const files: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (VALUED.has(w)) base.push(w, words[++i] ?? '');
    else if (/^--test-reporter(?:-destination)?(?:=|$)/.test(w)) i += w.includes('=') ? 0 : 1;
    else if (w.startsWith('-')) base.push(w);
    else files.push(w.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return { base: base.join(' '), files };
}

async function runNodeTest(base: string, scriptFiles: string[], requests: TestRequest[] | 'all', ctx: RunContext): Promise<RunOutcome> {
  return withReportDir(async (dir) => {
    const reporter = path.join(dir, 'reporter.mjs');
    const report = path.join(dir, 'node-test.jsonl');
    writeFileSync(reporter, reporterSource());
    const args = [`--test-reporter=${reporter}`, `--test-reporter-destination=${report}`];
    if (requests === 'all') args.push(...scriptFiles);
    else args.push(`--test-name-pattern=${nodeNamePattern(requests)}`, ...new Set(requests.map((r) => r.file)));
    const command = `${base} ${args.map(shellQuote).join(' ')}`;
    const run = await execute(command, ctx);
    const text = readReport(report);
    if (text === null) throw noReport(run, 'node --test');
    const { results, fileErrors } = parseNodeTestReport(text, ctx.root, annotationsOf(ctx.root));
    return finalize(requests, results, fileErrors, run);
  });
}

/**
 * One anchored alternation. Node 22 and later match the pattern against the test's ancestors' names and
 * its own, joined by spaces (the test id's name); Node 20 against each test's own name, and a test whose
 * name does not match is skipped with its subtests. So the pattern also accepts each title on its own
 * (the titles of an earlier report; else every run of words of the name): Node 20 may then run a few
 * tests more, whose results are not asked for and are dropped.
 */
export function nodeNamePattern(requests: ReadonlyArray<Pick<TestRequest, 'name' | 'title' | 'titles'>>): string {
  const alternatives = new Set<string>();
  for (const r of requests) {
    if (r.name === null) {
      // A slug: its title, under any parents (Node 22+), and the parents' titles when a report gave them (Node 20).
      alternatives.add(`(?:.* )?${escapeRegex(r.title ?? '')}`);
      for (const p of r.titles ?? [r.title ?? '']) alternatives.add(escapeRegex(p));
      continue;
    }
    alternatives.add(escapeRegex(r.name));
    const parts = r.titles && r.titles.join(' ') === r.name ? r.titles : wordRuns(r.name);
    for (const p of parts) alternatives.add(escapeRegex(p));
  }
  return `^(?:${[...alternatives].join('|')})$`;
}

function wordRuns(name: string): string[] {
  const words = name.split(' ');
  if (words.length > 12) return [name, words[words.length - 1]!];
  const runs: string[] = [];
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j <= words.length; j++) runs.push(words.slice(i, j).join(' '));
  return runs;
}

export function parseNodeTestReport(text: string, root: string, annotations: (rel: string) => ReturnType<ReturnType<typeof annotationsOf>>): { results: TestResult[]; fileErrors: Record<string, string> } {
  const results: TestResult[] = [];
  const fileErrors: Record<string, string> = {};
  const seen = new Map<string, number>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let line: NodeTestLine;
    try {
      line = JSON.parse(raw) as NodeTestLine;
    } catch {
      throw new RunnerError(`node --test's report has a line that is not JSON: ${raw.slice(0, 200)}`);
    }
    const rel = toRel(root, line.file);
    if (line.kind === 'file-error') {
      fileErrors[rel] = firstLines(fromErrorLine(stripAnsi(line.message ?? '')), 12);
      continue;
    }
    const title = line.name ?? '';
    const key = `${rel}\n${title}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const notes = annotations(rel);
    const slug = notes.length > 0 ? slugFor(notes, title, nth) : null;
    const titles = [...(line.ancestors ?? []), title];
    const result: TestResult = {
      test_id: slug ?? `${rel}::${titles.join(' ')}`,
      test_id_source: slug ? 'annotation' : 'native',
      file: rel,
      status: line.status === 'pass' ? 'pass' : 'fail',
      duration_ms: Math.round(line.duration_ms ?? 0),
    };
    if (titles.length > 1) result.titles = titles;
    if (result.status === 'fail') {
      const message = stripAnsi(line.message ?? '');
      result.failure_kind = classifyFailure(message);
      result.message = firstLines(message);
    }
    results.push(result);
  }
  return { results, fileErrors };
}

/** A load error's own line first: node prints the throwing internal source line above it. */
function fromErrorLine(text: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^(?:[A-Z]\w*Error|Error)\b/.test(l));
  return at > 0 ? lines.slice(at).join('\n') : text;
}

function toRel(root: string, file: string): string {
  const rel = path.isAbsolute(file) ? path.relative(root, file) : file;
  return rel.split(path.sep).join('/');
}
