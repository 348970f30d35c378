// A small JUnit XML reader (the format pytest and many other runners write): testcases with their
// failure, error or skipped children. Enough of XML for reports, not a general parser.

import type { FailureKind } from '../schemas/events.js';
import { firstLines } from './json-report.js';
import type { TestResult } from './types.js';

export interface JunitCase {
  classname: string;
  name: string;
  file?: string;
  time: number;
  outcome: 'passed' | 'failure' | 'error' | 'skipped';
  message: string;
}

const CASE = /<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g;
const ATTR = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function parseJunit(xml: string): JunitCase[] {
  const cases: JunitCase[] = [];
  for (const m of xml.matchAll(CASE)) {
    const attrs = attributes(m[1] ?? '');
    const body = m[2] ?? '';
    let outcome: JunitCase['outcome'] = 'passed';
    let message = '';
    const child = /<(failure|error|skipped)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body);
    if (child) {
      outcome = child[1] === 'failure' ? 'failure' : child[1] === 'error' ? 'error' : 'skipped';
      const childAttrs = attributes(child[2] ?? '');
      message = [childAttrs.message ?? '', decode(child[3] ?? '')].filter(Boolean).join('\n');
    }
    const item: JunitCase = {
      classname: attrs.classname ?? '',
      name: attrs.name ?? '',
      time: Number(attrs.time ?? 0) || 0,
      outcome,
      message,
    };
    if (attrs.file) item.file = attrs.file;
    cases.push(item);
  }
  return cases;
}

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) out[m[1]!] = decode(m[2] ?? m[3] ?? '');
  return out;
}

export function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** JUnit's own split: <failure> is a test that failed; <error> is one that could not run properly. */
export function junitFailureKind(c: JunitCase): FailureKind {
  if (c.outcome === 'error') return 'error';
  const head = c.message.trimStart().split('\n')[0] ?? '';
  if (/^(?:E\s+)?(?:\w+\.)*(?:SyntaxError|ModuleNotFoundError|ImportError|IndentationError|NameError)\b/.test(head)) return 'error';
  return 'assertion';
}

/** The result of a case that ran (not skipped), under the test id the adapter gives it. */
export function caseResult(c: JunitCase, id: Pick<TestResult, 'test_id' | 'test_id_source' | 'file'>): TestResult {
  const result: TestResult = { ...id, status: c.outcome === 'passed' ? 'pass' : 'fail', duration_ms: Math.round(c.time * 1000) };
  if (result.status === 'fail') {
    result.failure_kind = junitFailureKind(c);
    result.message = firstLines(c.message);
  }
  return result;
}
