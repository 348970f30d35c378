// The "review-calibration" section of the project config file, through the built CLI in real
// repositories: flag over file over default, and a file the tool cannot use is exit 1 naming it.

import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorOutputSchema } from '@adlc/core';
import { runCli, type TempRepo } from '@adlc/testkit';
import { describe, expect, it } from 'vitest';
import { BIN, cli, MATH, parseJson, plantedRepo, reviewer, sensibleJudge, useCleanRuns, useFakeProvider } from './helpers.js';

useCleanRuns();
const fake = useFakeProvider();
let repo: TempRepo;
let plantsFile: string;

/** A repository whose first commit holds the given files (a config file is part of the project). */
function project(files: Record<string, string>): TempRepo {
  ({ repo, plantsFile } = plantedRepo(files));
  return repo;
}

const configFile = (section: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  'adlc.config.json': JSON.stringify({ ...top, 'review-calibration': section }, null, 2),
});

describe('values from adlc.config.json', () => {
  it('a value in the file is used: scorer "repro" and minRecall 0 pass an LGTM reviewer without a model', async () => {
    project(configFile({ scorer: 'repro', minRecall: 0, trials: 2 }));
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ scorer: 'repro', minRecall: 0, recall: 0, gatePass: true });
    expect(doc.trials).toHaveLength(2);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('a flag beats the file: --min-recall 0.5 fails the same run with exit 2', async () => {
    project(configFile({ scorer: 'repro', minRecall: 0 }));
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json', '--min-recall', '0.5']);
    expect(result.exitCode).toBe(2);
    expect(parseJson(result)).toMatchObject({ scorer: 'repro', minRecall: 0.5, gatePass: false });
  });

  it('the review command from the file; run from a subdirectory, its report path is relative to the file', async () => {
    project(configFile({ reviewCmd: [reviewer('report', '2', '--repro')], scorer: 'repro', report: ['out/calib.json'] }));
    mkdirSync(join(repo.dir, 'src', 'deep'), { recursive: true });
    const result = await runCli(BIN, ['--plants-file', plantsFile, '--json'], { cwd: join(repo.dir, 'src', 'deep'), env: {}, timeoutMs: 50_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = parseJson(result);
    expect(doc).toMatchObject({ recall: 0.5, caught: 2, total: 4, reviewExitCode: 2 });
    expect(doc.reports).toEqual([join(realpathSync(repo.dir), 'out', 'calib.json')]);
    expect(existsSync(join(repo.dir, 'out', 'calib.json'))).toBe(true);
    expect(repo.read('src/math.js')).toBe(MATH);
  });

  it('--review-cmd beats the file\'s reviewCmd (it replaces the list, it does not add to it)', async () => {
    project(configFile({ reviewCmd: [reviewer('crash')], scorer: 'repro', minRecall: 0 }));
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson(result).reviewExitCode).toBe(0);
  });

  it('the judge uses the models of the file, the environment over them', async () => {
    project(configFile({ models: { cheap: 'model-of-the-section' } }, { models: { cheap: 'model-of-the-file' } }));
    const env = fake.env();
    fake.server.handle(sensibleJudge);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--min-recall', '0', '--json'], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(new Set(fake.server.requests.map((r) => r.model))).toEqual(new Set(['model-of-the-section']));
    fake.server.reset();
    fake.server.handle(sensibleJudge);
    const again = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--min-recall', '0', '--json'], { ...env, ADLC_MODEL_CHEAP: 'model-of-the-env' });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(new Set(fake.server.requests.map((r) => r.model))).toEqual(new Set(['model-of-the-env']));
  });

  it('the "adlc" key of package.json', async () => {
    project({ 'package.json': JSON.stringify({ type: 'module', adlc: { 'review-calibration': { scorer: 'repro', minRecall: 0 } } }) });
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson(result)).toMatchObject({ scorer: 'repro', minRecall: 0 });
  });
});

