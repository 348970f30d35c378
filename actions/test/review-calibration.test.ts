import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_DIR } from './support/runner.js';
import { pullRequestRepo, usesStep, useActionSuite } from './support/suite.js';

const suite = useActionSuite('review-calibration');

const STATS = `export function clamp(value, low, high) {
  if (value < low) {
    return low;
  }
  if (value > high) {
    return high;
  }
  return value;
}

export function isBetween(value, low, high) {
  return value >= low && value <= high;
}

export function lastIndex(values) {
  return values.length - 1;
}

export function total(values) {
  let sum = 0;
  for (const v of values) {
    sum += v;
  }
  return sum;
}
`;

const reviewer = (mode: 'report' | 'lgtm') => `node '${join(ACTIONS_DIR, 'test', 'fixtures', 'diff-reviewer.mjs')}' {base} ${mode}`;

function calibrate(mode: 'report' | 'lgtm') {
  const pr = pullRequestRepo({ 'package.json': '{ "type": "module" }\n', 'src/stats.js': '// statistics helpers\n' }, { 'src/stats.js': STATS });
  suite.track(pr.repo);
  const inputs = { 'review-cmd': reviewer(mode), scorer: 'repro', plants: '3', seed: '1', 'min-recall': '0.5' };
  return { pr, run: suite.run(pr.repo.dir, suite.event(pr), inputs) };
}

describe('the review-calibration action', () => {
  it('a reviewer that finds every plant: exit 0, recall per category in the summary, the reports uploaded', async () => {
    const { pr, run: running } = calibrate('report');
    const run = await running;

    expect(run.conclusion).toBe('success');
    expect(run.outputs).toMatchObject({ 'exit-code': '0', recall: '1', caught: '3', total: '3', 'gate-pass': 'true', precision: '1' });
    expect(run.summary).toContain('## review-calibration: pass');
    expect(run.summary).toContain('**Recall:** 100% (3 of 3 plants caught, 3 located)');
    expect(run.summary).toContain('| Category | Caught | Located | Total | Recall |');
    const doc = JSON.parse(readFileSync(run.outputs['json-file']!, 'utf8'));
    for (const [category, c] of Object.entries<{ caught: number; located: number; total: number }>(doc.perCategory)) {
      expect(run.summary).toContain(`| \`${category}\` | ${c.caught} | ${c.located} | ${c.total} | 100% |`);
    }
    // The report directory holds both reports and the JSON, and is what upload-artifact receives.
    const dir = run.outputs['report-dir']!;
    for (const file of ['report.html', 'report.json', 'review-calibration.json']) expect(existsSync(join(dir, file))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).schemaVersion).toBe('2');
    expect(usesStep(run, 'actions/upload-artifact@v7')).toMatchObject({ ran: true, with: { name: 'review-calibration-report', path: dir } });
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 0 });
    expect(pr.repo.status()).toBe('');
  });

  it('a reviewer that finds nothing: recall 0 under the bar, exit 2 fails the job; summary, outputs and reports still there', async () => {
    const { pr, run: running } = calibrate('lgtm');
    const run = await running;

    expect(run.conclusion).toBe('failure');
    expect(run.steps.at(-1)).toMatchObject({ name: 'Gate', exitCode: 2 });
    expect(run.outputs).toMatchObject({ 'exit-code': '2', recall: '0', caught: '0', total: '3', 'gate-pass': 'false', precision: '' });
    expect(run.summary).toContain('## review-calibration: gate fails');
    expect(run.summary).toMatch(/\*\*Gate:\*\* FAIL \(recall ≥ 50%\): recall/);
    expect(run.summary).toMatch(/\| `[a-z-]+` \| 0 \| 0 \| \d \| 0% \|/);
    expect(run.log).toMatch(/::error title=review-calibration::the gate fails: recall/);
    expect(usesStep(run, 'actions/upload-artifact@v7')).toMatchObject({ ran: true, with: { path: run.outputs['report-dir'] } });
    expect(existsSync(join(run.outputs['report-dir']!, 'report.html'))).toBe(true);
    expect(pr.repo.status()).toBe('');
  });
});
