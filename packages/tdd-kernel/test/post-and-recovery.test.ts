// PreToolUse records pending edits, PostToolUse confirms them into the turn buffer, Stop tests and
// reverts only confirmed edits; and a flush killed (SIGKILL) mid-way is finished by the next command.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { FlushOutputSchema, HookStopBlockSchema, KernelEventSchema, StatusOutputSchema } from '../src/index.js';
import { BIN, gitStatus, kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const SESSION = 'sess-post';
const BAD = 'export const price = (n: number) => n + 1;\n';

function hook(r: TempRepo, event: Record<string, unknown>) {
  return kernel(r, ['hook', 'claude-code'], JSON.stringify({ session_id: SESSION, transcript_path: '/x', cwd: r.dir, permission_mode: 'default', ...event }));
}
const edit = (r: TempRepo, name: 'PreToolUse' | 'PostToolUse', id: string, file: string, extra: Record<string, unknown> = {}) =>
  hook(r, { hook_event_name: name, tool_name: 'Edit', tool_use_id: id, tool_input: { file_path: path.join(r.dir, file), old_string: 'n;', new_string: 'n + 1;' }, ...extra });
const status = async (r: TempRepo) => StatusOutputSchema.parse(JSON.parse((await kernel(r, ['status', '--json'], undefined, { TDD_KERNEL_SESSION: SESSION })).stdout));
function scratch(r: TempRepo): string {
  // The scratch base holds the checked config file beside the session directories; readdir's order is the
  // file system's, so the session directory is picked by kind, not by position.
  const base = path.join(r.dir, '.git', 'tdd-kernel');
  const dirs = readdirSync(base, { withFileTypes: true }).filter((d) => d.isDirectory());
  expect(dirs).toHaveLength(1);
  return path.join(base, dirs[0]!.name);
}
function events(r: TempRepo) {
  return readFileSync(path.join(r.dir, '.tdd-kernel/events.jsonl'), 'utf8').trim().split('\n').map((l) => KernelEventSchema.parse(JSON.parse(l)));
}

async function redAndClaimed(r: TempRepo, ...files: string[]) {
  expect((await kernel(r, ['run', PRICE_ID])).exitCode).toBe(2);
  expect((await kernel(r, ['claim', PRICE_ID, ...files], undefined, { TDD_KERNEL_SESSION: SESSION })).exitCode).toBe(0);
}

describe('PreToolUse → pending, PostToolUse → buffer', () => {
  it('only confirmed edits are tested and reverted; refused ones are dropped, a changed unconfirmed file is left alone', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['init', 'claude-code']);
    await redAndClaimed(repo, 'src/price.ts', 'src/other.ts');

    // The user refuses the first edit: PreToolUse allowed it, no PostToolUse comes.
    expect(await edit(repo, 'PreToolUse', 'toolu_1', 'src/price.ts')).toMatchObject({ exitCode: 0, stdout: '' });
    expect((await status(repo))).toMatchObject({ pending: [{ file: 'src/price.ts' }], buffered: [] });

    // A Write of a new file, refused too; then the user creates that file by hand.
    const other = path.join(repo.dir, 'src/other.ts');
    expect(await hook(repo, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_2', tool_input: { file_path: other, content: 'export {};\n' } })).toMatchObject({ stdout: '' });
    repo.write({ 'src/other.ts': '// the user wrote this\n' });

    // The second edit of price.ts happens and is confirmed.
    expect(await edit(repo, 'PreToolUse', 'toolu_3', 'src/price.ts')).toMatchObject({ stdout: '' });
    repo.write({ 'src/price.ts': BAD });
    expect(await edit(repo, 'PostToolUse', 'toolu_3', 'src/price.ts', { tool_response: { success: true } })).toMatchObject({ exitCode: 0, stdout: '' });
    const mid = await status(repo);
    expect(mid.buffered).toMatchObject([{ file: 'src/price.ts', existed: true }]);
    expect(mid.pending.map((p) => p.file).sort()).toEqual(['src/other.ts', 'src/price.ts']);

    const stop = await hook(repo, { hook_event_name: 'Stop', stop_hook_active: false });
    const block = HookStopBlockSchema.parse(JSON.parse(stop.stdout));
    expect(block.reason).toContain('reverted: src/price.ts');
    expect(block.reason).toContain('not tested: src/other.ts');
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
    expect(readFileSync(other, 'utf8')).toBe('// the user wrote this\n');
    expect(await status(repo)).toMatchObject({ pending: [], buffered: [] });
    expect(events(repo).filter((e) => e.type === 'edit_reverted').map((e) => (e.type === 'edit_reverted' ? e.file : ''))).toEqual(['src/price.ts']);

    const settings = JSON.parse(repo.read('.claude/settings.json'));
    expect(settings.hooks.PostToolUse[0]).toMatchObject({ matcher: 'Edit|Write|MultiEdit|NotebookEdit|Bash|mcp__.*', hooks: [{ timeout: 10 }] });
  });

  it('a Bash write is confirmed by its PostToolUse; without a PostToolUse hook a changed file still counts', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await redAndClaimed(repo, 'src/price.ts');
    const bash = { tool_name: 'Bash', tool_input: { command: "sed -i 's/n;/n + 1;/' src/price.ts" } };
    expect(await hook(repo, { hook_event_name: 'PreToolUse', tool_use_id: 'toolu_b', ...bash })).toMatchObject({ stdout: '' });
    spawnSync('sed', ['-i', 's/n;/n + 1;/', 'src/price.ts'], { cwd: repo.dir });
    // No PostToolUse hook registered and none seen (settings from an older init): the changed file is tested.
    const stop = await hook(repo, { hook_event_name: 'Stop', stop_hook_active: false });
    expect(HookStopBlockSchema.parse(JSON.parse(stop.stdout)).reason).toContain('reverted: src/price.ts');
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);

    // With confirmations in use, Bash's PostToolUse buffers the sed.
    expect(await hook(repo, { hook_event_name: 'PreToolUse', tool_use_id: 'toolu_c', ...bash })).toMatchObject({ stdout: '' });
    spawnSync('sed', ['-i', 's/n;/n * 1.2;/', 'src/price.ts'], { cwd: repo.dir });
    await hook(repo, { hook_event_name: 'PostToolUse', tool_use_id: 'toolu_c', ...bash, tool_response: { stdout: '' } });
    expect((await status(repo)).buffered).toMatchObject([{ file: 'src/price.ts' }]);
    expect(await hook(repo, { hook_event_name: 'Stop', stop_hook_active: false })).toMatchObject({ exitCode: 0, stdout: '' });
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe('export const price = (n: number) => n * 1.2;\n');
  });
});

