// The library's one call on real git repositories and real `node --test` runs: the ranking it
// returns is the `localization` object consensus-fix's --localize-only --json prints, and a test
// that does not fail is an operational error, not an empty ranking.

import { afterAll, describe, expect, it } from 'vitest';
import { OpError } from '@adlc/core';
import { cleanEnv, makeTempRepo, type FileTree, type TempRepo } from '@adlc/testkit';
import { localize, LocalizationSchema } from '../src/index.js';
import { ledgerPackage, LEDGER_REPRO } from './fixtures.js';

const repos: TempRepo[] = [];
function repo(files: FileTree): TempRepo {
  const r = makeTempRepo({ files, prefix: 'localize-lib-' });
  repos.push(r);
  return r;
}
afterAll(() => {
  for (const r of repos) r.cleanup();
});

const env = () => cleanEnv() as NodeJS.ProcessEnv;

describe('localize()', () => {
  it('ranks the module the failing test threw in first, within maxFiles; the tree is untouched; progress is reported', async () => {
    const r = repo(ledgerPackage('throws'));
    const progress: string[] = [];
    const localization = await localize({ testCmd: LEDGER_REPRO.throws, cwd: r.dir, maxFiles: 2, env: env(), onProgress: (m) => progress.push(m) });
    expect(LocalizationSchema.parse(localization)).toEqual(localization);
    expect(localization.files.map((f) => f.file)[0]).toBe('lib/amount.js');
    expect(localization.files.length).toBeLessThanOrEqual(2);
    expect(localization.files[0]!.evidence.frames![0]).toMatchObject({ depth: 0 });
    expect(progress).toEqual([`pre-flight: ${LEDGER_REPRO.throws}`, 'localizing the files to fix']);
    expect(r.status()).toBe('');
  });

  it('from a subdirectory: paths stay relative to the repository root', async () => {
    const r = repo(ledgerPackage('throws'));
    const localization = await localize({ testCmd: `node --test ../test/amount.test.js`, cwd: `${r.dir}/lib`, env: env() });
    expect(localization.files[0]!.file).toBe('lib/amount.js');
  });

  it('a test that already passes is an OpError', async () => {
    const r = repo(ledgerPackage('fixed'));
    const failure = await localize({ testCmd: LEDGER_REPRO.throws, cwd: r.dir, env: env() }).catch((error: unknown) => error);
    expect(OpError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('already passes');
    expect(r.status()).toBe('');
  });

  it('a test file named test.js at the root (node --test and ava find it by that name) is never ranked', async () => {
    const r = repo({
      'package.json': '{"name": "pad", "type": "commonjs"}\n',
      'index.js': "function padLeft(text, width) {\n  const missing = width - text.length - 1;\n  return ' '.repeat(Math.max(0, missing)) + text;\n}\nmodule.exports = { padLeft };\n",
      'test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst { padLeft } = require('./index.js');\ntest('pads to the width', () => {\n  assert.strictEqual(padLeft('ab', 4), '  ab');\n});\ntest('keeps a long text', () => {\n  assert.strictEqual(padLeft('abcdef', 4), 'abcdef');\n});\n",
    });
    const localization = await localize({ testCmd: 'node --test --test-name-pattern=pads', cwd: r.dir, env: env() });
    expect(localization.files.map((f) => f.file)).toEqual(['index.js']);
    expect(r.status()).toBe('');
  });
});
