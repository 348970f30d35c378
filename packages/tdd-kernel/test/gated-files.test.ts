// Config `files`: the gate applies to source code by default and to what `files` names; everything
// else is edited freely, and the kernel's own files stay protected whatever `files` says.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { CheckOutputSchema, DoctorOutputSchema, StatusOutputSchema } from '../src/index.js';
import { isGated, DEFAULT_GATED_FILES } from '../src/project/gated-files.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

async function check(r: TempRepo, file: string) {
  const out = await kernel(r, ['check', file, '--json']);
  const parsed = CheckOutputSchema.parse(JSON.parse(out.stdout));
  return `${out.exitCode} ${parsed.decision}/${parsed.via ?? parsed.code}`;
}

describe('which files are gated', () => {
  it.each([
    ['src/price.ts', true],
    ['src/App.tsx', true],
    ['lib/util.mjs', true],
    ['app/models.py', true],
    ['cmd/main.go', true],
    ['src/lib.rs', true],
    ['src/Main.java', true],
    ['src/Main.kt', true],
    ['src/Program.cs', true],
    ['lib/thing.rb', true],
    ['src/index.php', true],
    ['Sources/App.swift', true],
    ['src/a.c', true],
    ['include/a.hpp', true],
    ['README.md', false],
    ['CHANGELOG.md', false],
    ['.gitignore', false],
    ['docs/logo.png', false],
    ['package-lock.json', false],
    ['.github/workflows/ci.yml', false],
    ['tsconfig.json', false],
    ['notes.txt', false],
  ])('by default %s gated: %s', (file, gated) => {
    expect(isGated(file, {}, null)).toBe(gated);
  });

  it.each([
    [['src/**', '!src/generated/**'], 'src/a.ts', true],
    [['src/**', '!src/generated/**'], 'src/generated/a.ts', false],
    [['src/**', '!src/generated/**'], 'lib/a.ts', false],
    [['src/**', '!src/generated/**'], 'src/data.json', true],
    [['!vendor/**'], 'vendor/x.js', false],
    [['!vendor/**'], 'src/x.js', true],
    [['!vendor/**'], 'README.md', false],
    [['**/*.md'], 'docs/guide.md', true],
  ])('files %j: %s gated: %s', (files, file, gated) => {
    expect(isGated(file, { files }, null)).toBe(gated);
  });

  it('the default is one glob naming the extensions', () => {
    expect(DEFAULT_GATED_FILES[0]).toMatch(/^\*\*\/\*\.\{js,jsx,.*,cpp,.*\}$/);
  });
});

describe('files through the CLI', () => {
  it('docs, config and lockfiles pass, source is refused, the kernel\'s own files stay protected; status and doctor say what is gated', async () => {
    repo = makeProject('none', { 'src/price.ts': 'export const price = 1;\n', 'README.md': '# p\n' });
    expect(await check(repo, 'README.md')).toBe('0 allow/not-gated');
    expect(await check(repo, '.gitignore')).toBe('0 allow/not-gated');
    expect(await check(repo, 'src/price.ts')).toBe('2 deny/no-red');
    expect(await check(repo, '.tdd-kernel/config.json')).toBe('2 deny/protected');
    expect(await check(repo, '.claude/settings.json')).toBe('2 deny/protected');
    const status = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout));
    expect(status.gated).toEqual({ files: DEFAULT_GATED_FILES, from: 'default' });
    const text = (await kernel(repo, ['doctor'])).stdout;
    expect(text).toContain('gated: **/*.{js,');
  });

  it('files in the config: named docs are gated, excluded source is not, protected files stay protected', async () => {
    repo = makeProject('none', {
      '.tdd-kernel/config.json': JSON.stringify({ files: ['src/**', 'docs/**/*.md', '!src/generated/**', '.claude/**'] }),
      'src/price.ts': 'export const price = 1;\n',
    });
    expect(await check(repo, 'docs/api.md')).toBe('2 deny/no-red');
    expect(await check(repo, 'src/generated/client.ts')).toBe('0 allow/not-gated');
    expect(await check(repo, 'lib/other.ts')).toBe('0 allow/not-gated');
    expect(await check(repo, 'src/price.ts')).toBe('2 deny/no-red');
    expect(await check(repo, '.claude/settings.json')).toBe('2 deny/protected');
    // The compiled globs are cached in the scratch dir; a changed config is read afresh.
    const doctor = DoctorOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--json'])).stdout));
    expect(doctor.gated).toEqual({ files: ['src/**', 'docs/**/*.md', '!src/generated/**', '.claude/**'], from: 'config' });
    writeFileSync(path.join(repo.dir, '.tdd-kernel/config.json'), JSON.stringify({ files: ['docs/**'] }));
    expect(await check(repo, 'src/price.ts')).toBe('0 allow/not-gated');
    expect(await check(repo, 'docs/api.md')).toBe('2 deny/no-red');
  });

  it('a bad files value is a config error (exit 1)', async () => {
    repo = makeProject('none', { '.tdd-kernel/config.json': JSON.stringify({ files: 'src/**' }) });
    const out = await kernel(repo, ['check', 'src/a.ts']);
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toContain('.tdd-kernel/config.json: "files" is "src/**"; expected a list of non-empty strings');
  });
});
