import { describe, expect, it } from 'vitest';
import { parseHunkHeader } from '@adlc/core';
import { splitDiff } from '../src/inputs/chunk-diff.js';
import { coverage, planDiffParts } from '../src/inputs/diff-parts.js';
import { excludePaths, isExcluded } from '../src/inputs/exclude-paths.js';
import { qualifyVerdict, type Coverage } from '../src/chair/coverage-verdict.js';
import { sectionFile } from '../src/inputs/diff-order.js';
import type { Consensus } from '../src/report/output-schema.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** A new file of `lines` lines, each `width` characters. */
function newFile(file: string, lines: number, width = 40): string {
  const body = Array.from({ length: lines }, (_, i) => `+${String(i + 1).padStart(width, 'x')}`).join('\n');
  return `diff --git a/${file} b/${file}\nnew file mode 100644\n--- /dev/null\n+++ b/${file}\n@@ -0,0 +1,${lines} @@\n${body}\n`;
}

/** A modified file with `hunks` hunks of one changed line each, 100 lines apart. */
function modifiedFile(file: string, hunks: number, pad = 200): string {
  const header = `diff --git a/${file} b/${file}\nindex 1111111..2222222 100644\n--- a/${file}\n+++ b/${file}\n`;
  const body = Array.from({ length: hunks }, (_, i) => {
    const at = i * 100 + 1;
    return `@@ -${at},3 +${at},3 @@ function f${i}() {\n ${'c'.repeat(pad)}\n-old ${i}\n+new ${i}\n ${'c'.repeat(pad)}\n`;
  }).join('');
  return header + body;
}

/** The new-side lines a part shows, by their line number (from its hunk headers), to check recomputed headers. */
function newSideLines(part: string): Map<number, string> {
  const lines = new Map<number, string>();
  let next = 0;
  for (const line of part.split('\n')) {
    const header = parseHunkHeader(line);
    if (header) {
      next = header.newStart;
      continue;
    }
    if (next === 0 || line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+') || line.startsWith(' ')) lines.set(next++, line.slice(1));
  }
  return lines;
}

describe('splitting the diff into parts', () => {
  it('packs whole files into parts of at most the budget, in order, and covers every byte', () => {
    const diff = newFile('src/a.js', 10) + newFile('src/b.js', 10) + newFile('src/c.js', 10) + newFile('src/d.js', 30);
    const chunks = splitDiff(diff, 1500);
    expect(chunks.map((c) => c.files)).toEqual([['src/a.js', 'src/b.js'], ['src/c.js'], ['src/d.js']]);
    for (const chunk of chunks) expect(chunk.bytes).toBeLessThanOrEqual(1500);
    expect(chunks.map((c) => c.text).join('')).toBe(diff);
    expect(chunks.reduce((sum, c) => sum + c.coveredBytes, 0)).toBe(bytes(diff));
    expect(splitDiff('', 1500)).toEqual([]);
  });

  it('splits a file larger than the budget at hunk boundaries, its header above every part', () => {
    const file = modifiedFile('src/big.js', 12);
    const chunks = splitDiff(newFile('src/small.js', 2) + file, 1400);
    expect(chunks.length).toBeGreaterThan(2);
    const parts = chunks.filter((c) => c.files.includes('src/big.js'));
    for (const chunk of chunks) expect(chunk.bytes).toBeLessThanOrEqual(1400);
    for (const part of parts) {
      expect(part.text).toContain('diff --git a/src/big.js b/src/big.js\nindex 1111111..2222222 100644\n--- a/src/big.js\n+++ b/src/big.js\n@@ ');
      // Whole hunks only: every hunk header in a part is one of the file's own.
      const own = part.text.slice(part.text.indexOf('diff --git a/src/big.js'));
      for (const header of own.match(/^@@ .*$/gm)!) expect(file).toContain(header);
    }
    const hunks = parts.flatMap((p) => p.text.match(/^\+new \d+$/gm)!);
    expect(hunks).toEqual(Array.from({ length: 12 }, (_, i) => `+new ${i}`));
    expect(chunks.reduce((sum, c) => sum + c.coveredBytes, 0)).toBe(bytes(newFile('src/small.js', 2) + file));
  });

  it('splits a hunk larger than the budget at line boundaries under recomputed headers that keep the line numbers', () => {
    const file = newFile('src/huge.js', 200);
    const chunks = splitDiff(file, 2048);
    expect(chunks.length).toBeGreaterThan(3);
    const seen = new Map<number, string>();
    for (const chunk of chunks) {
      expect(chunk.bytes).toBeLessThanOrEqual(2048);
      expect(chunk.truncated).toBe(false);
      expect(sectionFile(chunk.text)).toBe('src/huge.js');
      for (const [n, line] of newSideLines(chunk.text)) seen.set(n, line);
    }
    // Line n of the new file is where each part's header says it is.
    expect([...seen.keys()]).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const [n, line] of seen) expect(line).toBe(String(n).padStart(40, 'x'));
    expect(chunks.reduce((sum, c) => sum + c.coveredBytes, 0)).toBe(bytes(file));
  });

  it('cuts a single line longer than the budget and says so', () => {
    const chunks = splitDiff(newFile('dist/app.min.js', 1, 5000), 1024);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.truncated).toBe(true);
    expect(chunks[0]!.bytes).toBeLessThanOrEqual(1024);
  });
});

