// Reads JUnit XML (the format pytest and many other runners write) with fast-xml-parser: each testcase
// with its failure, error or skipped child, its attributes decoded, and the testsuites around it.

import { XMLParser } from 'fast-xml-parser';
import type { FailureKind } from '../schemas/events.js';
import { firstLines } from './json-report.js';
import type { TestResult } from './types.js';

export interface JunitSuite {
  name: string;
  file?: string;
}

export interface JunitCase {
  classname: string;
  name: string;
  /** The testcase's own `file` attribute (a suite's is in `suites`). */
  file?: string;
  time: number;
  outcome: 'passed' | 'failure' | 'error' | 'skipped';
  message: string;
  /** The testsuites that hold the case, outermost first. */
  suites: JunitSuite[];
}

/** A node of fast-xml-parser's ordered output: one key naming the tag (its children), and `:@` its attributes. */
type XmlNode = Record<string, unknown>;

// Ordered output, so that a case's first failure, error or skipped child is the first in the document.
// Values stay strings; htmlEntities also decodes numeric character references (&#10;, &#x41;).
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
});

const isOutcome = (tag: string | undefined): tag is 'failure' | 'error' | 'skipped' => tag === 'failure' || tag === 'error' || tag === 'skipped';

export function parseJunit(xml: string): JunitCase[] {
  const cases: JunitCase[] = [];
  walk(parser.parse(xml) as XmlNode[], [], cases);
  return cases;
}

function walk(nodes: readonly XmlNode[], suites: JunitSuite[], cases: JunitCase[]): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === undefined || tag === '#text') continue;
    const attrs = attributesOf(node);
    if (tag === 'testcase') cases.push(testCase(node, attrs, suites));
    else if (tag === 'testsuite') walk(childrenOf(node), [...suites, { name: attrs.name ?? '', ...(attrs.file ? { file: attrs.file } : {}) }], cases);
    else walk(childrenOf(node), suites, cases);
  }
}

function testCase(node: XmlNode, attrs: Record<string, string>, suites: JunitSuite[]): JunitCase {
  let outcome: JunitCase['outcome'] = 'passed';
  let message = '';
  for (const child of childrenOf(node)) {
    const tag = tagOf(child);
    if (!isOutcome(tag)) continue;
    outcome = tag;
    message = [attributesOf(child).message ?? '', textOf(child)].filter(Boolean).join('\n');
    break;
  }
  const item: JunitCase = { classname: attrs.classname ?? '', name: attrs.name ?? '', time: Number(attrs.time ?? 0) || 0, outcome, message, suites };
  if (attrs.file) item.file = attrs.file;
  return item;
}

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@');
}

function childrenOf(node: XmlNode): XmlNode[] {
  const children = node[tagOf(node) ?? ''];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function attributesOf(node: XmlNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

/** The element's text, CDATA included, nested elements' text in document order. */
function textOf(node: XmlNode): string {
  return childrenOf(node)
    .map((child) => (tagOf(child) === '#text' ? String(child['#text']) : textOf(child)))
    .join('');
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
