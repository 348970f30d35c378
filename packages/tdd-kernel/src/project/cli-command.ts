// How the agent's shell can run this CLI, for the commands a refusal names: `tdd-kernel` when the shell
// finds it on PATH, `npx tdd-kernel` when the project has it in node_modules/.bin, else the very bin
// that is running (a hook command names it by absolute path, so it works where the hook ran). A host
// running the kernel in-process (the MCP server) passes no bin: the running script is not tdd-kernel.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { shellQuote } from '@adlc/core';

export function cliCommand(root: string, env: NodeJS.ProcessEnv, bin: string | null | undefined = process.argv[1]): string {
  if (onPath('tdd-kernel', env)) return 'tdd-kernel';
  if (existsSync(path.join(root, 'node_modules', '.bin', 'tdd-kernel'))) return 'npx tdd-kernel';
  if (bin === null) return 'tdd-kernel';
  return bin ? `node ${shellQuote(path.resolve(bin))}` : 'npx tdd-kernel';
}

export function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, name)));
}
