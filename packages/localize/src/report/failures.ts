// The failing tests of a run, read from its output: from the runner's report where it can be read
// (node:test's TAP and spec reporters, Vitest, Jest, Mocha, pytest, JUnit XML), else the output's own
// failure blocks (`not ok`, `FAIL`, `✗`, pytest's `E ` lines). Pure.

import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { LANGUAGES } from '../signals/frames.js';
import { withoutAnsi } from '../without-ansi.js';
import { dedent, indentOf, type TestFailure } from './failure.js';
import { specFailures, tapFailures } from './node-test.js';
import { jestFailures, mochaFailures, pytestFailures, vitestFailures } from './runner-reports.js';
import { junitFailures } from './junit.js';

export type { TestFailure } from './failure.js';

const READERS = [tapFailures, specFailures, vitestFailures, jestFailures, mochaFailures, pytestFailures, junitFailures];

/** The failing tests the runners' reports in `output` name, each once, in the order they are reported. */
export function reportedFailures(output: string): TestFailure[] {
  const text = withoutAnsi(output);
  const seen = new Set<string>();
  return READERS.flatMap((read) => read(text)).filter((f) => !seen.has(f.name) && seen.add(f.name));
}

const BLOCK_HEAD = /^\s*(?:not ok\b|FAIL(?:ED)?\b|[✗✖×]\s)|^E\s/;
const MAX_BLOCK_LINES = 30;

/**
 * Where no report can be read: each failure line of the output with the lines that belong to it (more
 * indented after it, or the run of `E ` lines).
 */
export function failureBlocks(output: string): TestFailure[] {
  const lines = withoutAnsi(output).split(/\r?\n/);
  const found: TestFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!BLOCK_HEAD.test(line)) continue;
    const block = [line];
    const belongs = line.startsWith('E ') ? (l: string) => l.startsWith('E ') : (l: string) => l.trim() === '' || indentOf(l) > indentOf(line);
    while (i + 1 < lines.length && block.length < MAX_BLOCK_LINES && belongs(lines[i + 1]!)) block.push(lines[++i]!);
    found.push({ name: line.trim(), details: dedent(block.slice(1)) });
  }
  return found;
}

/** The failing tests with their details, from the report where it can be read, else the failure blocks. */
export function testFailures(output: string): TestFailure[] {
  const reported = reportedFailures(output);
  return reported.length > 0 ? reported : failureBlocks(output);
}

/**
 * The details as a fix needs them: stack frames outside the repository (the runtime, node_modules, other
 * directories) left out, and the repository's absolute paths made relative to it.
 */
export function withRepositoryFrames(details: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return details
    .split('\n')
    .filter((line) => {
      for (const language of [LANGUAGES.v8, LANGUAGES.vitest, LANGUAGES.python]) {
        const frame = language.frame(line);
        if (frame === 'skip') return false;
        if (frame !== null) return inRepository(frame.path, root);
      }
      return true;
    })
    .map((line) => line.split(`file://${prefix}`).join('').split(prefix).join(''))
    .join('\n');
}

/** Whether a printed frame path (absolute, relative to the root, or a file: URL) is a repository file outside node_modules. */
export function inRepository(printed: string, root: string): boolean {
  let abs: string;
  try {
    abs = printed.startsWith('file:') ? fileURLToPath(printed) : path.resolve(root, printed);
  } catch {
    return false;
  }
  const rel = path.relative(root, abs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules');
}

/** A reported name as the repository knows it: a test file's absolute path made relative to the root. */
export function relativeName(name: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}
