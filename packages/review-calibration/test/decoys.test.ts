import { describe, expect, it } from 'vitest';
import { renderText } from '../src/report/render-text.js';
import { cli, MATH, parseJson, plantedRepo, reviewer, useCleanRuns } from './helpers.js';

useCleanRuns();

describe('--decoys: precision from clean changes', () => {
  it('runs the reviewer again with no plants; every finding there counts, and --max-decoy-findings gates on them', async () => {
    const { repo, plantsFile } = plantedRepo();
    // The fixture's spurious remark comes in every run, planted or clean.
    const args = ['--review-cmd', reviewer('report', '4', '--repro', '--spurious'), '--plants-file', plantsFile, '--scorer', 'repro', '--decoys', '2'];
    const result = await cli(repo, [...args, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc.decoy).toEqual({ runs: 2, findings: 2, findingsPerRun: 1, filesFlagged: 1 });
    expect(doc).toMatchObject({ caught: 4, falsePositives: 1, maxDecoyFindings: null, gatePass: true });
    expect(renderText(doc)).toContain('decoys: 2 findings in 2 clean runs (1 per run, 1 file flagged), all false positives');

    const gated = await cli(repo, [...args, '--max-decoy-findings', '1', '--json']);
    expect(gated.exitCode).toBe(2);
    const failed = parseJson(gated);
    expect(failed).toMatchObject({ gatePass: false, maxDecoyFindings: 1, recall: 1 });
    expect(failed.gateReasons).toEqual(['2 findings on the clean commit (decoys) is above --max-decoy-findings 1']);

    const text = await cli(repo, [...args, '--max-decoy-findings', '2']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('decoys: 2 findings in 2 clean runs (1 per run, 1 file flagged), all false positives (max 2)');
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('a quiet reviewer has no decoy findings; without --decoys there is no decoy field, and a decoy bar alone is refused', async () => {
    const { repo, plantsFile } = plantedRepo();
    const base = ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro', '--min-recall', '0', '--json'];
    const quiet = parseJson(await cli(repo, [...base, '--decoys', '1', '--max-decoy-findings', '0']));
    expect(quiet.decoy).toEqual({ runs: 1, findings: 0, findingsPerRun: 0, filesFlagged: 0 });
    expect(quiet.gatePass).toBe(true);
    expect(parseJson(await cli(repo, base)).decoy).toBeUndefined();
    const alone = await cli(repo, [...base, '--max-decoy-findings', '0']);
    expect(alone.exitCode).toBe(1);
    expect(alone.stderr).toContain('--max-decoy-findings needs --decoys');
  });

  it('a reviewer that crashes on the clean commit is an operational error (exit 1), the tree untouched', async () => {
    const { repo, plantsFile } = plantedRepo();
    // Planted: reports with repros (exit 2); clean: the diff is empty and this reviewer crashes on it.
    const crashOnClean = `${reviewer('report', '4', '--repro')} && git diff --quiet {base} && exit 3 || exit 2`;
    const result = await cli(repo, ['--review-cmd', crashOnClean, '--plants-file', plantsFile, '--scorer', 'repro', '--decoys', '1']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('exited with 3');
    expect(repo.status()).toBe('');
  });
});
