// --sarif through the built CLI: the consensus items, not the reviewers' findings, become results;
// the file passes both validators; a second run after code moved down keeps every alert's fingerprint.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import { FINGERPRINT_KEY } from '../src/index.js';
import { cli, isChairman, repoWithChange, reviewText, SYNTHESIS_HIGH } from './support.js';
import { multitoolErrors, schemaErrors } from './sarif-validators.js';

let server: FakeProviderServer;
let scratch: string;
beforeAll(async () => {
  server = await startFakeProviderServer();
  scratch = mkdtempSync(join(tmpdir(), 'cs-sarif-'));
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The chairman's High item points at `line`; each reviewer also reports a finding the chairman drops. */
function script(line: number): void {
  const synthesis = SYNTHESIS_HIGH.replace('(src/app.js:2)', `(src/app.js:${line})`);
  server.handle((r) => (isChairman(r) ? synthesis : `${reviewText({ severity: 'CRITICAL', line })}`.replace('## OVERALL', `- SEVERITY: SUGGESTION\n- LOCATION: src/app.js:1\n- DESCRIPTION: rename mean\n\n## OVERALL`)));
}

describe('--sarif', () => {
  it('one result per consensus item; same fingerprint after the code moved down', async () => {
    const { repo, base, head } = repoWithChange();
    script(2);
    const first = join(scratch, 'first.sarif');
    const run1 = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${head}`, `--sarif=${first}`, '--json'], repo.dir, server.env());
    expect(run1.exitCode, run1.stderr).toBe(2);
    const log1 = JSON.parse(readFileSync(first, 'utf8'));
    const results1 = log1.runs[0].results;
    // Three reviewers agree on line 2 and each adds a suggestion the chairman did not keep: one result.
    expect(results1).toHaveLength(1);
    expect(results1[0]).toMatchObject({ ruleId: 'consensus-synthesis/critical', level: 'error', properties: { tier: 'high', severity: 'CRITICAL' } });
    expect(results1[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'src/app.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 2 } });
    expect(results1[0].properties.reviewers.map((r: { letter: string }) => r.letter).sort()).toEqual(['A', 'B']);
    expect(schemaErrors(log1)).toEqual([]);
    expect(multitoolErrors(first)).toEqual([]);

    // Three lines inserted above: the flagged line is now line 5.
    const moved = repo.commit('a header', { 'src/app.js': `// one\n// two\n// three\n${readFileSync(join(repo.dir, 'src/app.js'), 'utf8')}` });
    script(5);
    const second = join(scratch, 'second.sarif');
    const run2 = await cli(['--mode=code-review', `--base-sha=${base}`, `--head-sha=${moved}`, `--sarif=${second}`], repo.dir, server.env());
    expect(run2.exitCode, run2.stderr).toBe(2);
    const results2 = JSON.parse(readFileSync(second, 'utf8')).runs[0].results;
    expect(results2[0].locations[0].physicalLocation.region.startLine).toBe(5);
    expect(results2[0].partialFingerprints[FINGERPRINT_KEY]).toBe(results1[0].partialFingerprints[FINGERPRINT_KEY]);
    expect(results2[0].ruleId).toBe(results1[0].ruleId);
    repo.cleanup();
  });
});
