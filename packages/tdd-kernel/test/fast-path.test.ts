// The hot commands (check, hook) skip commander and core, but not the CLI's contract: the same error
// document and hint, the same redaction, a quiet end when stdout's reader goes away, 130/143 on a
// signal, and global flags before or after the command.

import { isProcessAlive } from '@adlc/core';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { HookDenySchema, StatusOutputSchema } from '../src/index.js';
import { BIN, HEAVY_MODULES, kernel, loadedSources, makeProject, OLD_BIN, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

const BAD = 'export const price = (n: number) => n + 1;\n';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

interface ErrorDoc {
  error: { message: string; hint?: string; exitCode: number };
}
const errorDoc = (stdout: string) => JSON.parse(stdout) as ErrorDoc;

/** Spawns the CLI as a user's shell would, with the session variable unset. */
function spawnCli(r: TempRepo, args: string[], opts: { closeStdout?: boolean; input?: string } = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: r.dir, env: { ...process.env, TDD_KERNEL_SESSION: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  // Close our end before the child writes: its write fails with EPIPE.
  if (opts.closeStdout) child.stdout.destroy();
  child.stdin.end(opts.input ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

async function stopsRunning(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !isProcessAlive(pid);
}

describe('the fast path has the CLI contract', () => {
  it('a bad flag to check gives the error document of a bad flag to a commander command', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    const check = await kernel(repo, ['check', 'src/a.ts', '--bogus', '--json']);
    const status = await kernel(repo, ['status', '--bogus', '--json']);
    for (const r of [check, status]) {
      expect(r.exitCode).toBe(1);
      const doc = errorDoc(r.stdout);
      expect(Object.keys(doc.error).sort()).toEqual(['exitCode', 'hint', 'message']);
      expect(doc.error).toMatchObject({ message: expect.stringContaining("unknown option '--bogus'"), exitCode: 1 });
      expect(r.stderr).toMatch(/^tdd-kernel: error: unknown option '--bogus'/);
    }
  });

  it('an operational error in check carries the same hint as in any other command (bad config)', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', '.tdd-kernel/config.json': '{"runner": "mocha"}\n' });
    const check = await kernel(repo, ['check', 'src/a.ts', '--json']);
    const status = await kernel(repo, ['status', '--json']);
    expect(check.exitCode).toBe(1);
    expect(errorDoc(check.stdout)).toEqual(errorDoc(status.stdout));
    expect(errorDoc(check.stdout).error.hint).toContain('.tdd-kernel/config.json');
    expect(check.stderr).toBe(status.stderr);
  });

  it('check redacts secrets from its error like every command', async () => {
    const secret = 'zq81XwPv6Lk0Rt52';
    repo = makeProject('none', { 'src/a.ts': 'export {};\n', [secret]: 'a file where the log directory should be\n' });
    const r = await kernel(repo, ['check', 'src/a.ts', '--log', `${secret}/x/events.jsonl`, '--json'], undefined, { TDDK_TEST_API_KEY: secret });
    expect(r.exitCode).toBe(1);
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(errorDoc(r.stdout).error).toMatchObject({ message: expect.stringContaining('[REDACTED]'), hint: expect.stringContaining('ADLC_DEBUG') });
  });

  it('check stops quietly when the reader of stdout goes away (check | head -c1)', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    for (const args of [['check', 'src/a.ts'], ['check', 'src/a.ts', '--json']]) {
      const r = await spawnCli(repo, args, { closeStdout: true }).done;
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
      expect(r.code).toBe(2); // the verdict (refused), not a crash
    }
  });

  it('SIGINT and SIGTERM end the hook with 130 and 143 and the interrupted line, like every command', async () => {
    repo = makeProject('vitest', {
      'src/price.test.ts': PRICE_TEST,
      'src/price.ts': PRICE_SRC,
      '.gitignore': 'node_modules\nslow.pid\n',
      'slow.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('slow.pid', String(process.pid));\nsetTimeout(() => {}, 60_000);\n",
    });
    const env = { TDD_KERNEL_SESSION: 's' };
    expect((await kernel(repo, ['run', PRICE_ID])).exitCode).toBe(2);
    expect((await kernel(repo, ['claim', PRICE_ID, 'src/price.ts'], undefined, env)).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/price.ts'], undefined, env)).exitCode).toBe(0);
    repo.write({ 'src/price.ts': BAD, '.tdd-kernel/config.json': JSON.stringify({ command: 'node slow.mjs' }) });
    const pidFile = path.join(repo.dir, 'slow.pid');
    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      // The Stop hook flushes: it waits for the (slow) runner, and the signal arrives then.
      const { child, done } = spawnCli(repo, ['hook', 'claude-code'], { input: JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'Stop' }) });
      for (let i = 0; i < 600 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(pidFile)).toBe(true);
      child.kill(signal);
      const r = await done;
      expect({ code: r.code, signal: r.signal, stdout: r.stdout }).toEqual({ code, signal: null, stdout: '' });
      expect(r.stderr).toContain(`tdd-kernel: interrupted by ${signal}; anything it had changed was put back\n`);
      // Interrupted before any revert: the runner is gone and the turn is given back for the next flush.
      expect(await stopsRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
      rmSync(pidFile);
      expect(repo.read('src/price.ts')).toBe(BAD);
      const status = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'], undefined, env)).stdout));
      expect(status.buffered.map((b) => b.file)).toEqual(['src/price.ts']);
    }
  });

  it('a hook given a bad flag still fails closed: deny, exit 0, and the error with its hint on stderr', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    const event = JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, 'src/a.ts'), old_string: '{}', new_string: '{ a }' } });
    for (const [args, message] of [
      [['hook', 'claude-code', '--bogus'], "unknown option '--bogus'"],
      [['hook', 'claude-code', '--log'], "option '--log <path>' argument missing"],
      [['--mode', 'loose', 'hook', 'claude-code'], '--mode must be strict or warn, not "loose"'],
      [['hook', 'nonesuch'], 'unknown agent "nonesuch" (supported: claude-code, codex, copilot, vscode, cursor, qwen, gemini, cline, windsurf, opencode)'],
    ] as const) {
      const r = await kernel(repo, [...args], event);
      expect(r.exitCode).toBe(0);
      expect(HookDenySchema.parse(JSON.parse(r.stdout)).hookSpecificOutput.permissionDecisionReason).toContain(`the hook is misconfigured (${message})`);
      const [first, second] = r.stderr.trimEnd().split('\n');
      expect(first).toBe(`tdd-kernel: error: ${message}`);
      expect(second).toMatch(/^tdd-kernel: fix the hook command in \.claude\/settings\.json/);
    }
  });

  it('check and the hook load neither commander nor zod, nor the full CLI\'s commands; the full CLI does', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    const event = JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, 'src/a.ts'), old_string: '{}', new_string: '{ a }' } });
    for (const [args, input] of [[['check', 'src/a.ts', '--json']], [['hook', 'claude-code'], event], [['--log', 'x.jsonl', 'hook', 'claude-code', '--bogus'], event]] as const) {
      const sources = loadedSources(repo, [...args], input);
      expect(sources).toContain('../src/fast.ts');
      expect(sources.filter((source) => HEAVY_MODULES.test(source)), args.join(' ')).toEqual([]);
      expect(sources, args.join(' ')).not.toContain('../src/cli/commands.ts');
    }
    const full = loadedSources(repo, ['status']);
    expect(full.some((source) => HEAVY_MODULES.test(source))).toBe(true);
    expect(full).toContain('../src/cli/commands.ts');
  });

  it('the bin is bin/tdd-kernel.js; dist/cli.js, which hooks written before name, runs alike', () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(BIN), '..', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(path.resolve(path.dirname(BIN), '..', pkg.bin['tdd-kernel']!)).toBe(BIN);
    const event = JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, 'src/a.ts'), old_string: '{}', new_string: '{ a }' } });
    const [now, before] = [BIN, OLD_BIN].map((bin) => spawnSync(process.execPath, [bin, 'hook', 'claude-code'], { cwd: repo.dir, input: event, encoding: 'utf8' }));
    expect(HookDenySchema.parse(JSON.parse(before!.stdout))).toEqual(HookDenySchema.parse(JSON.parse(now!.stdout)));
    expect([now!.status, before!.status]).toEqual([0, 0]);
    expect(spawnSync(process.execPath, [OLD_BIN, '--help'], { encoding: 'utf8' }).stdout).toMatch(/^Usage: tdd-kernel/);
  });

  it('global flags work before and after the hot command', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    for (const [args, log] of [
      [['--log', 'one.jsonl', 'check', 'src/a.ts'], 'one.jsonl'],
      [['check', '--log=two.jsonl', 'src/a.ts', '--json'], 'two.jsonl'],
      [['check', 'src/a.ts', '--session', 's9', '--log', 'three.jsonl'], 'three.jsonl'],
    ] as const) {
      const r = await kernel(repo, [...args]);
      expect(r.exitCode).toBe(2);
      const events = repo.read(log).trim().split('\n').map((l) => JSON.parse(l) as { type: string; session_id?: string });
      expect(events).toMatchObject([{ type: 'edit_refused' }]);
      if (log === 'three.jsonl') expect(events[0]!.session_id).toBe('s9');
    }
  });
});
