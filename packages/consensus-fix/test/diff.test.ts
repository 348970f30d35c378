import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countChangedLines, unifiedDiff } from '../src/candidates/diff.js';

describe('countChangedLines', () => {
  it.each([
    ['', 0],
    ['@@ -1 +1 @@\n-a\n+b\n', 2],
    ['@@ -1,3 +1,4 @@\n x\n-y\n+z\n+w\n q\n', 3],
    ['--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n---- removed dashes\n++++ added pluses\n ctx\n', 2],
    ['@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n', 2],
    ['@@ -0,0 +1,2 @@\n+new\n+file\n', 2],
  ])('%j -> %d', (patch, expected) => {
    expect(countChangedLines(patch)).toBe(expected);
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function applyInRepo(files: Record<string, string>, patch: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'cf-diff-'));
  dirs.push(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  writeFileSync(join(dir, 'p.patch'), patch);
  execFileSync('git', ['apply', 'p.patch'], { cwd: dir });
  return Object.fromEntries(Object.keys(files).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

describe('unifiedDiff', () => {
  it('is empty when nothing changes', async () => {
    expect(await unifiedDiff([{ file: 'a.js', before: 'x\n', after: 'x\n' }])).toBe('');
  });

  it('makes a patch git apply accepts, for changed and new files, CRLF and missing final newline', async () => {
    const changes = [
      { file: 'src/m.js', before: 'a\nb\nc\n', after: 'a\nB\nc\n' },
      { file: 'src/crlf.js', before: 'one\r\ntwo\r\n', after: 'one\r\nTWO\r\n' },
      { file: 'src/nonl.js', before: 'last', after: 'LAST' },
      { file: 'src/dir with space/n.js', before: null, after: 'new\n' },
    ];
    const patch = await unifiedDiff(changes);
    expect(patch).toContain('diff --git a/src/m.js b/src/m.js');
    expect(countChangedLines(patch)).toBe(2 + 2 + 2 + 1);
    const applied = applyInRepo({ 'src/m.js': 'a\nb\nc\n', 'src/crlf.js': 'one\r\ntwo\r\n', 'src/nonl.js': 'last' }, patch);
    expect(applied).toEqual({ 'src/m.js': 'a\nB\nc\n', 'src/crlf.js': 'one\r\nTWO\r\n', 'src/nonl.js': 'LAST' });
  });
});
