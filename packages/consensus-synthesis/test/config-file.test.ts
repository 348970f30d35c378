// The "consensus-synthesis" section of the project config file, through the built CLI in real
// repositories: flag over file over default, and a file the tool cannot use is exit 1 naming it.

import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorOutputSchema } from '@adlc/core';
import { startFakeProviderServer, type FakeProviderServer, type TempRepo } from '@adlc/testkit';
import { ConsensusOutputSchema } from '../src/index.js';
import { cli, isChairman, repoWithChange, reviewText, SYNTHESIS_HIGH } from './support.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.handle((request) => (isChairman(request) ? SYNTHESIS_HIGH : reviewText({ severity: 'CRITICAL' })));
});

/** A repository with a change to review and the given files committed (a config file is part of the project). */
function project(files: Record<string, string>): { repo: TempRepo; base: string } {
  const { repo, base } = repoWithChange();
  repo.commit('configure adlc', files);
  return { repo, base };
}

const configFile = (section: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  'adlc.config.json': JSON.stringify({ ...top, 'consensus-synthesis': section }, null, 2),
});

describe('values from adlc.config.json', () => {
  it('a value in the file is used: failOn "never" turns a High Priority consensus into exit 0', async () => {
    const { repo, base } = project(configFile({ failOn: 'never', minReviewers: 3 }));
    const status = repo.status();
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.consensus.high.length).toBeGreaterThan(0);
    expect(doc.gate).toMatchObject({ failOn: 'never', failed: false });
    expect(repo.status()).toBe(status);
    repo.cleanup();
  });

  it('a flag beats the file: --fail-on high fails the same run with exit 2', async () => {
    const { repo, base } = project(configFile({ failOn: 'never' }));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json', '--fail-on', 'high'], repo.dir, server.env());
    expect(result.exitCode).toBe(2);
    expect(ConsensusOutputSchema.parse(JSON.parse(result.stdout)).gate).toMatchObject({ failOn: 'high', failed: true });
    repo.cleanup();
  });

  it('read from a subdirectory of the repository; the reviewers and models of the file, the environment over its models', async () => {
    const { repo, base } = project(configFile({ reviewers: ['anthropic'], sarif: 'review.sarif', models: { mid: 'model-of-the-section' } }, { models: { mid: 'model-of-the-file' } }));
    mkdirSync(join(repo.dir, 'src', 'deep'), { recursive: true });
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json', '--fail-on=never'], join(repo.dir, 'src', 'deep'), server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.total).toBe(1);
    // A path in the file is relative to the file, not to where the tool ran.
    expect(doc.sarifPath).toBe(join(realpathSync(repo.dir), 'review.sarif'));
    expect(existsSync(join(repo.dir, 'review.sarif'))).toBe(true);
    expect(server.requests.filter((r) => !isChairman(r)).map((r) => [r.protocol, r.model])).toEqual([['anthropic', 'model-of-the-section']]);

    server.reset();
    server.handle((request) => (isChairman(request) ? SYNTHESIS_HIGH : reviewText()));
    const again = await cli(['--mode=code-review', `--base-sha=${base}`, '--json', '--fail-on=never'], repo.dir, { ...server.env(), ADLC_MODEL_MID: 'model-of-the-env' });
    expect(again.exitCode).toBe(0);
    expect(new Set(server.requests.map((r) => r.model))).toEqual(new Set(['model-of-the-env']));
    repo.cleanup();
  });

  it('the "adlc" key of package.json', async () => {
    const { repo, base } = project({ 'package.json': JSON.stringify({ name: 'app', private: true, adlc: { 'consensus-synthesis': { failOn: 'never', reviewers: ['gemini', 'openai'] } } }) });
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.gate.failOn).toBe('never');
    expect(doc.reviewers.map((r) => r.provider).sort()).toEqual(['gemini', 'openai']);
    repo.cleanup();
  });
});

describe('a config file the tool cannot use is exit 1, before anything is sent', () => {
  it.each<[string, Record<string, string>, RegExp[]]>([
    [
      'an unknown key',
      configFile({ failon: 'never' }),
      [/^consensus-synthesis: error: adlc\.config\.json: unknown key "consensus-synthesis\.failon"$/m, /^consensus-synthesis: "consensus-synthesis" takes tier, reviewers, chairman, diffBudget, chunks, jobs, exclude, instructionsFile, timeout, failOn, minReviewers, out, sarif, provider, models; /m],
    ],
    ['a flag asked per run', configFile({ baseSha: 'main' }), [/unknown key "consensus-synthesis\.baseSha"/]],
    ['a bad value', configFile({ minReviewers: 0 }), [/^consensus-synthesis: error: adlc\.config\.json: "consensus-synthesis\.minReviewers" is 0; expected a whole number from 1 to 100$/m, /fix or remove "consensus-synthesis\.minReviewers" in adlc\.config\.json/]],
    ['a bad choice', configFile({ failOn: 'low' }), [/"consensus-synthesis\.failOn" is "low"; expected one of "high", "medium", "any", "never"/]],
    ['an unknown section', { 'adlc.config.json': JSON.stringify({ 'consensus-synthesys': {} }) }, [/unknown key "consensus-synthesys"/]],
    ['a provider key in the file', configFile({}, { ANTHROPIC_API_KEY: 'x' }), [/unknown key "ANTHROPIC_API_KEY"/]],
    ['package.json', { 'package.json': JSON.stringify({ adlc: { 'consensus-synthesis': { timeout: 'long' } } }) }, [/error: package\.json: "adlc\.consensus-synthesis\.timeout" is "long"; expected a number from 0\.1 to 3600$/m]],
    ['not JSON', { 'adlc.config.json': '{ "consensus-synthesis": ' }, [/error: adlc\.config\.json is not valid JSON: /]],
  ])('%s', async (_name, files, messages) => {
    const { repo, base } = project(files);
    const result = await cli(['--mode=code-review', `--base-sha=${base}`], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    for (const message of messages) expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(server.requests).toHaveLength(0);
    repo.cleanup();
  });

  it('--json: the error document names them too', async () => {
    const { repo, base } = project(configFile({ minReviewers: 0 }));
    const result = await cli(['--mode=code-review', `--base-sha=${base}`, '--json'], repo.dir, server.env());
    expect(result.exitCode).toBe(1);
    expect(ErrorOutputSchema.parse(JSON.parse(result.stdout)).error.message).toBe('adlc.config.json: "consensus-synthesis.minReviewers" is 0; expected a whole number from 1 to 100');
    repo.cleanup();
  });
});

it('--help shows the config key beside each flag the file may set, and none beside a per-run flag', async () => {
  const { repo } = project({});
  const result = await cli(['--help'], repo.dir, {});
  expect(result.exitCode).toBe(0);
  const help = result.stdout.replace(/\n {10,}/g, ' ');
  expect(help).toMatch(/--min-reviewers <k>\s+fewer answering reviewers is an operational error \(exit 1\) \(default: 1, config: minReviewers\)/);
  expect(help).toMatch(/--reviewers <list>\s+.*\(default: every provider with a key, config: reviewers\)/);
  expect(help).toMatch(/--base-sha <ref>\s+code-review: the base of the change \(any ref\)\n/);
  expect(help).toContain('its "consensus-synthesis" object takes the keys shown as config.');
  repo.cleanup();
});
