// The first step of TDD: a test for code not written yet fails because what it names does not exist
// (a module, an export, a function). That failure is red with reason "missing", claimable for the file
// that will define it, when the test file itself names the missing thing and holds the requested test;
// a failure that only happens deeper (a module the code imports) or for another cause keeps its kind.

import * as fs from 'node:fs';
import path from 'node:path';
import { testTitles } from '../runners/annotations.js';
import { missingThing, type MissingThing } from '../runners/classify-failure.js';
import type { TestResult } from '../runners/types.js';

export function withMissingReds(results: readonly TestResult[], root: string): TestResult[] {
  const sources = new Map<string, string | null>();
  const source = (rel: string) => {
    if (!sources.has(rel)) sources.set(rel, readText(path.join(root, rel)));
    return sources.get(rel) ?? null;
  };
  return results.map((r) => {
    if (r.status !== 'fail' || (r.failure_kind !== 'assertion' && r.failure_kind !== 'error') || !r.message || !r.file) return r;
    const thing = missingThing(r.message);
    const text = thing ? source(r.file) : null;
    if (!thing || text === null || !names(text, thing)) return r;
    // A test that never ran (its file did not load) must at least be declared in the file.
    if (r.failure_kind === 'error' && !declares(text, r.test_id, r.file)) return r;
    return { ...r, failure_kind: 'assertion', reason: 'missing' };
  });
}

/** Whether the test file's own text names the missing module or identifier. */
function names(text: string, thing: MissingThing): boolean {
  if (thing.what === 'name') return new RegExp(`(?:^|[^\\w$])${escape(thing.name)}(?![\\w$])`).test(text);
  if (!/[/\\]/.test(thing.name) && !thing.name.startsWith('.')) {
    // A Python module (`app.price`, or the package `app` of `app.price`): imported by that dotted name.
    return new RegExp(`(?:^|\\s)(?:from|import)\\s+${escape(thing.name)}(?:[.\\s]|$)`, 'm').test(text);
  }
  // A JS module: an import or require of a relative path with the same base name (runners print it
  // as written or resolved to an absolute path).
  const base = stem(thing.name);
  return [...text.matchAll(/(['"`])(\.{1,2}\/[^'"`]+|\/[^'"`]+)\1/g)].some((m) => stem(m[2]!) === base);
}

function stem(spec: string): string {
  const last = spec.split(/[/\\]/).pop() ?? spec;
  return last.replace(/\.(?:[cm]?[jt]sx?|json)$/, '');
}

/** Whether the file declares the test the id names (its own title ends the id's name). */
function declares(text: string, testId: string, file: string): boolean {
  const sep = testId.indexOf('::');
  if (sep === -1) return /@(?:reasonix-)?test-id:/.test(text);
  if (testId.slice(0, sep) !== file) return false;
  const name = testId.slice(sep + 2);
  const last = name.split('::').pop()!.replace(/\[.*\]$/, '');
  return testTitles(text).some((t) => name === t || name.endsWith(` ${t}`) || last === t);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readText(abs: string): string | null {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}
