// JUnit XML printed into the output (`node --test --test-reporter=junit`, `vitest --reporter=junit`),
// read with fast-xml-parser: each testcase with a <failure> or <error>, named by its suites and its
// own name. Pure.

import { XMLParser } from 'fast-xml-parser';
import { dedent, type TestFailure } from './failure.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  // Prefixed: Node's testcase has a `failure` attribute beside its <failure> element.
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => name === 'testsuite' || name === 'testcase' || name === 'failure' || name === 'error',
});

type Node = Record<string, unknown>;

/** The first JUnit document in the output (`<testsuites>...</testsuites>`, or one `<testsuite>`). */
function documentIn(output: string): string | null {
  const m = /<testsuites\b[\s\S]*?<\/testsuites>|<testsuite\b[\s\S]*<\/testsuite>/.exec(output);
  return m ? m[0] : null;
}

export function junitFailures(output: string): TestFailure[] {
  const xml = documentIn(output);
  if (xml === null) return [];
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return [];
  }
  const failures: TestFailure[] = [];
  const root = (doc.testsuites as Node | undefined) ?? doc;
  for (const suite of list(root.testsuite)) walk(suite, [], failures);
  return failures;
}

function walk(suite: Node, names: string[], into: TestFailure[]): void {
  const path = typeof suite['@_name'] === 'string' && suite['@_name'] !== '' ? [...names, suite['@_name']] : names;
  for (const child of list(suite.testsuite)) walk(child, path, into);
  for (const testcase of list(suite.testcase)) {
    const problem = list(testcase.failure)[0] ?? list(testcase.error)[0];
    if (!problem) continue;
    const text = typeof problem === 'string' ? problem : String(problem['#text'] ?? '');
    const message = typeof problem === 'object' && typeof problem['@_message'] === 'string' ? problem['@_message'] : '';
    // A runner that names the case by its full path already (Vitest: `suite > test`) is not prefixed twice.
    const own = String(testcase['@_name'] ?? '');
    const name = path.length > 0 && own.startsWith(`${path.at(-1)} > `) ? [...path.slice(0, -1), own] : [...path, own];
    into.push({ name: name.join(' > '), details: dedent((text.trim() === '' ? message : text).split(/\r?\n/)) });
  }
}

function list(value: unknown): Node[] {
  return Array.isArray(value) ? (value as Node[]) : [];
}
