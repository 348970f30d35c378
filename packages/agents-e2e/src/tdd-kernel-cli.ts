// The built tdd-kernel CLI the gate tests install into the agents, and a directory that puts it on an
// agent's PATH under its own name, as a user who installed it would have it: the kernel's refusals
// tell the model to run `tdd-kernel run` and `tdd-kernel claim` through its shell.

import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Absolute path of `@adlc/tdd-kernel`'s bin (`bin/tdd-kernel.js`, which imports the build: run `pnpm run build` first). */
export function tddKernelCli(): string {
  const dir = dirname(createRequire(import.meta.url).resolve('@adlc/tdd-kernel/package.json'));
  if (!existsSync(join(dir, 'dist', 'cli.js'))) throw new Error(`${join(dir, 'dist', 'cli.js')} is missing: build @adlc/tdd-kernel first`);
  return join(dir, 'bin', 'tdd-kernel.js');
}

/** Makes `<dir>/tdd-kernel` (a link to the built CLI, which starts with `#!/usr/bin/env node`); returns `dir`. */
export function tddKernelBinDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  symlinkSync(tddKernelCli(), join(dir, 'tdd-kernel'));
  return dir;
}
