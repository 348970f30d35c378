// One tree, one ranking (issue 23, section 3): localize() on an unchanged Vitest project and an
// unchanged Jest project, five times each, while busy loops hold every core, gives the same files,
// order and scores every time, with whole coverage. Vitest ends its workers with SIGTERM and SIGKILLs
// them 500 ms later; on a loaded machine that came before they wrote their coverage, and the
// ranking fell back to frames and imports.

import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeTempRepo, type TempRepo } from '@adlc/testkit';
import { localize, LocalizationSchema, type Localization } from '../src/index.js';
import { couponPackage, couponPackageCommonJs } from './fixtures.js';
import { linkRunner, type Runner } from './runners.js';

const RUNS = 5;
const repos: TempRepo[] = [];
const load: ChildProcess[] = [];

beforeAll(() => {
  // Twice as many busy loops as cores: every run of the test competes for the CPU.
  for (let i = 0; i < 2 * availableParallelism(); i++) load.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
});
afterAll(() => {
  for (const child of load) child.kill('SIGKILL');
  for (const r of repos) r.cleanup();
});

const ranking = (l: Localization) => l.files.map((f) => ({ file: f.file, score: f.score }));

describe.each<{ runner: Runner; files: () => ReturnType<typeof couponPackage>; expected: string }>([
  { runner: 'vitest', files: couponPackage, expected: 'src/rules.ts' },
  { runner: 'jest', files: () => couponPackageCommonJs('jest'), expected: 'src/rules.js' },
])('$runner, under load', ({ runner, files, expected }) => {
  it(`${RUNS} runs on one tree give one ranking, each with whole coverage`, async () => {
    const r = makeTempRepo({ files: files(), prefix: `localize-stable-${runner}-` });
    repos.push(r);
    const testCmd = linkRunner(r.dir, runner);
    const runs: Localization[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(LocalizationSchema.parse(await localize({ testCmd, cwd: r.dir, maxFiles: 10, env: cleanEnv() as NodeJS.ProcessEnv })));
    for (const run of runs) {
      expect(run.coverage, JSON.stringify(run.coverage)).toMatchObject({ complete: true, missing: [] });
      expect(ranking(run)).toEqual(ranking(runs[0]!));
    }
    expect(runs[0]!.files.slice(0, 3).map((f) => f.file)).toContain(expected);
    expect(runs[0]!.files.find((f) => f.file === expected)!.evidence.exclusiveLines).toBe(2);
    expect(r.status()).toBe('');
  }, 900_000);
});
