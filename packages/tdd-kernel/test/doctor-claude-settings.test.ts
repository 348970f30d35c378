// `doctor --agent claude-code` finds init's hook where Claude Code reads hooks: the project's local
// settings, its shared settings and the user's settings ($CLAUDE_CONFIG_DIR, default ~/.claude), names the
// file it came from, and says when `disableAllHooks` (the first file that sets it wins) turns them all off.
// Each test has a HOME of its own; the hook is the one `tdd-kernel init claude-code` writes, moved.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, type TempRepo } from '@adlc/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorAgentOutputSchema } from '../src/index.js';
import { BIN, makeProject, removedAfterEach, writeJson } from './support.js';

let repo: TempRepo | undefined;
const scratch = removedAfterEach();
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A project where `init claude-code` ran and its settings file was then taken away: its contents are returned. */
async function projectWithInitHooks(): Promise<{ dir: string; settings: Record<string, unknown> }> {
  repo = makeProject('none', { 'src/app.mjs': 'export const app = 1;\n' });
  expect((await runCli(BIN, ['init', 'claude-code'], { cwd: repo.dir })).exitCode).toBe(0);
  const file = path.join(repo.dir, '.claude/settings.json');
  const settings = readJson(file);
  rmSync(file);
  return { dir: repo.dir, settings };
}

async function doctor(dir: string, env: Record<string, string | undefined>, args = ['--json']) {
  return runCli(BIN, ['doctor', '--agent', 'claude-code', ...args], { cwd: dir, env: { CLAUDE_CONFIG_DIR: undefined, TDD_KERNEL_SESSION: undefined, CLAUDE_PROJECT_DIR: undefined, ...env } });
}

const parse = (stdout: string) => DoctorAgentOutputSchema.parse(JSON.parse(stdout));

describe('doctor --agent claude-code reads the settings Claude Code reads', () => {
  it.each([
    ['the project\'s local settings', 'local'],
    ['the user\'s settings in ~/.claude', 'home'],
    ['the user\'s settings in $CLAUDE_CONFIG_DIR', 'config-dir'],
  ] as const)('finds the hook in %s, probes it and names that file', async (_, where) => {
    const p = await projectWithInitHooks();
    const home = tempDir('tdd-kernel-claude-home-');
    const configDir = where === 'config-dir' ? tempDir('tdd-kernel-claude-config-') : path.join(home, '.claude');
    const file = where === 'local' ? path.join(p.dir, '.claude/settings.local.json') : path.join(configDir, 'settings.json');
    writeJson(file, p.settings);
    const env = { HOME: home, ...(where === 'config-dir' ? { CLAUDE_CONFIG_DIR: configDir } : {}) };
    const r = await doctor(p.dir, env);
    expect(r.exitCode, r.stdout).toBe(0);
    const out = parse(r.stdout);
    expect(out).toMatchObject({ refused: true, problems: [], config: where === 'local' ? path.join('.claude', 'settings.local.json') : file });
    expect(out.warnings).toBeUndefined();
    const text = await doctor(p.dir, env, []);
    expect(text.stdout.split('\n')[0]).toContain(`(${out.config}: \``);
  });

  it('with $CLAUDE_CONFIG_DIR set, ~/.claude/settings.json is not read; the problem lists the files searched', async () => {
    const p = await projectWithInitHooks();
    const home = tempDir('tdd-kernel-claude-home-');
    writeJson(path.join(home, '.claude/settings.json'), p.settings);
    const configDir = tempDir('tdd-kernel-claude-config-');
    const r = await doctor(p.dir, { HOME: home, CLAUDE_CONFIG_DIR: configDir });
    expect(r.exitCode).toBe(2);
    expect(parse(r.stdout).problems).toEqual([
      `no tdd-kernel PreToolUse hook in .claude/settings.local.json, .claude/settings.json or ${path.join(configDir, 'settings.json')} and no tdd-kernel plugin installed for this project: run \`tdd-kernel init claude-code\``,
    ]);
  });

  it('the local settings win: their hook is the one probed, and different commands in two files are a warning', async () => {
    const p = await projectWithInitHooks();
    const home = tempDir('tdd-kernel-claude-home-');
    writeJson(path.join(p.dir, '.claude/settings.json'), p.settings);
    const broken = JSON.parse(JSON.stringify(p.settings).replaceAll('hook claude-code', 'hook claude-code --mode nonsense')) as Record<string, unknown>;
    writeJson(path.join(p.dir, '.claude/settings.local.json'), broken);
    const r = await doctor(p.dir, { HOME: home });
    const out = parse(r.stdout);
    expect(out.config).toBe(path.join('.claude', 'settings.local.json'));
    expect(out.command).toContain('--mode nonsense');
    expect(out.warnings).toEqual([expect.stringContaining("tdd-kernel's hooks are in .claude/settings.local.json and .claude/settings.json with different commands")]);
  });

  it('the same hook in two files is probed once, without a warning (Claude Code runs an identical command once)', async () => {
    const p = await projectWithInitHooks();
    const home = tempDir('tdd-kernel-claude-home-');
    writeJson(path.join(p.dir, '.claude/settings.json'), p.settings);
    writeJson(path.join(home, '.claude/settings.json'), p.settings);
    const r = await doctor(p.dir, { HOME: home });
    expect(r.exitCode, r.stdout).toBe(0);
    const out = parse(r.stdout);
    expect(out.config).toBe(path.join('.claude', 'settings.json'));
    expect(out.warnings).toBeUndefined();
  });

  it('disableAllHooks: the first file that sets it decides', async () => {
    const p = await projectWithInitHooks();
    const home = tempDir('tdd-kernel-claude-home-');
    writeJson(path.join(p.dir, '.claude/settings.json'), p.settings);
    writeJson(path.join(home, '.claude/settings.json'), { disableAllHooks: true });
    const off = await doctor(p.dir, { HOME: home });
    expect(off.exitCode).toBe(2);
    expect(parse(off.stdout).problems).toEqual([`\`disableAllHooks\` is true in ${path.join(home, '.claude/settings.json')}, so Claude Code runs no hook: remove it there`]);
    writeJson(path.join(p.dir, '.claude/settings.local.json'), { disableAllHooks: false });
    const on = await doctor(p.dir, { HOME: home });
    expect(on.exitCode, on.stdout).toBe(0);
  });
});
