import { writeFileSync } from 'node:fs';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { describe, expect, it } from 'vitest';
import { cli, MATH, parseJson, PLANTS, removedAfterTest, reviewer, scratch, useCleanRuns } from './helpers.js';

let repo: TempRepo;
useCleanRuns();

/** A line of MATH with a trailing space, so that a commit removing it changes exactly that line. */
const spaced = (text: string, lines: number[]) =>
  text
    .split('\n')
    .map((line, i) => (lines.includes(i + 1) ? `${line} ` : line))
    .join('\n');

/** The last commit changes only line 14; the one before it lines 4, 26 and 35. */
function twoCommits(): TempRepo {
  repo = removedAfterTest(makeTempRepo({
    prefix: 'review-calibration-few-',
    files: { 'package.json': '{"type":"module"}\n', 'src/math.js': spaced(MATH, [4, 14, 26, 35]) },
    commits: [
      { message: 'tidy three lines', files: { 'src/math.js': spaced(MATH, [14]) } },
      { message: 'tidy isBetween', files: { 'src/math.js': MATH } },
    ],
  }));
  return repo;
}

describe('few plants are said plainly', () => {
  it('a commit with room for one plant exits 1 and says how to widen it; --commit A..B widens it', async () => {
    twoCommits();
    const base = ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--min-recall', '0'];
    const one = await cli(repo, base);
    expect(one.exitCode).toBe(1);
    expect(one.stderr).toContain('only 1 plant fits in this commit: widen it with --commit A..B or --files, or lower --min-plants');
    expect(one.stderr).toContain('a recall over 1 plant can only be 0% or 100%');
    expect(repo.status()).toBe('');

    // {base} is the range's end: the reviewer's diff against it is the plants.
    const wide = await cli(repo, ['--review-cmd', reviewer('report', '9', '--repro'), '--scorer', 'repro', '--commit', 'HEAD~2..HEAD', '--json']);
    expect(wide.exitCode, wide.stderr).toBe(0);
    const doc = parseJson(wide);
    expect(doc).toMatchObject({ total: 4, caught: 4 });
    expect(doc.plants.map((p) => p.line)).toEqual([4, 14, 26, 35]);
    expect(doc.commit).toBe('HEAD~2..HEAD');
    expect(doc.commitSha).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(repo.read('src/math.js')).toBe(MATH);
  });

  it('with --min-plants lowered, the recall line carries its Wilson interval, and --json its recallInterval', async () => {
    twoCommits();
    const args = ['--review-cmd', reviewer('report', '1', '--repro'), '--scorer', 'repro', '--min-plants', '1'];
    const text = await cli(repo, args);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toContain('recall 100% [95% interval 20.7%–100%; 1 of 8 plants fit] (1/1 caught');
    const doc = parseJson(await cli(repo, [...args, '--json']));
    expect(doc).toMatchObject({ total: 1, caught: 1, plantsRequested: 8 });
    expect(doc.recallInterval?.low).toBeCloseTo(0.2065, 3);
    expect(doc.trials).toBeUndefined();
    expect(repo.status()).toBe('');
  });

  it('--plants below --min-plants, and a plants file with fewer valid plants, are refused with exit 1', async () => {
    twoCommits();
    const few = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--plants', '2']);
    expect(few.exitCode).toBe(1);
    expect(few.stderr).toContain('--plants 2 is below --min-plants 3');
    const file = scratch('plants.json');
    writeFileSync(file, JSON.stringify(PLANTS.slice(0, 2)));
    const listed = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--plants-file', file]);
    expect(listed.exitCode).toBe(1);
    expect(listed.stderr).toContain('only 2 plants of --plants-file are valid: add plants, or lower --min-plants (now 3)');
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('a test file named test.js (ava and node --test run it by that name) gets no plants when the commit changes it beside the module', async () => {
    const testJs = "import test from 'node:test';\nimport assert from 'node:assert';\nimport { clamp, isBetween } from './src/math.js';\n" +
      "test('clamp', () => {\n  assert.equal(clamp(5, 0, 3), 3);\n  assert.equal(clamp(-1, 0, 3), 0);\n  assert.equal(clamp(2, 0, 3), 2);\n});\n" +
      "test('isBetween', () => {\n  assert.equal(isBetween(2, 0, 3), true);\n  assert.equal(isBetween(4, 0, 3), false);\n  assert.equal(isBetween(-4, 0, 3), false);\n});\n";
    repo = removedAfterTest(makeTempRepo({
      prefix: 'review-calibration-testjs-',
      files: { 'package.json': '{"type":"module"}\n', 'src/math.js': spaced(MATH, [4, 14, 26, 35]), 'test.js': testJs.replaceAll('  assert', '\tassert') },
      commits: [{ message: 'tidy and reindent the tests', files: { 'src/math.js': MATH, 'test.js': testJs } }],
    }));
    const doc = parseJson(await cli(repo, ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--min-recall', '0', '--json']));
    expect(doc.plants.map((p) => p.file)).toEqual(['src/math.js', 'src/math.js', 'src/math.js', 'src/math.js']);
    expect(repo.status()).toBe('');
  });
});
