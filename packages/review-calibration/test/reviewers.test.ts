import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, MATH, parseJson, plantedRepo, reviewer, scratch, useCleanRuns } from './helpers.js';

useCleanRuns();

// A finds every plant and reports its usage; B finds two and adds a spurious remark in every run.
const A = reviewer('report', '4', '--repro', '--usage=1000,200,0.05');
const B = reviewer('report', '2', '--repro', '--spurious');

describe('several reviewers side by side', () => {
  it('shows every reviewer the same plants and decoys: one row each, the gate fails when any falls short', async () => {
    const { repo, plantsFile } = plantedRepo();
    const html = scratch('calibration.html');
    const args = ['--review-cmd', A, '--review-cmd', B, '--plants-file', plantsFile, '--scorer', 'repro', '--decoys', '1', '--min-recall', '0.75'];
    const result = await cli(repo, [...args, '--json', '--report', html]);
    expect(result.exitCode, result.stderr).toBe(2);
    const doc = parseJson(result);
    const [a, b] = doc.reviewers!;
    expect(doc.reviewers).toHaveLength(2);
    expect(a).toMatchObject({ recall: 1, caught: 4, total: 4, precision: 1, decoyFindings: 0, runs: 2, gatePass: true });
    // The clean run reports its usage too: two runs' worth.
    expect(a!.usage).toEqual({ inputTokens: 2000, outputTokens: 400, costUsd: 0.1 });
    expect(b).toMatchObject({ recall: 0.5, caught: 2, total: 4, truePositives: 2, falsePositives: 1, decoyFindings: 1, runs: 2, usage: null, gatePass: false });
    expect(b!.precision).toBeCloseTo(2 / 3, 10);
    expect(b!.recallInterval.low).toBeLessThan(0.5);
    expect(b!.recallInterval.high).toBeGreaterThan(0.5);
    expect(a!.command).toContain('--usage=1000,200,0.05');
    expect(a!.name).not.toBe(b!.name);
    expect(a!.wallMs).toBeGreaterThan(0);
    // The top-level fields are the first reviewer's; the gate is everyone's.
    expect(doc).toMatchObject({ recall: 1, caught: 4, decoy: { runs: 1, findings: 0 }, gatePass: false });
    expect(doc.gateReasons).toEqual([`${b!.name}: recall 0.5 is below --min-recall 0.75`]);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2>Reviewers</h2>');
    expect(page).toContain('<td>50% (2/4)</td>');
    expect(page).toContain('<td>$0.1000</td>');

    const text = await cli(repo, args);
    expect(text.exitCode).toBe(2);
    expect(text.stdout).toContain('reviewers (the same plants and decoys');
    expect(text.stdout).toMatch(/recall\s+95% interval\s+precision\s+decoy findings\s+wall\s+tokens in\/out\s+cost\s+gate/);
    expect(text.stdout).toMatch(/100% \(4\/4\)\s+\[51%, 100%\]\s+100%\s+0\s+\d+\.\ds\s+2000\/400\s+\$0\.1000\s+pass/);
    expect(text.stdout).toMatch(/50% \(2\/4\)\s+\[15%, 85%\]\s+66\.7%\s+1\s+\d+\.\ds\s+-\s+-\s+FAIL/);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('--reviewers-file names them; each reviewer sees only the plants (the tree restored before the next)', async () => {
    const { repo, plantsFile } = plantedRepo();
    const file = scratch('reviewers.json');
    // Each one counts the changed lines it sees: with leftovers of the one before, it would see more than 4.
    const count = (name: string) => `test "$(git diff -U0 {base} | grep -c '^+[^+]')" = 4 && echo '{"findings": []}' || { echo ${name} saw more; exit 3; }`;
    writeFileSync(file, JSON.stringify([{ name: 'alpha', cmd: count('alpha') }, { name: 'beta', cmd: count('beta') }, { name: 'gamma', cmd: A }]));
    const result = await cli(repo, ['--reviewers-file', file, '--plants-file', plantsFile, '--scorer', 'repro', '--min-recall', '0', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc.reviewers!.map((r) => [r.name, r.recall, r.gatePass])).toEqual([
      ['alpha', 0, true],
      ['beta', 0, true],
      ['gamma', 1, true],
    ]);
    expect(doc.reviewers![0]!.decoyFindings).toBeNull();
    expect(repo.status()).toBe('');
  });

  it('one reviewer keeps its document and gets one row; duplicate names and a bad file are refused', async () => {
    const { repo, plantsFile } = plantedRepo();
    const one = parseJson(await cli(repo, ['--review-cmd', A, '--plants-file', plantsFile, '--scorer', 'repro', '--json']));
    expect(one).toMatchObject({ recall: 1, gatePass: true, gateReasons: [] });
    expect(one.reviewers).toHaveLength(1);
    expect(one.reviewers![0]).toMatchObject({ recall: 1, runs: 1, usage: { inputTokens: 1000, outputTokens: 200, costUsd: 0.05 } });
    const file = scratch('reviewers.json');
    writeFileSync(file, JSON.stringify([{ name: 'x', cmd: A }, { name: 'x', cmd: B }]));
    const twice = await cli(repo, ['--reviewers-file', file, '--plants-file', plantsFile, '--scorer', 'repro']);
    expect(twice.exitCode).toBe(1);
    expect(twice.stderr).toContain('two reviewers are named "x"');
    writeFileSync(file, JSON.stringify([{ name: 'x' }]));
    const bad = await cli(repo, ['--reviewers-file', file, '--plants-file', plantsFile, '--scorer', 'repro']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('--reviewers-file');
    expect(repo.status()).toBe('');
  });
});
