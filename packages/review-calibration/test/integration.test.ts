import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TempRepo } from '@adlc/testkit';
import { describe, expect, it } from 'vitest';
import { ErrorOutputSchema } from '@adlc/core';
import { cli, scratch, MATH, parseJson, plantedRepo, PLANTS, reviewer, useCleanRuns } from './helpers.js';

useCleanRuns();

function expectUntouched(r: TempRepo): void {
  expect(r.read('src/math.js')).toBe(MATH);
  expect(r.status()).toBe('');
}

describe('review-calibration with --plants-file and --scorer repro', () => {
  it('an LGTM reviewer has recall 0: exit 2, and exit 0 with --min-recall 0', async () => {
    const { repo, plantsFile } = plantedRepo();
    const args = ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro', '--json'];
    const fail = await cli(repo, args);
    expect(fail.exitCode).toBe(2);
    const doc = parseJson(fail);
    expect(doc).toMatchObject({ recall: 0, caught: 0, total: 4, gatePass: false, scorer: 'repro', reviewExitCode: 0, precision: null, commit: 'HEAD' });
    expect(doc.plants.map((p) => p.status)).toEqual(['missed', 'missed', 'missed', 'missed']);
    expect(doc.controls.oracle).toMatchObject({ caught: 4, total: 4, ok: true });
    expect(doc.controls.echo).toMatchObject({ caught: 0, located: 4, ok: true });
    expectUntouched(repo);

    // Off a TTY (a CI log), one plain line as each phase starts, under --json too; --quiet hides them.
    expect(fail.stderr).toMatch(/^review-calibration: trial 1\/1: planted 4 bugs in 1 file\(s\)$/m);
    expect(fail.stderr).toMatch(/^review-calibration: reviewer: running on 4 planted bugs…$/m);
    expect(fail.stderr).toMatch(/^review-calibration: checking repros \d+\/\d+…$/m);
    expect(fail.stderr).not.toContain('\u001b');

    const ok = await cli(repo, [...args, '--min-recall', '0', '--quiet']);
    expect(ok.exitCode).toBe(0);
    expect(parseJson(ok).gatePass).toBe(true);
    expect(ok.stderr).not.toContain('review-calibration: trial');
    expectUntouched(repo);
  });

  it('a reviewer that reports 2 of 4 plants with discriminating repros has recall exactly 2/4, right per category', async () => {
    const { repo, plantsFile } = plantedRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2', '--repro'), '--plants-file', plantsFile, '--scorer', 'repro', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ recall: 0.5, caught: 2, total: 4, located: 2, truePositives: 2, falsePositives: 0, precision: 1, reviewExitCode: 2 });
    expect(doc.perCategory).toEqual({
      'logic-inversion': { caught: 1, located: 1, total: 1, recall: 1 },
      'null-handling': { caught: 0, located: 0, total: 1, recall: 0 },
      'off-by-one': { caught: 1, located: 1, total: 2, recall: 0.5 },
    });
    expect(doc.plants.map((p) => [p.line, p.status, p.identifiedBy])).toEqual([
      [4, 'caught', 'repro'],
      [14, 'caught', 'repro'],
      [26, 'missed', null],
      [35, 'missed', null],
    ]);
    expectUntouched(repo);
  });

  it('one spurious finding far from any plant lowers precision to 3/4', async () => {
    const { repo, plantsFile } = plantedRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('report', '3', '--repro', '--spurious'), '--plants-file', plantsFile, '--scorer', 'repro', '--min-precision', '0.8', '--json']);
    expect(result.exitCode).toBe(2);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ recall: 0.75, truePositives: 3, falsePositives: 1, precision: 0.75, minPrecision: 0.8, gatePass: false });
    expect(doc.gateReasons.join()).toContain('precision');
    expect(doc.findings.filter((f) => f.kind === 'false-positive').map((f) => f.line)).toEqual([900]);
  });

  it('findings without repros locate but do not identify under --scorer repro', async () => {
    const { repo, plantsFile } = plantedRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('report', '4', '--format=sarif'), '--plants-file', plantsFile, '--scorer', 'repro', '--json', '--min-recall', '0']);
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ recall: 0, caught: 0, located: 4, truePositives: 0, falsePositives: 0, precision: null, findingsFormat: 'sarif' });
    expect(doc.plants.every((p) => p.status === 'located')).toBe(true);
    // The text says why nothing was caught, and does not call the four findings unanchored.
    const text = await cli(repo, ['--review-cmd', reviewer('report', '4', '--format=prose'), '--plants-file', plantsFile, '--scorer', 'repro', '--min-recall', '0']);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toContain('precision n/a (4 findings located a plant without identifying it, none elsewhere)');
    expect(text.stdout).not.toContain('no anchored findings');
    expect(text.stdout.split('why: no repro supplied (the repro scorer identifies only by repro)').length - 1).toBe(4);
  });

  it('reads consensus-synthesis --json and prose output', async () => {
    const { repo, plantsFile } = plantedRepo();
    for (const format of ['synthesis', 'prose']) {
      const result = await cli(repo, ['--review-cmd', reviewer('report', '4', `--format=${format}`), '--plants-file', plantsFile, '--scorer', 'string', '--json', '--min-recall', '0']);
      expect(result.exitCode).toBe(0);
      const doc = parseJson(result);
      expect(doc.findingsFormat).toBe(format === 'synthesis' ? 'consensus-synthesis' : 'prose');
      // Under the legacy string scorer locating is catching; it warns that the number is not trustworthy.
      expect(doc.caught).toBe(4);
      expect(result.stderr).toContain('NOT trustworthy');
      expect(doc.warnings.join()).toContain('echo control');
    }
    expectUntouched(repo);
  });

  it('its own --history and --report files inside the repository do not make the next run refuse the tree', async () => {
    const { repo, plantsFile } = plantedRepo();
    const args = ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro', '--min-recall', '0', '--json'];
    const mine = ['--history', 'calib.jsonl', '--report', 'out/calib.html'];
    expect((await cli(repo, [...args, ...mine])).exitCode).toBe(0);
    const second = await cli(repo, [...args, ...mine]);
    expect(second.exitCode).toBe(0);
    expect(parseJson(second).history?.previous).not.toBeNull();
    // Anything else untracked is still the user's, and still refused.
    const other = await cli(repo, [...args, '--history', 'calib.jsonl']);
    expect(other.exitCode).toBe(1);
    expect(other.stderr).toContain('out/calib.html');
    const clash = await cli(repo, [...args, '--report', 'src/math.js']);
    expect(clash.exitCode).toBe(1);
    expect(repo.read('src/math.js')).toBe(MATH);
  });

  it('a reviewer that exits 3 is a crash: exit 1, files restored', async () => {
    const { repo, plantsFile } = plantedRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('crash'), '--plants-file', plantsFile, '--scorer', 'repro', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('exited with 3');
    expect(ErrorOutputSchema.parse(JSON.parse(result.stdout)).error.exitCode).toBe(1);
    expectUntouched(repo);
  });

  it('refuses a dirty tree: exit 1, nothing touched', async () => {
    const { repo, plantsFile } = plantedRepo();
    writeFileSync(join(repo.dir, 'src', 'math.js'), `${MATH}// local edit\n`);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('uncommitted changes');
    expect(repo.read('src/math.js')).toBe(`${MATH}// local edit\n`);
  });

  it('excludes an equivalent mutant whose witness does not discriminate, and says why in the JSON and the report', async () => {
    const witness = (expr: string) => `node --input-type=module -e "import * as m from './src/math.js'; process.exit(${expr} ? 0 : 1)"`;
    const { repo, plantsFile } = plantedRepo({}, [
      // clamp(0, 0, 5): `value <= low` returns low, which is the value anyway: no behaviour changes.
      { ...PLANTS[0], witness: witness('m.clamp(0, 0, 5) === 0') },
      { ...PLANTS[1], witness: witness('m.isBetween(10, 0, 5) === false') },
    ]);
    const report = scratch('report.json');
    // One valid plant is left: this test is about the exclusion, not about the run's size.
    const result = await cli(repo, ['--review-cmd', reviewer('report', '2', '--repro'), '--plants-file', plantsFile, '--scorer', 'repro', '--json', '--report', report, '--min-plants', '1']);
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ equivalentExcluded: 1, total: 1, caught: 1, recall: 1, truePositives: 1, falsePositives: 0 });
    expect(doc.plants.map((p) => p.status)).toEqual(['equivalent', 'caught']);
    expect(doc.plants[0]!.reason).toContain('witness passes with the plant applied too');
    expect(doc.findings.map((f) => f.kind)).toEqual(['equivalent', 'true-positive']);
    const mutants = Object.values(JSON.parse(readFileSync(report, 'utf8')).files as Record<string, { mutants: Array<{ status: string; statusReason?: string }> }>).flatMap((f) => f.mutants);
    const ignored = mutants.filter((m) => m.status === 'Ignored');
    expect(ignored).toHaveLength(1);
    expect(ignored[0]!.statusReason).toMatch(/equivalent.*witness passes with the plant applied too/);
    expectUntouched(repo);
  });

  it('rejects bad arguments and bad plants files with exit 1', async () => {
    const { repo, plantsFile } = plantedRepo({}, [{ ...PLANTS[0] }, { ...PLANTS[1], line: 8, original: '    return high;' }]);
    const close = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro']);
    expect(close.exitCode).toBe(1);
    expect(close.stderr).toContain('at least 7 lines apart');
    const missing = await cli(repo, ['--plants-file', plantsFile]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('--review-cmd is required');
    const badRecall = await cli(repo, ['--review-cmd', 'x', '--min-recall', '2']);
    expect(badRecall.exitCode).toBe(1);
    expect(badRecall.stderr).not.toMatch(/\n\s+at /);
    expectUntouched(repo);
  });
});
