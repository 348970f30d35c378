// Runs a built CLI the way a user or CI does: a real child process, with an environment cleaned of
// real provider keys and GitHub's token and API root, so a test can never reach a real service.

import { execa } from 'execa';

export interface CliResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

const PROVIDER_VARIABLES = /^(ANTHROPIC_|OPENAI_|GEMINI_|GOOGLE_API_KEY|GOOGLE_GEMINI_BASE_URL|ADLC_|GITHUB_TOKEN$|GITHUB_API_URL$)/;

/** process.env without any provider key, base URL, GitHub token or ADLC_ setting, plus `extra`. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!PROVIDER_VARIABLES.test(name)) env[name] = value;
  }
  env.NO_COLOR = '1';
  delete env.FORCE_COLOR;
  return { ...env, ...extra };
}

export interface RunCliOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

export async function runCli(bin: string, args: string[], options: RunCliOptions): Promise<CliResult> {
  const result = await execa(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    extendEnv: false,
    reject: false,
    timeout: options.timeoutMs ?? 60_000,
    ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
  });
  return {
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? null,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}
