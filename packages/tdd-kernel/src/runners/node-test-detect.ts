// Whether a project without a test script for it still uses node's test runner: a test file that
// imports `node:test`. A bounded walk, run by `run`, `flush` and `doctor`, never by the hook.

import * as fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TEST_FILE } from '../project/globs.js';
import { projectFiles } from '../project/walk-files.js';

const IMPORTS_NODE_TEST = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:test['"]/;
const JS_FILE = /\.[cm]?[jt]sx?$/;
const MAX_ENTRIES = 5_000;

export function importsNodeTest(root: string): boolean {
  for (const rel of projectFiles(root, (rel, name) => JS_FILE.test(name) && DEFAULT_TEST_FILE.test(rel), { maxEntries: MAX_ENTRIES })) {
    try {
      if (IMPORTS_NODE_TEST.test(fs.readFileSync(path.join(root, rel), 'utf8'))) return true;
    } catch {
      // unreadable: not evidence either way
    }
  }
  return false;
}
