import { describe, expect, it } from 'vitest';
import { parseNewSideLines } from '../src/git.js';
import { parseHunkHeader, type HunkHeader } from '../src/hunk-header.js';

const h = (oldStart: number, oldCount: number, newStart: number, newCount: number): HunkHeader => ({ oldStart, oldCount, newStart, newCount });

describe('parseHunkHeader', () => {
  it.each<[string, HunkHeader | null]>([
    ['@@ -1,3 +1,4 @@', h(1, 3, 1, 4)],
    ['@@ -10,2 +12,5 @@ function name() {', h(10, 2, 12, 5)],
    // An omitted count is 1, on either side.
    ['@@ -7 +7 @@', h(7, 1, 7, 1)],
    ['@@ -7 +8,2 @@', h(7, 1, 8, 2)],
    ['@@ -7,2 +8 @@', h(7, 2, 8, 1)],
    // Zero counts: a pure insertion, a pure deletion, a new and a deleted file.
    ['@@ -4,0 +5,2 @@', h(4, 0, 5, 2)],
    ['@@ -4,2 +3,0 @@', h(4, 2, 3, 0)],
    ['@@ -0,0 +1,3 @@', h(0, 0, 1, 3)],
    ['@@ -1,3 +0,0 @@', h(1, 3, 0, 0)],
    ['@@@ -1,2 -1,2 +1,3 @@@', null], // combined diff: not a two-sided hunk
    ['+@@ -1,3 +1,4 @@', null], // an added line whose text looks like a header
    ['@@ -a,1 +1 @@', null],
    ['diff --git a/x b/x', null],
    ['', null],
  ])('%j', (line, expected) => {
    expect(parseHunkHeader(line)).toEqual(expected);
  });
});

describe('parseNewSideLines', () => {
  it.each<[string, string, number[]]>([
    ['one replaced line', '@@ -2 +2 @@\n-a\n+b\n', [2]],
    ['a block and a deletion', '@@ -2,0 +3,2 @@\n+x\n+y\n@@ -9,1 +10,0 @@\n-z\n', [3, 4]],
    ['no hunks', 'diff --git a/x b/x\n', []],
  ])('%s', (_case, patch, expected) => {
    expect(parseNewSideLines(patch)).toEqual(expected);
  });
});
