// The Claude Code plugin this package ships (.claude-plugin/plugin.json, hooks/hooks.json) and the
// repository's marketplace that lists it: the hooks are exactly what `init claude-code` writes, the
// tarball carries them, and the built CLI runs from a copy of the package the way Claude Code keeps one
// (its node_modules one level deep). The real Claude Code installing it: packages/agents-e2e.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '@adlc/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { InitAgentOutputSchema } from '../src/index.js';
import { BIN, makeProject } from './support.js';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(PKG, '../..');
/** What the plugin's hooks run: the package's own bin, in Claude Code's copy of the plugin. */
const PLUGIN_HOOK_COMMAND = 'node "${CLAUDE_PLUGIN_ROOT}/bin/tdd-kernel.js" hook claude-code';
/** The only packages the CLI bundle imports from node_modules (none has dependencies of its own). */
const KEPT_EXTERNAL = ['commander', 'lilconfig', 'picomatch', 'typescript'];

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

describe('the Claude Code plugin', () => {
  it('hooks/hooks.json is what `tdd-kernel init claude-code` writes, with the plugin\'s command', async () => {
    const empty = tempDir('tdd-kernel-plugin-init-');
    const init = await runCli(BIN, ['init', 'claude-code', '--dry-run', '--json', '--hook-command', PLUGIN_HOOK_COMMAND], { cwd: empty });
    expect(init.exitCode, init.stderr).toBe(0);
    const written = InitAgentOutputSchema.parse(JSON.parse(init.stdout)).files ?? [];
    expect(written.map((f) => f.path)).toEqual(['.claude/settings.json']);
    expect(readFileSync(path.join(PKG, 'hooks/hooks.json'), 'utf8')).toBe(written[0]!.content);
  });

  it('plugin.json names the package at its version, and the repository\'s marketplace lists it from this directory', () => {
    const pkg = readJson(path.join(PKG, 'package.json'));
    expect(readJson(path.join(PKG, '.claude-plugin/plugin.json'))).toMatchObject({ name: 'tdd-kernel', version: pkg.version, license: pkg.license });
    const marketplace = readJson(path.join(REPO_ROOT, '.claude-plugin/marketplace.json')) as { name: string; plugins: Array<{ name: string; source: string }> };
    const entry = marketplace.plugins.find((p) => p.name === 'tdd-kernel');
    expect(entry?.source).toMatch(/^\.\//);
    expect(path.resolve(REPO_ROOT, entry!.source)).toBe(PKG);
  });

  it('the package\'s tarball carries the plugin, the bin and the build', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PKG, encoding: 'utf8' })) as Array<{ files: Array<{ path: string }> }>;
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['.claude-plugin/plugin.json', 'hooks/hooks.json', 'bin/tdd-kernel.js', 'dist/cli.js']));
  });

  it('the CLI runs a red test, takes a claim and gates from a copy of the package whose node_modules holds only the packages the bundle imports', async () => {
    // Claude Code copies the plugin's directory with node_modules one level deep: the dependencies'
    // own dependencies (elsewhere in a pnpm store) are not in the copy, so the bundle must not need them.
    const copy = tempDir('tdd-kernel-plugin-copy-');
    for (const part of ['bin', 'dist', 'package.json']) cpSync(path.join(PKG, part), path.join(copy, part), { recursive: true });
    mkdirSync(path.join(copy, 'node_modules'));
    for (const name of KEPT_EXTERNAL) symlinkSync(realpathSync(path.join(PKG, 'node_modules', name)), path.join(copy, 'node_modules', name));
    const bin = path.join(copy, 'bin/tdd-kernel.js');

    const repo = makeProject('none', {
      'src/price.mjs': 'export const price = (n) => n;\n',
      'src/price.test.mjs': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { price } from './price.mjs';\n\ntest('price adds tax', () => {\n  assert.equal(price(100), 120);\n});\n",
    });
    try {
      const env = { TDD_KERNEL_SESSION: 'plugin-copy' };
      const id = 'src/price.test.mjs::price adds tax';
      const run = await runCli(bin, ['run', id], { cwd: repo.dir, env });
      // Only the progress line on stderr: nothing the copy lacks was reported missing.
      expect({ exit: run.exitCode, stderr: run.stderr }).toEqual({ exit: 2, stderr: 'tdd-kernel: running 1 test (node: node --test)' });
      expect(run.stdout).toContain(`red (assertion)  ${id}`);
      expect((await runCli(bin, ['claim', id, 'src/price.mjs'], { cwd: repo.dir, env })).exitCode).toBe(0);
      const edit = (file: string) => JSON.stringify({ session_id: 'plugin-copy', hook_event_name: 'PreToolUse', cwd: repo.dir, tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, file), old_string: 'a', new_string: 'b' } });
      const allowed = await runCli(bin, ['hook', 'claude-code'], { cwd: repo.dir, env, input: edit('src/price.mjs') });
      expect({ exit: allowed.exitCode, stdout: allowed.stdout }).toEqual({ exit: 0, stdout: '' });
      const refused = await runCli(bin, ['hook', 'claude-code'], { cwd: repo.dir, env, input: edit('src/other.mjs') });
      expect(refused.exitCode).toBe(0);
      expect(JSON.parse(refused.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    } finally {
      repo.cleanup();
    }
  });
});
