import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_PINS, onInstallFailure, unsupportedPlatform } from '../src/agent-pins.js';
import { agentCacheDir, agentCommand, agentForTests, ensureAgent, installDirFor, type Installer } from '../src/ensure-agent.js';

let cacheDir: string;
beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'adlc-agent-cache-'));
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Stands in for npm: writes the pinned binary where the real package puts it, after a pause. */
function fakeInstaller(calls: string[], delayMs = 20): Installer {
  return async (specs, dir) => {
    calls.push(specs.join(' '));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const pin = Object.values(AGENT_PINS).find((p) => p.installSpec === specs[0])!;
    mkdirSync(dirname(join(dir, pin.binary)), { recursive: true });
    writeFileSync(join(dir, pin.binary), '#!/bin/sh\n', { mode: 0o755 });
  };
}

const failingInstaller: Installer = async () => {
  throw new Error('npm install failed: E404');
};

const onLinuxX64 = process.platform === 'linux' && process.arch === 'x64';

describe.runIf(onLinuxX64)('ensureAgent', () => {
  it('installs the pinned platform package into <cache>/<package>@<version>, then reuses it', async () => {
    const calls: string[] = [];
    const first = await ensureAgent('codex', { cacheDir, install: fakeInstaller(calls) });
    expect(first).toMatchObject({ id: 'codex', version: AGENT_PINS.codex.version, installed: true });
    expect(first.dir).toBe(join(cacheDir, `@openai/codex@${AGENT_PINS.codex.version}`));
    expect(first.binary).toBe(join(first.dir, AGENT_PINS.codex.binary));
    expect(existsSync(first.binary)).toBe(true);
    const again = await ensureAgent('codex', { cacheDir, install: fakeInstaller(calls) });
    expect(again).toMatchObject({ binary: first.binary, installed: false });
    expect(calls).toEqual([AGENT_PINS.codex.installSpec]);
  });

  it('installs a JavaScript agent with its Node in one install, and says which Node runs it', async () => {
    const calls: string[] = [];
    const qwen = await ensureAgent('qwen', { cacheDir, install: fakeInstaller(calls) });
    expect(calls).toEqual([`${AGENT_PINS.qwen.installSpec} ${AGENT_PINS.qwen.alsoInstall.join(' ')}`]);
    expect(qwen.runtime).toBe(join(qwen.dir, AGENT_PINS.qwen.runtime));
    expect(agentCommand(qwen, ['-p', 'hi'])).toEqual({ file: qwen.runtime, args: [qwen.binary, '-p', 'hi'] });
    const gemini = await ensureAgent('gemini', { cacheDir, install: fakeInstaller(calls) });
    expect(gemini.runtime).toBe(process.execPath);
    const codex = await ensureAgent('codex', { cacheDir, install: fakeInstaller(calls) });
    expect(agentCommand(codex, ['exec'])).toEqual({ file: codex.binary, args: ['exec'] });
  });

  it('lets two installers race: both get the same complete install, and no staging directory is left', async () => {
    const calls: string[] = [];
    const [a, b] = await Promise.all([
      ensureAgent('claude-code', { cacheDir, install: fakeInstaller(calls, 50) }),
      ensureAgent('claude-code', { cacheDir, install: fakeInstaller(calls, 10) }),
    ]);
    expect(a.binary).toBe(b.binary);
    expect(existsSync(a.binary)).toBe(true);
    expect([a.installed, b.installed].sort()).toEqual([false, true]);
    expect(readdirSync(join(cacheDir, '@anthropic-ai'))).toEqual([`claude-code@${AGENT_PINS['claude-code'].version}`]);
  });

  it('leaves nothing behind when the install fails', async () => {
    await expect(ensureAgent('codex', { cacheDir, install: failingInstaller })).rejects.toThrow('E404');
    expect(readdirSync(join(cacheDir, '@openai'))).toEqual([]);
  });

  it('refuses an install that has no binary where the pin says', async () => {
    const empty: Installer = async () => {};
    await expect(ensureAgent('codex', { cacheDir, install: empty })).rejects.toThrow(/binary .*codex is missing/);
    expect(existsSync(installDirFor(cacheDir, 'codex'))).toBe(false);
  });
});

describe.runIf(onLinuxX64)('agentForTests', () => {
  it('fails the run under CI when the agent cannot be installed', async () => {
    await expect(agentForTests('codex', { cacheDir, install: failingInstaller, env: { CI: 'true' } })).rejects.toThrow(
      /codex 0\.169\.0 is not available: npm install failed: E404 \(CI/,
    );
  });

  it('skips with a warning elsewhere', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const agent = await agentForTests('claude-code', { cacheDir, install: failingInstaller, env: {} });
    expect(agent).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^skipping the claude-code end-to-end tests: .*E404/));
    warn.mockRestore();
  });
});

describe('pure rules', () => {
  it.each([
    [{ CI: 'true' }, 'fail'],
    [{ CI: '1' }, 'fail'],
    [{ CI: 'false' }, 'skip'],
    [{}, 'skip'],
  ] as const)('onInstallFailure(%j) = %s', (env, expected) => {
    expect(onInstallFailure(env)).toBe(expected);
  });

  it.each([
    ['linux', 'x64', null],
    ['linux', 'arm64', /Linux x64 builds; this machine is linux arm64/],
    ['darwin', 'x64', /darwin x64/],
  ] as const)('unsupportedPlatform(%s, %s)', (platform, arch, expected) => {
    const reason = unsupportedPlatform(platform, arch);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });

  it.each([
    [{ ADLC_AGENT_CACHE: '/x/cache' }, '/x/cache'],
    [{}, /\.cache\/adlc-agents$/],
  ] as const)('agentCacheDir(%j)', (env, expected) => {
    if (typeof expected === 'string') expect(agentCacheDir(env)).toBe(expected);
    else expect(agentCacheDir(env)).toMatch(expected);
  });
});
