// Parses the Jest-shaped JSON report that both Jest (--json) and Vitest (--reporter=json) write into
// test results with ids `<rel-path>::<fullName>`, telling assertion reds from collection errors.

import path from 'node:path';
import { RunnerError } from '../kernel/errors.js';
import { slugFor, type Annotation } from './annotations.js';
import { classifyFailure } from './classify-failure.js';
import type { TestResult } from './types.js';

interface AssertionResult {
  ancestorTitles?: string[];
  title?: string;
  fullName?: string;
  status?: string;
  duration?: number | null;
  failureMessages?: string[];
}

interface FileResult {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: AssertionResult[];
}

export interface ParsedReport {
  results: TestResult[];
  fileErrors: Record<string, string>;
}

/** Reads `annotations(relFile)` for slugs; pass `() => []` to skip them. */
export function parseJsonReport(report: unknown, root: string, annotations: (rel: string) => readonly Annotation[]): ParsedReport {
  const results: TestResult[] = [];
  const fileErrors: Record<string, string> = {};
  const files = (report as { testResults?: FileResult[] } | null)?.testResults;
  if (!Array.isArray(files)) throw new RunnerError('the runner wrote a JSON report without testResults');
  for (const file of files) {
    const rel = toRel(root, file.name ?? '');
    const tests = file.assertionResults ?? [];
    const ran = tests.filter((t) => t.status === 'passed' || t.status === 'failed');
    if (file.status === 'failed' && ran.length === 0 && file.message) fileErrors[rel] = firstLines(stripAnsi(file.message));
    const notes = annotations(rel);
    const seen = new Map<string, number>();
    for (const t of tests) {
      const title = t.title ?? '';
      const nth = seen.get(title) ?? 0;
      seen.set(title, nth + 1);
      if (t.status !== 'passed' && t.status !== 'failed') continue; // skipped, pending, todo: did not run
      const fullName = t.fullName ?? [...(t.ancestorTitles ?? []), title].join(' ');
      const slug = notes.length > 0 ? slugFor(notes, title, nth) : null;
      const result: TestResult = {
        test_id: slug ?? `${rel}::${fullName}`,
        test_id_source: slug ? 'annotation' : 'native',
        file: rel,
        status: t.status === 'passed' ? 'pass' : 'fail',
        duration_ms: Math.round(t.duration ?? 0),
      };
      if ((t.ancestorTitles ?? []).length > 0) result.titles = [...(t.ancestorTitles ?? []), title];
      if (t.status === 'failed') {
        const message = stripAnsi((t.failureMessages ?? []).join('\n'));
        result.failure_kind = classifyFailure(message);
        result.message = firstLines(message);
      }
      results.push(result);
    }
  }
  return { results, fileErrors };
}

function toRel(root: string, name: string): string {
  const rel = path.isAbsolute(name) ? path.relative(root, name) : name;
  return rel.split(path.sep).join('/');
}

export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
}

export function firstLines(text: string, lines = 6): string {
  // Runner-internal stack frames say nothing about the test.
  const useful = text.trim().split('\n').filter((l) => !/^\s*at .*(?:node_modules|node:internal|\(<anonymous>\)|new Promise)/.test(l));
  return useful.slice(0, lines).join('\n');
}

export { classifyFailure };
