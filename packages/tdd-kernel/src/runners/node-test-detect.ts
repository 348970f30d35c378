// Whether a project without a test script for it still uses node's test runner: a test file that
// imports `node:test`. A bounded walk, run by `run`, `flush` and `doctor`, never by the hook.

import * as fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TEST_FILE } from '../project/globs.js';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.venv', 'venv', '__pycache__', '.tdd-kernel']);
const IMPORTS_NODE_TEST = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:test['"]/;
const JS_FILE = /\.[cm]?[jt]sx?$/;
const MAX_ENTRIES = 5_000;

export function importsNodeTest(root: string): boolean {
  const stack = [''];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_ENTRIES) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      seen++;
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(rel);
      } else if (JS_FILE.test(e.name) && DEFAULT_TEST_FILE.test(rel)) {
        try {
          if (IMPORTS_NODE_TEST.test(fs.readFileSync(path.join(root, rel), 'utf8'))) return true;
        } catch {
          // unreadable: not evidence either way
        }
      }
    }
  }
  return false;
}
