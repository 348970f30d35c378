// The passing side kept where it used to be dropped (issue 23, section 5): on small real projects,
// localize() finds the lines only the failing test ran (`exclusiveLines`) when the suite has more
// passing tests than one name pattern holds, and when the test command builds before its runner.

import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeTempRepo, type FileTree, type TempRepo } from '@adlc/testkit';
import { localize } from '../src/index.js';
import { couponPackage } from './fixtures.js';
import { linkRunner } from './runners.js';

const repos: TempRepo[] = [];
function repo(files: FileTree): TempRepo {
  const r = makeTempRepo({ files, prefix: 'localize-passing-' });
  repos.push(r);
  return r;
}
afterAll(() => {
  for (const r of repos) r.cleanup();
});
const env = () => cleanEnv() as NodeJS.ProcessEnv;

/**
 * A node:test suite of 260 passing tests and one failing one. The busy module (`lib/table.js`, run by
 * every test) does most of the work; the bug is in `lib/escape.js`, in a branch only the failing test
 * reaches. Without a passing side every executed line scores alike and no line is the failing test's own.
 */
function bigSuite(): FileTree {
  const cases = Array.from({ length: 260 }, (_, i) => `test('row ${i} renders', () => {\n  assert.strictEqual(render([['cell ${i}']]), '| cell ${i} |');\n});`);
  return {
    'package.json': `${JSON.stringify({ name: 'tables', main: 'index.js' })}\n`,
    'index.js': "module.exports = { render: require('./lib/table').render };\n",
    'lib/table.js': [
      "const { escapeCell } = require('./escape');",
      'function pad(text, width) {',
      '  let out = text;',
      '  while (out.length < width) out += " ";',
      '  return out;',
      '}',
      'function widths(rows) {',
      '  const w = [];',
      '  for (const row of rows) row.forEach((cell, i) => { w[i] = Math.max(w[i] ?? 0, String(cell).length); });',
      '  return w;',
      '}',
      'function render(rows) {',
      '  const w = widths(rows);',
      "  return rows.map((row) => `| ${row.map((cell, i) => pad(escapeCell(String(cell)), w[i])).join(' | ')} |`).join('\\n');",
      '}',
      'module.exports = { render };',
      '',
    ].join('\n'),
    'lib/escape.js': [
      'function escapeCell(text) {',
      "  if (text.includes('|')) {",
      "    return text.split('|').join('/');",
      '  }',
      '  return text;',
      '}',
      'module.exports = { escapeCell };',
      '',
    ].join('\n'),
    'test/table.test.js': [
      "const test = require('node:test');",
      "const assert = require('node:assert');",
      "const { render } = require('..');",
      ...cases,
      "test('a pipe inside a cell is escaped', () => {\n  assert.strictEqual(render([['a|b']]), '| a\\\\|b |');\n});",
      '',
    ].join('\n'),
  };
}

describe('the passing side', () => {
  it('260 passing node:test tests: they run in batches, and the branch only the failing test ran is told apart', async () => {
    const r = repo(bigSuite());
    const localization = await localize({ testCmd: 'node --test test/table.test.js', cwd: r.dir, maxFiles: 5, env: env() });
    const escape = localization.files.find((f) => f.file === 'lib/escape.js')!;
    expect(escape.evidence.exclusiveLines).toBe(1);
    expect(localization.files.find((f) => f.file === 'lib/table.js')!.evidence.exclusiveLines).toBe(0);
    expect(localization.files.slice(0, 2).map((f) => f.file).sort()).toEqual(['lib/escape.js', 'lib/table.js']);
    expect(localization.coverage, JSON.stringify(localization.coverage)).toMatchObject({ complete: true });
    expect(r.status()).toBe('');
  }, 600_000);

  it('a build step before the runner (`… && vitest run`): the runner is narrowed, the passing side is there', async () => {
    const r = repo(couponPackage());
    const runner = linkRunner(r.dir, 'vitest');
    const localization = await localize({ testCmd: `node -e "" && ${runner}`, cwd: r.dir, maxFiles: 10, env: env() });
    const rules = localization.files.find((f) => f.file === 'src/rules.ts')!;
    expect(rules.evidence.exclusiveLines).toBe(2);
    expect(localization.files.slice(0, 3).map((f) => f.file)).toContain('src/rules.ts');
    expect(r.status()).toBe('');
  }, 600_000);
});
