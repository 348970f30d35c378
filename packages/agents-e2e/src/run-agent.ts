// Runs an agent binary headless as a child process with a small, explicit environment: no real
// key, proxy or config of the person running the tests leaks in, and HOME is a fresh directory.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { agentCommand, type InstalledAgent } from './ensure-agent.js';

export interface AgentRunResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

/** An agent run longer than this is a failure: the scripted runs take 5 to 20 seconds. */
export const AGENT_RUN_TIMEOUT_MS = 90_000;

/** What every agent needs from the environment: a PATH to find git and node, and its own HOME. */
export function baseAgentEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  };
}

/** What every headless run of an agent against the scripted model takes. */
export interface HeadlessRunOptions {
  cwd: string;
  prompt: string;
  /** The scripted model's URL (http://127.0.0.1:<port>). */
  modelUrl: string;
  /** An empty directory for HOME (the agent's user settings are written there). */
  home: string;
  /** The session's id, where the agent takes one, so a test can act in the session before it starts. */
  sessionId?: string;
  /** Variables added to (or replacing) the agent's environment, e.g. a PATH with more on it. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function runAgent(
  binary: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs?: number },
): Promise<AgentRunResult> {
  const started = Date.now();
  const result = await execa(binary, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: options.timeoutMs ?? AGENT_RUN_TIMEOUT_MS,
  });
  return {
    exitCode: result.exitCode ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
    timedOut: result.timedOut,
    durationMs: Date.now() - started,
  };
}

/** Writes an agent's user settings file (`relPath` under HOME) as JSON. */
export function writeUserSettings(home: string, relPath: string, settings: unknown): void {
  const file = join(home, relPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/** Runs an installed agent (its binary, or its Node and entry) with `args` and the agent's own `env`, plus `options.env`. */
export function runInstalledAgent(agent: InstalledAgent, args: string[], env: Record<string, string>, options: HeadlessRunOptions): Promise<AgentRunResult> {
  const command = agentCommand(agent, args);
  return runAgent(command.file, command.args, {
    cwd: options.cwd,
    env: { ...env, ...options.env },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
