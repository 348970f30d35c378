// The full CLI declares every command up front but imports a command's implementation only when that
// command runs: `--help` loads none of them, and a command loads its own and not the others'.

import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { loadedSources, makeProject } from './support.js';

const IMPLEMENTATIONS = ['agents/hook/claude-hook', 'agents/init/init-claude-code', 'cli/render', 'kernel/claim', 'kernel/gate', 'kernel/refactor-mode', 'kernel/status', 'project/doctor', 'turn/flush'];

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** The tool's own modules (src/<path>.ts) a run executed. */
function sourcesLoaded(args: string[]): string[] {
  repo ??= makeProject('none', { 'src/a.ts': 'export {};\n' });
  return loadedSources(repo, args).flatMap((source) => /^\.\.\/src\/(.+)\.ts$/.exec(source)?.[1] ?? []);
}

describe('tdd-kernel commands load lazily', () => {
  it('--help imports no command implementation', () => {
    const loaded = sourcesLoaded(['--help']);
    expect(loaded).toContain('cli/commands');
    expect(IMPLEMENTATIONS.filter((name) => loaded.includes(name))).toEqual([]);
  });

  it('a command line that names neither check nor hook runs none of the hot path (fast.ts); check does', () => {
    expect(sourcesLoaded(['--help'])).not.toContain('fast');
    expect(sourcesLoaded(['status'])).not.toContain('fast');
    expect(sourcesLoaded(['check', 'src/a.ts'])).toContain('fast');
  });

  it.each([
    ['status', ['status'], ['kernel/status', 'cli/render']],
    ['doctor', ['doctor'], ['project/doctor', 'cli/render', 'kernel/status']], // doctor reads the plan through status
  ])('%s imports its own implementation and none of the others', (_name, args, own) => {
    const loaded = sourcesLoaded(args);
    expect(IMPLEMENTATIONS.filter((name) => loaded.includes(name))).toEqual(own.sort());
  });
});
