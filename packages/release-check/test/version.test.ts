// `--version` of every built CLI is its own package.json's version, and so is the version
// consensus-synthesis writes into SARIF's tool.driver.version.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo } from '@adlc/testkit';
import { cli, FIXTURES, manifest, TOOLS } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'release-version-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('--version', () => {
  it.each(TOOLS)('%s prints its package.json version', async (tool) => {
    for (const flag of ['--version', '-V']) {
      const result = await cli(tool, [flag], scratch);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe(manifest(tool).version);
    }
  });

  it("consensus-synthesis writes its version into SARIF's tool.driver.version", async () => {
    const repo = makeTempRepo({ files: { 'src/app.js': 'export function mean(xs) {\n  return 0;\n}\n' } });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.commit('compute the mean', { 'src/app.js': 'export function mean(xs) {\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n' });
    const answer = `command:${JSON.stringify(process.execPath)} ${JSON.stringify(join(FIXTURES, 'answer.mjs'))}`;
    const sarif = join(scratch, 'review.sarif');
    const result = await cli(
      'consensus-synthesis',
      ['--mode', 'code-review', '--base-sha', base, '--head-sha', 'HEAD', '--reviewers', answer, '--chairman', answer, '--fail-on', 'never', '--out', join(scratch, 'report.md'), '--sarif', sarif],
      repo.dir,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const log = JSON.parse(readFileSync(sarif, 'utf8'));
    expect(log.runs[0].tool.driver).toMatchObject({ name: 'consensus-synthesis', version: manifest('consensus-synthesis').version });
    expect(log.runs[0].results.length).toBeGreaterThan(0);
    repo.cleanup();
  });
});
