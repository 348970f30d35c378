// The offline demo: no key, exit 0, the whole pipeline on stdout, the shipped example unchanged.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '@adlc/testkit';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(rel, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(p).update(readFileSync(join(dir, p)));
    }
  };
  walk('');
  return hash.digest('hex');
}

describe('demo', () => {
  it('runs offline with the fixture provider, exits 0 and leaves the examples unchanged', async () => {
    const before = treeHash(join(pkg, 'example'));
    const beforeLocalize = treeHash(join(pkg, 'example-localize'));
    const res = await runCli(join(pkg, 'demo', 'run-demo.mjs'), [], { cwd: pkg, env: {} });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/#2 +failed +rails gate/);
    expect(res.stdout).toMatch(/#3 +discarded +invalid-json/);
    expect(res.stdout).toMatch(/#4 +discarded +path-escape/);
    expect(res.stdout).toContain('group 0: 2 candidates (#0, #1)');
    expect(res.stdout).toContain('after apply: test exit 0, rails exit 0');
    expect(treeHash(join(pkg, 'example'))).toBe(before);
    // The second example has no --files: the ranking picks lib/tags.js, and the answer editing the test is refused.
    expect(res.stderr).toMatch(/the fix may change 3 files\n {2}1\. lib\/tags\.js /);
    expect(res.stdout).toMatch(/#2 +discarded +outside-files/);
    expect(res.stdout.match(/after apply: test exit 0, rails exit 0/g)).toHaveLength(2);
    expect(res.stderr).toContain(' lib/tags.js | 5 ++---');
    expect(treeHash(join(pkg, 'example-localize'))).toBe(beforeLocalize);
  });
});
