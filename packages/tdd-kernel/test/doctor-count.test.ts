// doctor counts the tests declared in the files' text, not the tests that run: a table test runs once per
// row. Its report says so, so a project where 485 tests run is not told "56 tests found".

import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { DoctorOutputSchema, RunOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const TABLE = `import { it, expect } from 'vitest';
it.each([1, 2, 3])('doubles %i', (n) => { expect(n * 2).toBe(n + n); });
it('adds', () => { expect(1 + 1).toBe(2); });
`;

describe('doctor', () => {
  it('reports test declarations, which a table test counts once, beside the tests a run runs', async () => {
    repo = makeProject('vitest', { 'src/math.test.ts': TABLE });
    const doctor = await kernel(repo, ['doctor']);
    expect(doctor.exitCode, doctor.stderr).toBe(0);
    expect(doctor.stdout).toContain('test declarations found: 2 in 1 test file(s) (a table test such as it.each counts once; `tdd-kernel run` runs each of its rows)');
    expect(doctor.stdout).not.toContain('tests found');
    expect(DoctorOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--json'])).stdout))).toMatchObject({ tests_found: 2, test_files: 1 });
    expect(RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', '--json'])).stdout)).results).toHaveLength(4);
  });
});
