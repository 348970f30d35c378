// A project on a runner the kernel does not detect (tap, mocha, ava, ...): `run` and `doctor` say
// how to go on (the junit runner with a junitCommand), not only that nothing was found.

import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { DoctorOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

const TAP_PROJECT = {
  'package.json': `${JSON.stringify({ name: 'p', scripts: { test: 'tap' }, devDependencies: { tap: '^16.0.0' } }, null, 2)}\n`,
  'index.js': 'module.exports = (a, b) => a + b;\n',
  'test/index.js': "const t = require('tap');\nconst add = require('../index.js');\nt.equal(add(1, 2), 3);\n",
};

describe('a runner the kernel does not detect', () => {
  it('run is exit 1 with a hint naming the junit runner; doctor warns the same way', async () => {
    repo = makeProject('none', TAP_PROJECT);
    const run = await kernel(repo, ['run']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('tdd-kernel: error: no test runner found');
    expect(run.stderr).toMatch(/"runner": "junit".*"junitCommand"/);

    const doctor = await kernel(repo, ['doctor', '--json']);
    expect(doctor.exitCode).toBe(0);
    const warnings = DoctorOutputSchema.parse(JSON.parse(doctor.stdout)).warnings;
    expect(warnings.some((w) => /no test runner detected/.test(w) && /"runner": "junit".*"junitCommand"/.test(w))).toBe(true);
  });
});