describe('crash safety of flush', () => {
  it('SIGKILL during the runner: the next command gives the turn back and flush reverts exactly', async () => {
    repo = makeProject('vitest', {
      'src/price.test.ts': PRICE_TEST,
      'src/price.ts': PRICE_SRC,
      '.gitignore': 'node_modules\nslow.pid\n',
      'slow.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('slow.pid', String(process.pid));\nsetTimeout(() => {}, 60_000);\n",
    });
    const before = gitStatus(repo);
    await redAndClaimed(repo, 'src/price.ts', 'src/util.ts');
    const env = { TDD_KERNEL_SESSION: SESSION };
    await kernel(repo, ['check', 'src/price.ts'], undefined, env);
    await kernel(repo, ['check', 'src/util.ts'], undefined, env);
    repo.write({ 'src/price.ts': BAD, 'src/util.ts': 'export const u = 1;\n', '.tdd-kernel/config.json': JSON.stringify({ command: 'node slow.mjs' }) });

    const child = spawn(process.execPath, [BIN, 'flush'], { cwd: repo.dir, env: { ...process.env, ...env }, stdio: 'ignore' });
    const pidFile = path.join(repo.dir, 'slow.pid');
    for (let i = 0; i < 300 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(pidFile)).toBe(true);
    expect(readdirSync(scratch(repo)).some((n) => n.includes('.flushing-'))).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL'); // the runner's own group outlives a SIGKILLed parent

    repo.write({ '.tdd-kernel/config.json': '{}' });
    const s = await kernel(repo, ['status', '--json'], undefined, env);
    expect(s.stderr).toContain('buffered again');
    expect(StatusOutputSchema.parse(JSON.parse(s.stdout)).buffered.map((b) => b.file).sort()).toEqual(['src/price.ts', 'src/util.ts']);
    expect(readdirSync(scratch(repo)).some((n) => n.includes('.flushing-'))).toBe(false);

    const out = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'], undefined, env)).stdout));
    expect(out.reverted.map((r) => r.file)).toEqual(['src/price.ts', 'src/util.ts']);
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
    expect(existsSync(path.join(repo.dir, 'src/util.ts'))).toBe(false);
    repo.write({ '.tdd-kernel/config.json': '' });
    expect(gitStatus(repo)).toBe(`${before}?? .tdd-kernel/config.json\n?? .tdd-kernel/events.jsonl\n`);
  });

  it('a flush killed after writing its revert plan is finished by the next check, events appended once', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await redAndClaimed(repo, 'src/price.ts', 'src/new.ts');
    const env = { TDD_KERNEL_SESSION: SESSION };
    await kernel(repo, ['check', 'src/price.ts'], undefined, env);
    await kernel(repo, ['check', 'src/new.ts'], undefined, env);
    repo.write({ 'src/price.ts': BAD, 'src/new.ts': 'export const n = 1;\n' });
    // The state a SIGKILL between the plan and the last revert leaves: the taken buffer of a dead process
    // with its plan, one file already reverted (price.ts), the other not yet (new.ts).
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    const dir = scratch(repo);
    const turn = readdirSync(dir).find((n) => /^turn-.*\.jsonl$/.test(n))!;
    const taken = path.join(dir, `${turn}.flushing-${dead}-abc123`);
    renameSync(path.join(dir, turn), taken);
    appendFileSync(taken, `${JSON.stringify({ revert_plan: true, flush_id: 'f1', session: SESSION, files: ['src/price.ts', 'src/new.ts'], failed_test_ids: [PRICE_ID], closed_test_ids: [] })}\n`);
    repo.write({ 'src/price.ts': PRICE_SRC });

    const check = await kernel(repo, ['check', 'src/price.ts'], undefined, env);
    expect(check.stderr).toContain('interrupted flush was finished');
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
    expect(existsSync(path.join(repo.dir, 'src/new.ts'))).toBe(false);
    await kernel(repo, ['status'], undefined, env);
    const repairs = events(repo).filter((e) => e.type === 'repair');
    expect(repairs).toMatchObject([{ flush_id: 'f1', reverted: ['src/price.ts', 'src/new.ts'], session_id: SESSION }]);
    expect(readdirSync(dir).some((n) => n.includes('.flushing-'))).toBe(false);
  });

  it('a journal whose pid is alive but belongs to a process started after the flush is recovered; a live flush is not', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await redAndClaimed(repo, 'src/price.ts');
    const env = { TDD_KERNEL_SESSION: SESSION };
    await kernel(repo, ['check', 'src/price.ts'], undefined, env);
    repo.write({ 'src/price.ts': BAD });
    const dir = scratch(repo);
    const turn = readdirSync(dir).find((n) => /^turn-.*\.jsonl$/.test(n))!;
    // A flush that started a minute ago and died; its pid now belongs to a process started just now.
    const reused = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 100));
      const stale = path.join(dir, `${turn}.flushing-${reused.pid}-${Date.now() - 60_000}-abc123`);
      renameSync(path.join(dir, turn), stale);
      appendFileSync(stale, `${JSON.stringify({ revert_plan: true, flush_id: 'f2', session: SESSION, files: ['src/price.ts'], failed_test_ids: [PRICE_ID], closed_test_ids: [] })}\n`);
      const s = await kernel(repo, ['status'], undefined, env);
      expect(s.stderr).toContain('interrupted flush was finished');
      expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
      expect(existsSync(stale)).toBe(false);
      // This test process is alive and started before the journal's time: a running flush, left alone.
      const live = path.join(dir, `${turn}.flushing-${process.pid}-${Date.now()}-def456`);
      appendFileSync(live, '');
      expect((await kernel(repo, ['status'], undefined, env)).stderr).not.toContain('interrupted flush');
      expect(existsSync(live)).toBe(true);
    } finally {
      reused.kill('SIGKILL');
    }
  });
});
