// A test runner of the workspace linked into a temporary repository as its dependency, as an
// install would put it (node_modules/<runner> and its bin in node_modules/.bin).

import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Runner = 'vitest' | 'jest' | 'mocha';

/** Where the workspace has each runner: Jest is tdd-kernel's dependency, the others the root's. */
const FROM: Record<Runner, string> = {
  vitest: import.meta.url,
  mocha: import.meta.url,
  jest: new URL('../../tdd-kernel/package.json', import.meta.url).href,
};

/** Links `runner` into `dir`/node_modules; returns the command that runs it directly. */
export function linkRunner(dir: string, runner: Runner): string {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  const home = dirname(createRequire(FROM[runner]).resolve(`${runner}/package.json`));
  symlinkSync(home, join(modules, runner));
  const declared = (JSON.parse(readFileSync(join(home, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }).bin;
  const bin = typeof declared === 'string' ? declared : declared[runner]!;
  symlinkSync(join('..', runner, bin), join(modules, '.bin', runner));
  return `node node_modules/${runner}/${bin}${runner === 'vitest' ? ' run' : ''}`;
}
