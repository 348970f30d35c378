// The bin starts the pre-flight's test before it loads the run (src/cli/preflight-head-start.ts). That is only a
// head start: the dirty-tree guard still reads a listing taken before the test, a dirty tree starts no
// test, and a start-up that fails never leaves the test running.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, traceImportsArgs } from '@adlc/testkit';
import { BIN, FIX, RAILS, REPRO, fix, interruptMidEvaluation, killQuietly, parseOutput, slowFix, useSuite } from './support.js';

const suite = useSuite('early');

async function waitMs(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('the pre-flight started early', () => {
  it('starts the test before start-up ends, and the run uses that result', async () => {
    const r = suite.repo();
    const logDir = join(suite.scratch, 'early-log');
    const stamp = join(suite.scratch, 'early-stamp.txt');
    // The bin's process records when it first spawns the test (the pre-flight): its clock, like the log's,
    // so the shell's own start-up (a few ms on a busy machine) is not counted as the tool's.
    const recorder = join(suite.scratch, 'early-stamp.cjs');
    writeFileSync(
      recorder,
      [
        "const fs = require('node:fs'), cp = require('node:child_process');",
        'const spawn = cp.spawn;',
        'cp.spawn = function (command, ...rest) { if (command === process.env.TEST_CMD && !fs.existsSync(process.env.STAMP_FILE)) fs.writeFileSync(process.env.STAMP_FILE, String(Date.now())); return spawn.call(this, command, ...rest); };',
      ].join('\n'),
    );
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await runCli(BIN, ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs', '--json', '--log-dir', logDir], {
      cwd: r.dir,
      env: { ...suite.server.env(), TEST_CMD: REPRO, STAMP_FILE: stamp, NODE_OPTIONS: `--require ${recorder}` },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).verdict).toBe('pass');
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { event: string; ts: number });
    const start = events.find((e) => e.event === 'start')!;
    expect(Number(readFileSync(stamp, 'utf8'))).toBeLessThan(start.ts);
    expect(events.filter((e) => e.event === 'preflight')).toHaveLength(1);
  });

  it('the test starts before the run\'s code loads (its chunk, which the bin imports at once): loading holds the event loop', async () => {
    const r = suite.repo();
    const order = join(suite.scratch, 'early-order.txt');
    // Recorded in the bin's process, in one file: each spawn of a shell command, and each module it resolves.
    const recorder = join(suite.scratch, 'early-order.cjs');
    writeFileSync(
      recorder,
      [
        "const fs = require('node:fs'), cp = require('node:child_process');",
        'const spawn = cp.spawn;',
        'cp.spawn = function (command, ...rest) { fs.appendFileSync(process.env.TRACE_FILE, "spawn " + command + "\\n"); return spawn.call(this, command, ...rest); };',
      ].join('\n'),
    );
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await runCli(BIN, ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs', '--json'], {
      cwd: r.dir,
      env: { ...suite.server.env(), TRACE_FILE: order, NODE_OPTIONS: [`--require ${recorder}`, ...traceImportsArgs()].join(' ') },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = readFileSync(order, 'utf8').trim().split('\n');
    const test = lines.indexOf(`spawn ${REPRO}`);
    const firstLoad = lines.findIndex((line) => /[\\/]dist[\\/]run-\w+\.js$/.test(line));
    expect(test).toBeGreaterThanOrEqual(0);
    expect(firstLoad).toBeGreaterThan(test);
  });

  it('what the test writes into the tree is not taken for uncommitted work: the listing precedes the test', async () => {
    const r = suite.repo();
    const testCmd = `echo ran >> test-output.log; ${REPRO}`;
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await runCli(BIN, ['--test-cmd', testCmd, '--rails', RAILS, '--files', 'src/calc.mjs', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(r.read('test-output.log')).toMatch(/^ran\n/);
  });

  it('a dirty tree starts no test: exit 1 with the guard\'s error, and the command never ran', async () => {
    const r = suite.repo();
    writeFileSync(join(r.dir, 'notes.txt'), 'work in progress\n');
    const marker = join(suite.scratch, 'dirty-marker');
    const res = await runCli(BIN, ['--test-cmd', `touch ${marker}; ${REPRO}`, '--files', 'src/calc.mjs'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('the working tree has uncommitted changes: notes.txt');
    expect(existsSync(marker)).toBe(false);
    expect(suite.server.requests).toHaveLength(0);
  });

  it('a start-up that fails (a file outside the repository) stops the test it started: it never finishes', async () => {
    const r = suite.repo();
    const marker = join(suite.scratch, 'stopped-marker');
    const res = await runCli(BIN, ['--test-cmd', `sleep 2; touch ${marker}; ${REPRO}`, '--files', '../outside.mjs'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/outside/);
    await waitMs(3000);
    expect(existsSync(marker)).toBe(false);
  });

  it('a killed run\'s leftover in an ignored file: the listing is clean so the test starts early, the recovery restores the file, and the pre-flight tests the restored file', async () => {
    // src/calc.mjs is ignored: the killed run's candidate in it leaves `git status` clean.
    const r = suite.repo({ '.gitignore': 'src/calc.mjs\n' });
    const args = ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs'];
    const { exit, testPid, duringRun } = await interruptMidEvaluation(suite, r, 'SIGKILL', 'early-ignored', { args, first: (slow: string) => fix(slow) });
    killQuietly(testPid);
    expect(exit.signal).toBe('SIGKILL');
    expect(duringRun).toBe(slowFix(join(suite.scratch, 'early-ignored.pid')));
    expect(r.status()).toBe('');
    // The test says which file it saw; a test of the leftover would also sleep, then pass (exit 1: "already passes").
    const testCmd = `if grep -q Atomics src/calc.mjs; then v=leftover; else v=original; fi; echo "saw:$v"; ${REPRO}`;
    const logDir = join(suite.scratch, 'early-ignored-log');
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const next = await runCli(BIN, ['--test-cmd', testCmd, '--rails', RAILS, '--files', 'src/calc.mjs', '--json', '--log-dir', logDir], { cwd: r.dir, env: suite.server.env() });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toContain('restored 1 file(s) left by an interrupted consensus-fix run');
    const prompt = readFileSync(join(logDir, 'prompt.txt'), 'utf8');
    expect(prompt).toContain('saw:original');
    expect(prompt).not.toContain('saw:leftover');
  });
});
