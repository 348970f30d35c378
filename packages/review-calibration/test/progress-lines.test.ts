// The progress lines of a run with one plant read as English: "planted 1 bug", not "1 bugs".

import { writeFileSync } from 'node:fs';
import type { TempRepo } from '@adlc/testkit';
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
