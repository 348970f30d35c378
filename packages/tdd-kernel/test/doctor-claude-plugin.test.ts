// `doctor --agent claude-code` with tdd-kernel installed as a Claude Code plugin instead of `init`: a
// fake HOME holds the files the Claude Code 2.1.330 binary writes for `claude plugin marketplace add
// <this checkout>` and `claude plugin install tdd-kernel@adlc [--scope project|local]` (the real binary
// doing it, then doctor: packages/agents-e2e/test/claude-code-plugin.test.ts). Doctor probes the plugin's
// own hook, run from this package (a directory marketplace's plugin runs from the marketplace), and
// names the plugin, its scope and its version.

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, type TempRepo } from '@adlc/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorAgentOutputSchema } from '../src/index.js';
import { BIN, makeProject, removedAfterEach, writeJson } from './support.js';

const PKG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(PKG, '../..');
const ID = 'tdd-kernel@adlc';
const HOOKS_FILE = path.join(PKG, 'hooks/hooks.json');

let repo: TempRepo | undefined;
const scratch = removedAfterEach();
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

type Scope = 'user' | 'project' | 'local';

/** Claude Code's configuration directory after adding this checkout as the `adlc` marketplace and installing the plugin in `scope`. */
function claudeConfig(scope: Scope, projectPath: string): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-claude-home-')), '.claude');
  scratch.push(path.dirname(dir));
  const source = { source: 'directory', path: REPO_ROOT };
  writeJson(path.join(dir, 'settings.json'), { extraKnownMarketplaces: { adlc: { source } }, ...(scope === 'user' ? { enabledPlugins: { [ID]: true } } : {}) });
  writeJson(path.join(dir, 'plugins/known_marketplaces.json'), { adlc: { source, installLocation: REPO_ROOT, lastUpdated: '2026-12-07T10:05:17.643Z' } });
  const record = {
    scope,
    ...(scope === 'user' ? {} : { projectPath }),
    installPath: path.join(dir, 'plugins/cache/adlc/tdd-kernel/0.1.0'),
    version: '0.1.0',
    installedAt: '2026-12-07T10:05:46.480Z',
    lastUpdated: '2026-12-07T10:05:46.480Z',
    gitCommitSha: '878c961f459d181e61fd33b4ebce66ce2513c2a2',
  };
  writeJson(path.join(dir, 'plugins/installed_plugins.json'), { version: 2, plugins: { [ID]: [record] } });
  // A project or local install switches the plugin on in the project's own settings.
  if (scope !== 'user') writeJson(path.join(projectPath, '.claude', scope === 'project' ? 'settings.json' : 'settings.local.json'), { enabledPlugins: { [ID]: true } });
  return dir;
}

function project(): TempRepo {
  repo = makeProject('none', { 'src/app.mjs': 'export const app = 1;\n' });
  return repo;
}

