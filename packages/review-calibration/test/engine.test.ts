import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HistoryEntrySchema } from '../src/index.js';
import { assertBuilt, cli, MATH, parseJson, reviewer } from './helpers.js';

// The commit under review touches exactly these lines of src/math.js.
const CHANGED = [4, 14, 26, 35];
const before = MATH.split('\n')
  .map((line, i) => (CHANGED.includes(i + 1) ? `${line} ` : line))
  .join('\n');

let repo: TempRepo;
let out: string;
beforeAll(assertBuilt);
afterEach(() => {
  repo?.cleanup();
  if (out) rmSync(out, { recursive: true, force: true });
});

function engineRepo(): TempRepo {
  out = mkdtempSync(join(tmpdir(), 'rc-out-'));
  repo = makeTempRepo({
    prefix: 'review-calibration-engine-',
    files: { 'package.json': '{"type":"module"}\n', 'src/math.js': before, 'test/math.test.js': 'export const x = 1 + 1;\n' },
    commits: [{ message: 'fix trailing spaces', files: { 'src/math.js': MATH, 'test/math.test.js': 'export const x = 2 + 2;\n' } }],
  });
  return repo;
}

describe('plants from the mutation engine', () => {
  it('plants only in the lines the commit changed, in source (not test) files, the same for the same seed', async () => {
    engineRepo();
    const args = ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--min-recall', '0', '--json', '--seed', '7'];
    const first = parseJson(await cli(repo, args));
    const second = parseJson(await cli(repo, args));
    expect(first.targets).toEqual({ source: 'commit', files: ['src/math.js'] });
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.plants.every((p) => CHANGED.includes(p.line) && p.file === 'src/math.js')).toBe(true);
    expect(first.plants.every((p) => p.mutated !== p.original && p.description.length > 0)).toBe(true);
    expect(second.plants.map((p) => p.id)).toEqual(first.plants.map((p) => p.id));
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('a reviewer that reports every plant with a discriminating repro has recall 1', async () => {
    engineRepo();
    const result = await cli(repo, ['--review-cmd', reviewer('report', '99', '--repro'), '--scorer', 'repro', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc.recall).toBe(1);
    expect(doc.caught).toBe(doc.total);
    expect(doc.controls.oracle.ok && doc.controls.echo.ok).toBe(true);
  });

  it('falls back to --files when the commit changes no eligible source file', async () => {
    engineRepo();
    repo.commit('docs', { 'README.md': '# notes\n', 'vite.config.js': 'export default {};\n' });
    const refused = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('--files');
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--files', 'src/math.js', '--plants', '3', '--min-recall', '0', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = parseJson(result);
    expect(doc.targets).toEqual({ source: 'files', files: ['src/math.js'] });
    expect(doc.total).toBe(3);
  });

  it('with --trials, the warning about too few plants is true of every trial, not of the first only', async () => {
    engineRepo();
    const args = ['--review-cmd', reviewer('lgtm'), '--scorer', 'repro', '--plants', '8', '--min-recall', '0', '--json'];
    const doc = parseJson(await cli(repo, [...args, '--trials', '2']));
    const perTrial = [0, 1].map((trial) => doc.plants.filter((p) => p.trial === trial).length);
    // Four changed lines, seven lines apart at least: each trial gets one plant per changed line.
    expect(perTrial).toEqual([4, 4]);
    expect(doc.warnings.filter((w) => w.includes('requested plants fit'))).toEqual([
      'only 4 of the 8 requested plants fit in each of the 2 trials (plants are 7 lines apart, in the lines the commit changed when it changed any)',
    ]);
  });

  it('--trials, --history and --report (JSON and HTML)', async () => {
    engineRepo();
    const history = join(out, 'calibration.jsonl');
    const reportJson = join(out, 'report.json');
    const reportHtml = join(out, 'report.html');
    const args = ['--review-cmd', reviewer('report', '2', '--repro'), '--scorer', 'repro', '--plants', '4', '--min-recall', '0', '--json', '--history', history];
    const first = parseJson(await cli(repo, [...args, '--trials', '2', '--report', reportJson, '--report', reportHtml]));
    expect(first.trials?.map((t) => t.seed)).toEqual([1, 2]);
    expect(first.caught).toBe(first.trials!.reduce((n, t) => n + t.caught, 0));
    expect(first.total).toBe(first.trials!.reduce((n, t) => n + t.total, 0));
    expect(first.recallInterval!.low).toBeLessThan(first.recall);
    expect(first.recallInterval!.high).toBeGreaterThan(first.recall);
    expect(first.plants.every((p) => p.trial !== undefined)).toBe(true);
    expect(first.history).toMatchObject({ previous: null, delta: null });

    const second = parseJson(await cli(repo, [...args, '--report', reportJson]));
    expect(second.trials).toBeUndefined();
    expect(second.history?.previous?.recall).toBe(first.recall);
    expect(second.history?.delta?.recall).toBeCloseTo(second.recall - first.recall, 10);
    const lines = readFileSync(history, 'utf8').trim().split('\n').map((l) => HistoryEntrySchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(2);
    expect(lines[1]!.reviewCommand).toContain('reviewer.mjs');

    const report = JSON.parse(readFileSync(reportJson, 'utf8'));
    expect(report.schemaVersion).toBe('2');
    expect(report.thresholds).toMatchObject({ low: 0 });
    const mutants = report.files['src/math.js'].mutants as Array<Record<string, unknown>>;
    expect(report.files['src/math.js'].source).toBe(MATH);
    expect(mutants).toHaveLength(second.plants.length);
    const statusOf = (p: (typeof second.plants)[number]) => ({ caught: 'Killed', located: 'Survived', missed: 'Survived', equivalent: 'Ignored' })[p.status];
    expect(mutants.map((m) => m.status)).toEqual(second.plants.map(statusOf));
    expect(mutants.filter((m) => m.status === 'Killed').every((m) => Array.isArray(m.killedBy) && (m.killedBy as string[]).length > 0)).toBe(true);

    const html = readFileSync(reportHtml, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).toContain('"schemaVersion":"2"');
    expect(repo.status()).toBe('');
  });
});
