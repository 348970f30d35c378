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
  /** Absolute path of the native binary, or of the JavaScript entry `runtime` runs. */
  binary: string;
  /** Absolute path of the Node that runs `binary`, or null for a native binary. */
  runtime: string | null;
  /** The install directory (the cache entry). */
  dir: string;
  /** True when this call installed it, false when it was already in the cache. */
  installed: boolean;
}

/** Installs `specs` into the empty directory `dir` (which holds only a package.json). */
export type Installer = (specs: readonly string[], dir: string) => Promise<void>;

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

export const npmInstall: Installer = async (specs, dir) => {
  const spec = specs.join(' ');
  const args = ['install', '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...specs];
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
  const runtime: string | undefined = 'runtime' in pin ? pin.runtime : undefined;
  const result = (installed: boolean): InstalledAgent => ({
    id,
    version: pin.version,
    binary: join(dir, pin.binary),
    runtime: runtime === undefined ? null : runtime === 'node' ? process.execPath : join(dir, runtime),
    dir,
    installed,
  });
  if (existsSync(join(dir, pin.binary))) return result(false);

  await mkdir(dirname(dir), { recursive: true });
  // Same parent as the final directory, so the rename is atomic.
  const staging = await mkdtemp(`${dir}.tmp-`);
  try {
    await writeFile(join(staging, 'package.json'), '{ "private": true }\n');
    const alsoInstall: readonly string[] = 'alsoInstall' in pin ? pin.alsoInstall : [];
    await (options.install ?? npmInstall)([pin.installSpec, ...alsoInstall], staging);
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

/** The command line that starts `agent` with `args`: the binary itself, or its Node and the entry. */
export function agentCommand(agent: InstalledAgent, args: string[]): { file: string; args: string[] } {
  return agent.runtime === null ? { file: agent.binary, args } : { file: agent.runtime, args: [agent.binary, ...args] };
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