describe('which parts are sent, and how much they cover', () => {
  const diff = newFile('src/a.js', 30) + newFile('src/b.js', 30) + newFile('src/c.js', 30);

  it.each<[string, 'all' | number, number, boolean]>([
    ['--chunks 1 cuts the first budget of the diff', 1, 1, false],
    ['--chunks 2 sends the first two parts', 2, 2, false],
    ['--chunks all sends every part', 'all', 3, true],
    ['--chunks 9 sends every part there is', 9, 3, true],
  ])('%s', (_name, requested, sent, complete) => {
    const parts = planDiffParts(diff, requested, 1500);
    expect(parts.sent).toBe(sent);
    expect(coverage(parts).complete).toBe(complete);
    expect(coverage(parts).reviewedBytes).toBeLessThanOrEqual(bytes(diff));
  });

  it('--chunks 1 is the seed cut: the first budget of bytes, its files listed', () => {
    const parts = planDiffParts(diff, 1, 1500);
    expect(parts.chunks).toHaveLength(1);
    expect(parts.chunks[0]!.truncated).toBe(true);
    expect(parts.chunks[0]!.files).toEqual(['src/a.js', 'src/b.js']);
    expect(planDiffParts(newFile('src/a.js', 2), 1, 1500).chunks[0]!.truncated).toBe(false);
  });
});

describe('--exclude', () => {
  it.each<[string, string, boolean]>([
    ['dist/app.js', 'dist/**', true],
    ['src/dist/app.js', 'dist/**', false],
    ['test/__snapshots__/a.test.ts.snap', '*.snap', true],
    ['src/app.js', '*.snap', false],
    ['src/gen/api.ts', 'src/gen/*', true],
    ['.github/workflows/ci.yml', '.github/**', true],
  ])('%s matches %s: %s', (file, glob, expected) => {
    expect(isExcluded(file, [glob])).toBe(expected);
  });

  it('drops the sections and the file list entries of excluded files', () => {
    const diff = newFile('dist/app.js', 3) + newFile('src/app.js', 3);
    const kept = excludePaths(diff, ['dist/app.js', 'src/app.js'], ['dist/**']);
    expect(kept).toEqual({ diff: newFile('src/app.js', 3), files: ['src/app.js'], excluded: ['dist/app.js'] });
  });
});

describe('the verdict over part of the diff', () => {
  const approve: Consensus = { high: [], medium: [], consider: [], recommendation: 'approve', recommendationText: 'All reviewers approve - safe to merge' };
  const partial: Coverage = { requested: 1, count: 1, reviewed: 1, complete: false, diffBytes: 43_008, reviewedBytes: 10_240, budgetBytes: 10_240 };

  it('an approval of part of the diff is never "safe to merge" and says how much was reviewed', () => {
    const { consensus, warning } = qualifyVerdict(approve, partial);
    expect(consensus.recommendation).toBe('approve-partial');
    expect(consensus.recommendationText).toContain('first 10 KB reviewed of 42 KB');
    expect(consensus.recommendationText).not.toMatch(/safe to merge$/);
    expect(consensus.recommendationText).toContain('not safe to merge');
    expect(warning).toContain('only the first 10 KB reviewed of 42 KB');
  });

  it('other recommendations keep their code and gain the note; a complete review is left alone', () => {
    const medium = { ...approve, recommendation: 'review-medium', recommendationText: 'Review medium priority concerns' };
    expect(qualifyVerdict(medium, { ...partial, requested: 'all', count: 5, reviewed: 2 }).consensus).toMatchObject({
      recommendation: 'review-medium',
      recommendationText: 'Review medium priority concerns (first 10 KB reviewed of 42 KB (2 of 5 parts))',
    });
    expect(qualifyVerdict(approve, { ...partial, complete: true })).toEqual({ consensus: approve, warning: null });
  });
});
