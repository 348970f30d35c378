// Progress in a CI log: with stderr a pipe, one plain line per phase, no ANSI codes, stdout unchanged.

import { describe, expect, it } from 'vitest';
import { runCli } from '@adlc/testkit';
import { BASE_ARGS, BIN, FIX, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('progress');

describe('progress where stderr is not a terminal', () => {
  it('prints a plain line as each phase starts, under --json too, and none with --quiet', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).winner).toBeDefined();
    const lines = res.stderr.split('\n');
    expect(lines).toContain('consensus-fix: pre-flight: node test/add-repro.mjs');
    expect(lines).toContain('consensus-fix: completions 0/3');
    expect(lines).toContain('consensus-fix: candidate 1/3: running --test-cmd');
    expect(lines).toContain('consensus-fix: candidate 3/3: running --rails');
    // One line per phase: the counts inside a phase wait for the 10 s heartbeat.
    expect(lines).not.toContain('consensus-fix: completions 1/3');
    expect(res.stderr).not.toContain('\u001b');

    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const quiet = await runCli(BIN, [...BASE_ARGS, '--json', '--quiet'], { cwd: r.dir, env: suite.server.env() });
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('consensus-fix: completions');
    expect(quiet.stdout.split('\n')[0]).toBe(res.stdout.split('\n')[0]);
  });
});