/** The Claude Code configuration in HOME/.claude (or, with `viaVariable`, in $CLAUDE_CONFIG_DIR). */
async function doctor(dir: string, config: string, args: string[] = ['--json'], viaVariable = false) {
  const env = viaVariable ? { HOME: mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-empty-home-')), CLAUDE_CONFIG_DIR: config } : { HOME: path.dirname(config), CLAUDE_CONFIG_DIR: undefined };
  if (viaVariable) scratch.push(env.HOME);
  return runCli(BIN, ['doctor', '--agent', 'claude-code', ...args], { cwd: dir, env: { ...env, TDD_KERNEL_SESSION: undefined, CLAUDE_PROJECT_DIR: undefined } });
}

describe('doctor --agent claude-code with the tdd-kernel plugin', () => {
  it.each([['user'], ['project'], ['local']] as Array<[Scope]>)('installed at %s scope: the plugin\'s hook refuses the probe, and doctor names the plugin, its scope and its version', async (scope) => {
    const p = project();
    const r = await doctor(p.dir, claudeConfig(scope, p.dir));
    expect(r.exitCode, r.stdout).toBe(0);
    const out = DoctorAgentOutputSchema.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({ refused: true, problems: [], config: HOOKS_FILE, command: 'node "${CLAUDE_PLUGIN_ROOT}/bin/tdd-kernel.js" hook claude-code', plugin: { id: ID, scope, version: '0.1.0', root: PKG } });
    expect(out.warnings).toBeUndefined();
  });

  it('says so in words, and finds the configuration through $CLAUDE_CONFIG_DIR', async () => {
    const p = project();
    const r = await doctor(p.dir, claudeConfig('user', p.dir), [], true);
    expect(r.exitCode, r.stdout).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`claude-code: the installed hook refuses a forbidden edit in claude-code's contract (the ${ID} plugin, 0.1.0, user scope, ${HOOKS_FILE}: \`node "\${CLAUDE_PLUGIN_ROOT}/bin/tdd-kernel.js" hook claude-code\`)`);
  });

  it('switched off in the project\'s local settings: not in place, and how to switch it on', async () => {
    const p = project();
    const config = claudeConfig('user', p.dir);
    writeJson(path.join(p.dir, '.claude/settings.local.json'), { enabledPlugins: { [ID]: false } });
    const r = await doctor(p.dir, config);
    expect(r.exitCode).toBe(2);
    const out = DoctorAgentOutputSchema.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({ refused: false, command: null, answer: null, config: '.claude/settings.json' });
    expect(out.plugin).toBeUndefined();
    expect(out.problems).toEqual([
      `no tdd-kernel PreToolUse hook in .claude/settings.local.json, .claude/settings.json or ${path.join(config, 'settings.json')}: the ${ID} plugin (user scope, 0.1.0) is switched off in ${path.join(p.dir, '.claude/settings.local.json')}: enable it (\`claude plugin enable ${ID}\`) or run \`tdd-kernel init claude-code\``,
    ]);
  });

  it('installed for another project only: not in place here', async () => {
    const p = project();
    const other = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-other-project-'));
    scratch.push(other);
    const config = claudeConfig('local', other);
    const r = await doctor(p.dir, config);
    expect(r.exitCode).toBe(2);
    expect(DoctorAgentOutputSchema.parse(JSON.parse(r.stdout)).problems).toEqual([
      `no tdd-kernel PreToolUse hook in .claude/settings.local.json, .claude/settings.json or ${path.join(config, 'settings.json')} and no tdd-kernel plugin installed for this project: run \`tdd-kernel init claude-code\``,
    ]);
  });

  it('with init\'s hooks in the project too: the settings\' hook is probed, with a warning that each hook runs twice', async () => {
    const p = project();
    const config = claudeConfig('user', p.dir);
    expect((await runCli(BIN, ['init', 'claude-code'], { cwd: p.dir })).exitCode).toBe(0);
    const r = await doctor(p.dir, config);
    expect(r.exitCode, r.stdout).toBe(0);
    const out = DoctorAgentOutputSchema.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({ refused: true, config: '.claude/settings.json' });
    expect(out.plugin).toBeUndefined();
    expect(out.warnings).toEqual([expect.stringContaining(`the ${ID} plugin is enabled too (user scope, ${path.join(config, 'settings.json')}): each hook runs twice`)]);
  });

  it('in a directory that is no project, the plugin\'s hook lets the probe through and doctor says why', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-no-project-'));
    scratch.push(dir);
    const r = await doctor(dir, claudeConfig('user', dir));
    expect(r.exitCode).toBe(2);
    const out = DoctorAgentOutputSchema.parse(JSON.parse(r.stdout));
    expect(out).toMatchObject({ refused: false, plugin: { id: ID, scope: 'user' } });
    expect(out.problems[1]).toContain('is in no project (no .tdd-kernel/ or git repository at or above it), where the hook lets every call through');
  });
});
