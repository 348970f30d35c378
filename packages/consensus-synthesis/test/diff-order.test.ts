import { describe, expect, it } from 'vitest';
import { isLowValueFile, orderDiffSections, sectionFile } from '../src/inputs/diff-order.js';

const section = (file: string, body = '+x'): string => `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n${body}\n`;

describe('diff order', () => {
  it.each([
    ['package-lock.json', true],
    ['web/pnpm-lock.yaml', true],
    ['go.sum', true],
    ['dist/app.js', true],
    ['src/vendor/lib.js', true],
    ['public/app.min.js', true],
    ['test/__snapshots__/a.test.ts.snap', true],
    ['src/app.js', false],
    ['src/lock.ts', false],
    ['docs/build-guide.md', false],
  ])('%s is low value: %s', (file, expected) => {
    expect(isLowValueFile(file)).toBe(expected);
  });

  it('reads the new-side path of a section, a rename included', () => {
    expect(sectionFile('diff --git a/src/old.ts b/src/new.ts\nsimilarity index 90%\nrename from src/old.ts\n')).toBe('src/new.ts');
    expect(sectionFile(section('src/a.js'))).toBe('src/a.js');
  });

  it('puts lockfiles and generated files last and appended untracked files in path order, each section unchanged', () => {
    const diff = section('package-lock.json', '+'.repeat(20_000)) + section('src/b.js') + section('dist/b.js') + section('src/a.js');
    const ordered = orderDiffSections(diff);
    expect(ordered.split(/(?=^diff --git )/m).map(sectionFile)).toEqual(['src/a.js', 'src/b.js', 'dist/b.js', 'package-lock.json']);
    expect(ordered.length).toBe(diff.length);
    expect(ordered).toContain(section('package-lock.json', '+'.repeat(20_000)));
    expect(orderDiffSections('')).toBe('');
  });
});
