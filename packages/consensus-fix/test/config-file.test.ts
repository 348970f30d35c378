// The "consensus-fix" section of the project config file, through the built CLI (and the library
// entry) in real repositories: flag over file over default, the pre-flight running what the file
// says, and a file the tool cannot use is exit 1 naming it.

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorOutputSchema } from '@adlc/core';
import { cleanEnv, runCli } from '@adlc/testkit';
import { consensusFix } from '../src/index.js';
import { BIN, FIX, RAILS, REPRO, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('config');
const env = () => ({ ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' });
const ARGS = ['--test-cmd', REPRO, '--files', 'src/calc.mjs', '--json'];

const configFile = (section: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  'adlc.config.json': JSON.stringify({ ...top, 'consensus-fix': section }, null, 2),
});

describe('values from adlc.config.json', () => {
  it('a value in the file is used: its n, its rails (the run checks candidates against them), its models', async () => {
    const r = suite.repo(configFile({ n: 2, rails: RAILS, models: { mid: 'model-of-the-file' } }));
    suite.server.handle(() => fix(FIX), 'anthropic');
    const res = await runCli(BIN, ARGS, { cwd: r.dir, env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.n).toBe(2);
    expect(doc.summary.railsChecked).toBe(true);
    expect(doc.baseline.railsExitCode).toBe(1);
    expect(res.stderr).not.toMatch(/no --rails/);
    expect(new Set(suite.server.requests.map((q) => q.model))).toEqual(new Set(['model-of-the-file']));
    expect(r.status()).toBe('');
  });

  it('a flag beats the file', async () => {
    const r = suite.repo(configFile({ n: 2 }));
    suite.server.handle(() => fix(FIX), 'anthropic');
    const res = await runCli(BIN, [...ARGS, '--n', '1'], { cwd: r.dir, env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).n).toBe(1);
    expect(suite.server.requests).toHaveLength(1);
  });

  it('the pre-flight started before the run loads runs with the file\'s timeout', async () => {
    const r = suite.repo(configFile({ timeout: 2 }));
    const hangs = `node -e "console.log('1 failing'); process.exitCode = 1; setInterval(() => {}, 1000)"`;
    const res = await runCli(BIN, ['--test-cmd', hangs, '--files', 'src/calc.mjs'], { cwd: r.dir, env: env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('did not finish within 2s');
    expect(suite.server.requests).toHaveLength(0);
  });

  it('the pre-flight of a localizing run runs the file\'s rails beside the test', async () => {
    const marker = join(suite.scratch, 'rails-ran');
    const r = suite.repo(configFile({ rails: `touch ${marker}; ${RAILS}` }));
    const res = await runCli(BIN, ['--test-cmd', REPRO, '--localize-only', '--json'], { cwd: r.dir, env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).localization.files[0].file).toBe('src/calc.mjs');
    expect(existsSync(marker)).toBe(true);
  });

  it('read from a subdirectory; the "adlc" key of package.json; a log directory relative to the file', async () => {
    const r = suite.repo({ 'package.json': JSON.stringify({ type: 'module', adlc: { 'consensus-fix': { n: 1, logDir: 'fix-logs' } } }), '.gitignore': 'fix-logs/\n' });
    mkdirSync(join(r.dir, 'src', 'deep'), { recursive: true });
    suite.server.handle(() => fix(FIX), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', `cd ../.. && ${REPRO}`, '--files', '../calc.mjs', '--json'], { cwd: join(r.dir, 'src', 'deep'), env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).n).toBe(1);
    expect(r.read('fix-logs/events.ndjson')).toContain('"start"');
  });

  it('the library entry reads the file too', async () => {
    const r = suite.repo(configFile({ n: 1, editFormat: 'replace' }));
    suite.server.handle(() => JSON.stringify({ changes: [{ file: 'src/calc.mjs', edits: [{ search: '  return a - b;', replace: '  return a + b;' }] }] }), 'anthropic');
    const outcome = await consensusFix({ testCmd: REPRO, files: ['src/calc.mjs'], json: true }, { env: cleanEnv(env()), cwd: r.dir });
    expect(outcome.exitCode).toBe(0);
    const doc = parseOutput(JSON.stringify((outcome.output as { json: unknown }).json));
    expect(doc).toMatchObject({ n: 1, editFormat: 'replace' });
  });
});

describe('a config file the tool cannot use is exit 1, before anything is sent', () => {
  it.each<[string, Record<string, string>, RegExp[]]>([
    [
      'an unknown key',
      configFile({ maxfiles: 2 }),
      [/^consensus-fix: error: adlc\.config\.json: unknown key "consensus-fix\.maxfiles"$/m, /^consensus-fix: "consensus-fix" takes tier, maxFiles, localize, rounds, rails, n, timeout, jobs, normalize, editFormat, maxTokens, maxChangedLines, providers, logDir, provider, models; /m],
    ],
    ['a flag asked per run', configFile({ testCmd: 'npm test' }), [/unknown key "consensus-fix\.testCmd"/]],
    ['a bad value', configFile({ n: 0 }), [/^consensus-fix: error: adlc\.config\.json: "consensus-fix\.n" is 0; expected a whole number from 1 to 100$/m, /fix or remove "consensus-fix\.n" in adlc\.config\.json/]],
    ['a timeout past what a timer holds', configFile({ timeout: 2_147_484 }), [/"consensus-fix\.timeout" is 2147484; expected a whole number from 1 to 2147483$/m]],
    ['a bad choice', configFile({ normalize: 'tabs' }), [/"consensus-fix\.normalize" is "tabs"; expected one of "whitespace", "syntax"/]],
    ['package.json', { 'package.json': JSON.stringify({ type: 'module', adlc: { 'consensus-fix': { jobs: 'many' } } }) }, [/error: package\.json: "adlc\.consensus-fix\.jobs" is "many"; expected a whole number from 1 to 64$/m]],
  ])('%s', async (_name, files, messages) => {
    const r = suite.repo(files);
    const res = await runCli(BIN, ['--test-cmd', REPRO, '--files', 'src/calc.mjs'], { cwd: r.dir, env: env() });
    expect(res.exitCode).toBe(1);
    for (const message of messages) expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(suite.server.requests).toHaveLength(0);
  });

  it('--json: the error document names them too', async () => {
    const r = suite.repo(configFile({ maxFiles: 51 }));
    const res = await runCli(BIN, ['--test-cmd', REPRO, '--json'], { cwd: r.dir, env: env() });
    expect(res.exitCode).toBe(1);
    expect(ErrorOutputSchema.parse(JSON.parse(res.stdout)).error.message).toBe('adlc.config.json: "consensus-fix.maxFiles" is 51; expected a whole number from 1 to 50');
  });

  it('--restore needs no usable config file', async () => {
    const r = suite.repo(configFile({ n: 0 }));
    const res = await runCli(BIN, ['--restore'], { cwd: r.dir, env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
  });
});

it('--help shows the config key beside each flag the file may set, and none beside a per-run flag', async () => {
  const res = await runCli(BIN, ['--help'], { cwd: suite.scratch });
  expect(res.exitCode).toBe(0);
  const help = res.stdout.replace(/\n {10,}/g, ' ');
  expect(help).toMatch(/--n <int>\s+number of independent candidates \(default: 3, config: n\)/);
  expect(help).toMatch(/--rails <cmd>\s+.*\(config: rails\)/);
  expect(help).toMatch(/--test-cmd <cmd>\s+shell command running the failing test \(must fail now\)\n/);
  expect(help).toContain('its "consensus-fix" object takes the keys shown as config.');
});
