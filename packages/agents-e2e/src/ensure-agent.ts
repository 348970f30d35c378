// Installs a pinned agent binary on first use into a cache outside the workspace (a few hundred MB
// each: no `pnpm install` should pull them), and reuses it afterwards. Each install goes into a
// fresh temporary directory that is renamed into place only when complete, so two installers
// running at once never see half an install: the second rename loses and its copy is dropped.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { AGENT_PINS, onInstallFailure, unsupportedPlatform, type AgentId } from './agent-pins.js';

export interface InstalledAgent {
  id: AgentId;
  version: string;
  /** Absolute path of the native binary. */
  binary: string;
  /** The install directory (the cache entry). */
  dir: string;
  /** True when this call installed it, false when it was already in the cache. */
  installed: boolean;
}

/** Installs `spec` into the empty directory `dir` (which holds only a package.json). */
export type Installer = (spec: string, dir: string) => Promise<void>;

export interface EnsureAgentOptions {
  /** Default: `$ADLC_AGENT_CACHE`, else `~/.cache/adlc-agents`. */
  cacheDir?: string;
  env?: Record<string, string | undefined>;
  /** Default: `npm install --ignore-scripts --no-audit --no-fund`. */
  install?: Installer;
}

const INSTALL_TIMEOUT_MS = 10 * 60_000;

export function agentCacheDir(env: Record<string, string | undefined>): string {
  return env.ADLC_AGENT_CACHE || join(homedir(), '.cache', 'adlc-agents');
}

/** `<cache>/<package>@<version>`, e.g. `~/.cache/adlc-agents/@openai/codex@0.169.0`. */
export function installDirFor(cacheDir: string, id: AgentId): string {
  const pin = AGENT_PINS[id];
  return join(cacheDir, `${pin.packageName}@${pin.version}`);
}

export const npmInstall: Installer = async (spec, dir) => {
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', spec];
  const result = await execa('npm', args, { cwd: dir, reject: false, timeout: INSTALL_TIMEOUT_MS, stdin: 'ignore' });
  if (result.exitCode !== 0) {
    const detail = result.timedOut ? 'timed out' : (result.stderr.trim().split('\n').at(-1) ?? `exit ${result.exitCode}`);
    throw new Error(`npm install ${spec} failed: ${detail}`);
  }
};

function isLostRace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EEXIST' || code === 'ENOTEMPTY';
}

export async function ensureAgent(id: AgentId, options: EnsureAgentOptions = {}): Promise<InstalledAgent> {
  const pin = AGENT_PINS[id];
  const unsupported = unsupportedPlatform(process.platform, process.arch);
  if (unsupported) throw new Error(unsupported);
  const dir = installDirFor(options.cacheDir ?? agentCacheDir(options.env ?? process.env), id);
  const result = (installed: boolean): InstalledAgent => ({ id, version: pin.version, binary: join(dir, pin.binary), dir, installed });
  if (existsSync(join(dir, pin.binary))) return result(false);

  await mkdir(dirname(dir), { recursive: true });
  // Same parent as the final directory, so the rename is atomic.
  const staging = await mkdtemp(`${dir}.tmp-`);
  try {
    await writeFile(join(staging, 'package.json'), '{ "private": true }\n');
    await (options.install ?? npmInstall)(pin.installSpec, staging);
    if (!existsSync(join(staging, pin.binary))) {
      throw new Error(`${pin.installSpec} installed, but its binary ${pin.binary} is missing`);
    }
    try {
      await rename(staging, dir);
      return result(true);
    } catch (error) {
      if (isLostRace(error) && existsSync(join(dir, pin.binary))) return result(false);
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The agent for an end-to-end test file, or null (with a warning saying why) when it cannot be
 * installed here; under CI a failed install throws instead, so the run fails.
 */
export async function agentForTests(id: AgentId, options: EnsureAgentOptions = {}): Promise<InstalledAgent | null> {
  const env = options.env ?? process.env;
  try {
    return await ensureAgent(id, { ...options, env });
  } catch (error) {
    const reason = `${id} ${AGENT_PINS[id].version} is not available: ${(error as Error).message}`;
    if (onInstallFailure(env) === 'fail') throw new Error(`${reason} (CI: a missing agent fails the tests)`);
    console.warn(`skipping the ${id} end-to-end tests: ${reason}`);
    return null;
  }
}
