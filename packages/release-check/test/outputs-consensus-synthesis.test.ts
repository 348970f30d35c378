// consensus-synthesis's real outputs against its shipped JSON Schemas: both modes with command
// reviewers and chairman (fixtures/answer.mjs), a diff with nothing to review, --prompt-only and an error.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { assertValid, cli, FIXTURES, stdoutJson } from './helpers.js';

/** A command provider; the name only tells the panel's members apart (a reviewer may be listed once). */
const answer = (name: string) => `command:${JSON.stringify(process.execPath)} ${JSON.stringify(join(FIXTURES, 'answer.mjs'))} ${name}`;
const PANEL = ['--reviewers', `${answer('first')},${answer('second')}`, '--chairman', answer('chair')];

let scratch: string;
let repo: TempRepo;
let base: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'release-cs-'));
  repo = makeTempRepo({ prefix: 'release-cs-repo-', files: { 'src/app.js': 'export function mean(xs) {\n  return 0;\n}\n' } });
  base = repo.git('rev-parse', 'HEAD').trim();
  repo.commit('compute the mean', { 'src/app.js': 'export function mean(xs) {\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n' });
});
afterAll(() => {
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('consensus-synthesis outputs match schemas/*.json', () => {
  it('--mode code-review --json (the gate fails on the high-priority issue)', async () => {
    const out = join(scratch, 'review.md');
    const result = await cli('consensus-synthesis', ['--mode', 'code-review', '--base-sha', base, '--head-sha', 'HEAD', ...PANEL, '--out', out, '--sarif', join(scratch, 'r.sarif'), '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(2);
    const doc = stdoutJson(result) as { consensus: { high: unknown[] }; reviewers: Array<{ findings: unknown[] }> };
    assertValid('consensus-synthesis', 'output', doc);
    expect(doc.consensus.high.length).toBeGreaterThan(0);
    expect(doc.reviewers.every((r) => r.findings.length > 0)).toBe(true);
  });

  it('--mode general-prompt --json', async () => {
    const result = await cli('consensus-synthesis', ['--mode', 'general-prompt', '--prompt', 'Is a queue right here?', ...PANEL, '--out', join(scratch, 'general.md'), '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = stdoutJson(result) as { mode: string; consensus: { confidence?: string } };
    assertValid('consensus-synthesis', 'output', doc);
    expect(doc).toMatchObject({ mode: 'general-prompt', consensus: { confidence: 'high' } });
  });

  it('--json with nothing to review (an empty diff)', async () => {
    const result = await cli('consensus-synthesis', ['--mode', 'code-review', '--base-sha', 'HEAD', '--head-sha', 'HEAD', ...PANEL, '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = stdoutJson(result) as { chairman: unknown };
    assertValid('consensus-synthesis', 'output', doc);
    expect(doc.chairman).toBeNull();
  });

  it('--prompt-only --json, in both modes', async () => {
    for (const args of [['--mode', 'code-review', '--base-sha', base], ['--mode', 'general-prompt', '--prompt', 'Why?']]) {
      const result = await cli('consensus-synthesis', [...args, '--prompt-only', '--json'], repo.dir);
      expect(result.exitCode, result.stderr).toBe(0);
      assertValid('consensus-synthesis', 'prompt-only', stdoutJson(result));
    }
  });

  it('the error document', async () => {
    const result = await cli('consensus-synthesis', ['--mode', 'code-review', '--json'], repo.dir);
    expect(result.exitCode).toBe(1);
    assertValid('consensus-synthesis', 'error', stdoutJson(result));
  });
});