describe('a config file the tool cannot use is exit 1, before anything runs', () => {
  it.each<[string, Record<string, string>, RegExp[]]>([
    [
      'an unknown key',
      configFile({ minrecall: 0.6 }),
      [
        /^review-calibration: error: adlc\.config\.json: unknown key "review-calibration\.minrecall"$/m,
        /^review-calibration: "review-calibration" takes reviewCmd, reviewersFile, plants, minPlants, minRecall, minPrecision, decoys, maxDecoyFindings, files, plantSource, plantTier, testCmd, scorer, seed, trials, history, report, timeout, reviewTimeout, provider, models; /m,
      ],
    ],
    ['a flag asked per run', configFile({ commit: 'HEAD~1' }), [/unknown key "review-calibration\.commit"/]],
    ['a bad value', configFile({ minRecall: 2 }), [/^review-calibration: error: adlc\.config\.json: "review-calibration\.minRecall" is 2; expected a number from 0 to 1$/m, /fix or remove "review-calibration\.minRecall" in adlc\.config\.json/]],
    ['a bad count', configFile({ plants: 0 }), [/"review-calibration\.plants" is 0; expected a whole number from 1 to 1000/]],
    ['a bad choice', configFile({ scorer: 'llm' }), [/"review-calibration\.scorer" is "llm"; expected one of "judge", "repro", "string"/]],
    ['one command where a list is due', configFile({ reviewCmd: 'my-reviewer {base}' }), [/"review-calibration\.reviewCmd" is "my-reviewer \{base\}"; expected a list of non-empty strings/]],
    ['a provider key in the file', configFile({}, { ANTHROPIC_API_KEY: 'x' }), [/unknown key "ANTHROPIC_API_KEY"/]],
    ['package.json', { 'package.json': JSON.stringify({ type: 'module', adlc: { 'review-calibration': { timeout: 'long' } } }) }, [/error: package\.json: "adlc\.review-calibration\.timeout" is "long"; expected a whole number from 1 up$/m]],
    ['not JSON', { 'adlc.config.json': '{ "review-calibration": ' }, [/error: adlc\.config\.json is not valid JSON: /]],
  ])('%s', async (_name, files, messages) => {
    project(files);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--scorer', 'repro']);
    expect(result.exitCode).toBe(1);
    for (const message of messages) expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(repo.read('src/math.js')).toBe(MATH);
  });

  it('--json: the error document names them too', async () => {
    project(configFile({ minRecall: 2 }));
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', plantsFile, '--json']);
    expect(result.exitCode).toBe(1);
    expect(ErrorOutputSchema.parse(JSON.parse(result.stdout)).error.message).toBe('adlc.config.json: "review-calibration.minRecall" is 2; expected a number from 0 to 1');
  });

  it('--restore does not read the file: it still puts files back (here: nothing to do), exit 0', async () => {
    project(configFile({ minrecall: 0.6 }));
    const result = await cli(repo, ['--restore', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
  });
});

it('--help shows the config key beside each flag the file may set, and none beside a per-run flag', async () => {
  project({});
  const result = await cli(repo, ['--help']);
  expect(result.exitCode).toBe(0);
  const help = result.stdout.replace(/\n {10,}/g, ' ');
  expect(help).toMatch(/--min-recall <f>\s+minimum recall to pass \(0-1\) \(default: 0\.5, config: minRecall\)/);
  expect(help).toMatch(/--review-cmd <cmd>\s+.*\(required; repeat it to compare reviewers\) \(config: reviewCmd\)/);
  expect(help).toMatch(/--commit <ref>\s+commit \(or range A\.\.B\) whose changed files \(and lines\) get the plants \(default: "HEAD"\)\n/);
  expect(help).toMatch(/--plants-file <file>\s+plant these bugs instead: [^\n]*witness\?\}\n/);
  expect(help).toContain('its "review-calibration" object takes the keys shown as config.');
});
