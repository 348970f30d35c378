// Runs an agent binary headless as a child process with a small, explicit environment: no real
// key, proxy or config of the person running the tests leaks in, and HOME is a fresh directory.

import { execa } from 'execa';

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
