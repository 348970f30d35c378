// Progress lines: a phase's line appears as it starts (`judging 0/10…`, not when the first verdict is
// in), and a run with one plant reads as English: "planted 1 bug", not "1 bugs".

import { writeFileSync } from 'node:fs';
import type { TempRepo } from '@adlc/testkit';
import { startFakeProviderServer } from '@adlc/testkit';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { assertBuilt, cleanScratch, cli, makeRepo, parseJson, PLANTS, reviewer, scratch } from './helpers.js';

let repo: TempRepo;
beforeAll(assertBuilt);
afterEach(() => {
  repo?.cleanup();
  cleanScratch();
});

it('one plant: "planted 1 bug" and "running on 1 planted bug"', async () => {
  repo = makeRepo();
  const file = scratch('one-plant.json');
  writeFileSync(file, JSON.stringify(PLANTS.slice(0, 1)));
  const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', file, '--min-plants', '1', '--scorer', 'repro', '--min-recall', '0', '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(parseJson(result).total).toBe(1);
  expect(result.stderr).toMatch(/^review-calibration: trial 1\/1: planted 1 bug in 1 file\(s\)$/m);
  expect(result.stderr).toMatch(/^review-calibration: reviewer: running on 1 planted bug…$/m);
});

it('the judging and repro-checking phases print their line at 0 done', async () => {
  repo = makeRepo();
  const file = scratch('plants.json');
  writeFileSync(file, JSON.stringify(PLANTS));
  const server = await startFakeProviderServer();
  try {
    // The oracle's findings name the defect, the echoer's only point at the line.
    server.handle((req) => (/<<<FINDING[\s\S]*?message: [^\n]*(?:REAL|bug:)/.test(req.prompt) ? '{"match": true, "reason": "r"}' : '{"match": false, "reason": "r"}'));
    const judged = await cli(repo, ['--review-cmd', reviewer('report', '2'), '--plants-file', file, '--json'], { ...server.env(), ADLC_RETRY_BASE_MS: '0' });
    expect(judged.exitCode, judged.stderr).toBe(0);
    expect(judged.stderr).toMatch(/^review-calibration: judging 0\/\d+…$/m);
  } finally {
    await server.close();
  }
  const checked = await cli(repo, ['--review-cmd', reviewer('report', '2', '--repro'), '--plants-file', file, '--scorer', 'repro', '--json']);
  expect(checked.exitCode, checked.stderr).toBe(0);
  expect(checked.stderr).toMatch(/^review-calibration: checking repros 0\/\d+…$/m);
});
