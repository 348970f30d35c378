// A test renamed or deleted is no longer red: a full run that does not report it any more records it as
// not found, so refusals stop telling the agent to claim a test that is gone.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { CheckOutputSchema, RunOutputSchema, StatusOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

const redTest = (name: string) => `import { it, expect } from 'vitest';\nit('${name}', () => { expect(1).toBe(2); });\n`;
const GREEN = "import { it, expect } from 'vitest';\nit('keeps', () => { expect(1).toBe(1); });\n";

describe('a test that a full run no longer reports', () => {
  it('is recorded as not found: the refusal names the new red, status says the old one is gone', async () => {
    repo = makeProject('vitest', { 'src/ghost.test.ts': redTest('ghost one'), 'src/keep.test.ts': GREEN, 'src/util.ts': 'export const u = 1;\n' });
    expect((await kernel(repo, ['run'])).exitCode).toBe(2);
    writeFileSync(path.join(repo.dir, 'src/ghost.test.ts'), redTest('ghost two'));

    const second = await kernel(repo, ['run', '--json']);
    expect(second.exitCode).toBe(2);
    // The run's own result lists what ran, nothing more.
    expect(RunOutputSchema.parse(JSON.parse(second.stdout)).results.map((r) => r.test_id).sort()).toEqual(['src/ghost.test.ts::ghost two', 'src/keep.test.ts::keeps']);

    const check = CheckOutputSchema.parse(JSON.parse((await kernel(repo, ['check', 'src/util.ts', '--json'])).stdout));
    expect(check.reason).toContain("claim 'src/ghost.test.ts::ghost two' src/util.ts");
    expect(check.reason).not.toContain('ghost one');

    const status = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout));
    expect(status.tests.find((t) => t.test_id === 'src/ghost.test.ts::ghost one')).toMatchObject({ status: 'fail', failure_kind: 'not_found' });
    expect(status.tests.find((t) => t.test_id === 'src/keep.test.ts::keeps')).toMatchObject({ status: 'pass' });
  });

  it('a test file that does not load keeps its tests as they were', async () => {
    repo = makeProject('vitest', { 'src/ghost.test.ts': redTest('ghost one'), 'src/util.ts': 'export const u = 1;\n' });
    expect((await kernel(repo, ['run'])).exitCode).toBe(2);
    writeFileSync(path.join(repo.dir, 'src/ghost.test.ts'), "import { it } from 'vitest';\nit('broken', () => {\n");
    const broken = await kernel(repo, ['run', '--json']);
    expect(Object.keys(RunOutputSchema.parse(JSON.parse(broken.stdout)).file_errors)).toEqual(['src/ghost.test.ts']);
    const status = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout));
    expect(status.tests.find((t) => t.test_id === 'src/ghost.test.ts::ghost one')).toMatchObject({ status: 'fail', failure_kind: 'assertion' });
  });
});
