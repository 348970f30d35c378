// review-calibration's real outputs against its shipped JSON Schemas: a calibration with the repro
// scorer (--json, a --report JSON file, --history lines), --restore and an error.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { assertValid, cli, FIXTURES, jsonLines, stdoutJson } from './helpers.js';

const MATH = `// Numeric helpers for the calibration.

export function clamp(value, low, high) {
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

export function average(values) {
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    total += values[i];
  }
  return values.length === 0 ? 0 : total / values.length;
}

export function lastIndex(values) {
  return values.length - 1;
}
`;

let scratch: string;
let repo: TempRepo;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'release-rc-'));
  repo = makeTempRepo({
    prefix: 'release-rc-repo-',
    files: { 'package.json': '{"type": "module"}\n', 'src/math.js': MATH.replace('return value;', 'return value ;') },
    commits: [{ message: 'tidy clamp', files: { 'src/math.js': MATH } }],
  });
});
afterAll(() => {
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const review = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(FIXTURES, 'reviewer.mjs'))} {base}`;

describe('review-calibration outputs match schemas/*.json', () => {
  it('--json, --report <file>.json and every --history line', async () => {
    const report = join(scratch, 'report.json');
    const history = join(scratch, 'history.jsonl');
    // The commit changes one line, so fewer plants fit than --min-plants asks by default: these tests are about the documents' shapes.
    const args = ['--review-cmd', review, '--scorer', 'repro', '--plants', '3', '--min-plants', '1', '--json', '--report', report, '--history', history];
    for (let run = 0; run < 2; run++) {
      const result = await cli('review-calibration', args, repo.dir);
      expect(result.exitCode, result.stderr).toBe(0);
      const doc = stdoutJson(result) as { caught: number; falsePositives: number; history?: { previous: unknown } };
      assertValid('review-calibration', 'output', doc);
      // The reviewer caught plants and made one false positive, so findings of both kinds were checked.
      expect(doc.caught).toBeGreaterThan(0);
      expect(doc.falsePositives).toBe(1);
      if (run === 1) expect(doc.history?.previous).not.toBeNull();
    }
    assertValid('review-calibration', 'report', JSON.parse(readFileSync(report, 'utf8')));
    const lines = jsonLines(history);
    expect(lines).toHaveLength(2);
    for (const line of lines) assertValid('review-calibration', 'history-line', line);
    expect(repo.status()).toBe('');
  });

  it('--trials adds the trials and the interval', async () => {
    const result = await cli('review-calibration', ['--review-cmd', review, '--scorer', 'repro', '--plants', '2', '--min-plants', '1', '--trials', '2', '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = stdoutJson(result) as { trials?: unknown[] };
    expect(doc.trials).toHaveLength(2);
    assertValid('review-calibration', 'output', doc);
  });

  it('--restore --json', async () => {
    const result = await cli('review-calibration', ['--restore', '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    assertValid('review-calibration', 'restore', stdoutJson(result));
  });

  it('--restore --json: the same document as consensus-fix --restore --json, from core\'s one schema', async () => {
    const own = await cli('review-calibration', ['--restore', '--json'], repo.dir);
    const fix = await cli('consensus-fix', ['--restore', '--json'], repo.dir);
    expect(own.exitCode, own.stderr).toBe(0);
    expect(fix.exitCode, fix.stderr).toBe(0);
    const [a, b] = [stdoutJson(own), stdoutJson(fix)] as Array<Record<string, unknown>>;
    expect(Object.keys(a!).sort()).toEqual(['kept', 'restore', 'restored', 'skipped']);
    expect(Object.keys(b!).sort()).toEqual(Object.keys(a!).sort());
    expect(b).toEqual(a);
    assertValid('consensus-fix', 'restore', a);
    assertValid('review-calibration', 'restore', b);
  });

  it('the error document', async () => {
    const result = await cli('review-calibration', ['--scorer', 'repro', '--json'], repo.dir);
    expect(result.exitCode).toBe(1);
    assertValid('review-calibration', 'error', stdoutJson(result));
  });
});
