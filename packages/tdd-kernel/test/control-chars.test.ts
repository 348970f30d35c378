// Test names are the project's text, and some hold control characters (unjs/ufo's do: NUL, escapes):
// the text reports show them as visible symbols, so a name cannot clear or recolour the terminal;
// --json keeps every id exact.

import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { RunOutputSchema, StatusOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

// The escapes are written as such in the test file: the names hold the characters only once Vitest runs it.
const NAMED = String.raw`import { it, expect } from 'vitest';
it('nul \u0000 in a name', () => { expect(1).toBe(1); });
it('red \u001b[31m name', () => { throw new Error('boom \u0007\rhidden'); });
`;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

describe('control characters in test ids', () => {
  it('run and status print them visibly; --json keeps them exact', async () => {
    repo = makeProject('vitest', { 'src/names.test.ts': NAMED });
    const run = await kernel(repo, ['run']);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stdout).toContain('green  src/names.test.ts::nul \u2400 in a name');
    expect(run.stdout).toContain('src/names.test.ts::red \u241b[31m name');
    expect(run.stdout).toContain('boom \u2407\u240dhidden');

    const status = await kernel(repo, ['status']);
    expect(status.stdout).not.toMatch(CONTROL);
    expect(status.stdout).toContain('○ red   src/names.test.ts::red \u241b[31m name');

    const json = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', '--json'])).stdout));
    expect(json.results.map((r) => r.test_id).sort()).toEqual(['src/names.test.ts::nul \u0000 in a name', 'src/names.test.ts::red \u001b[31m name']);
    const ids = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout)).tests.map((t) => t.test_id);
    expect(ids).toContain('src/names.test.ts::red \u001b[31m name');
  });
});
