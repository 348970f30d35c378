// The library API as the README shows it (examples/dispatcher.mjs run on a real Vitest project, and
// createKernel in-process), and the hook failing closed on malformed events, a missing cwd and bad flags.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type TempRepo } from '@adlc/testkit';
import { createKernel, HookDenySchema, KernelEventSchema, RunOutputSchema } from '../src/index.js';
import { BIN, gitStatus, kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let repo: TempRepo;
afterEach(() => repo?.cleanup());

function denyReason(stdout: string): string {
  return HookDenySchema.parse(JSON.parse(stdout)).hookSpecificOutput.permissionDecisionReason;
}

describe('library API', () => {
  it('the README example (examples/dispatcher.mjs) runs as printed on a real Vitest project', () => {
    const example = readFileSync(path.join(pkg, 'examples/dispatcher.mjs'), 'utf8');
    const body = example.slice(example.indexOf('const root'));
    expect(readFileSync(path.join(pkg, 'README.md'), 'utf8')).toContain(body.trim());
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const out = execFileSync(process.execPath, [path.join(pkg, 'examples/dispatcher.mjs'), repo.dir], { cwd: pkg, encoding: 'utf8' });
    expect(out.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^1 refused: no red test for src\/price\.ts: .*`tdd-kernel claim <test_id> src\/price\.ts`$/),
      '2 red assertion',
      '3 claimed',
      '4 ok',
      '5 restored src/price.ts',
      '6 ok',
      '7 kept src/price.ts',
    ]);
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe('export const price = (n) => n * 1.2;\n');
  });

  it('in-process: two failed greens close the claim and name a pasteable command (the id quoted)', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const k = createKernel({ root: repo.dir, session: 's', warn: () => {} });
    expect((await k.run([PRICE_ID])).green).toBe(false);
    expect(k.claim(PRICE_ID, ['src/price.ts']).claimed).toBe(true);
    let message = '';
    for (const wrong of ['n + 1', 'n * 2']) {
      expect(k.gateEdit('src/price.ts').decision).toBe('allow');
      repo.write({ 'src/price.ts': `export const price = (n: number) => ${wrong};\n` });
      const end = await k.flush();
      expect(end.reverted.map((r) => r.file)).toEqual(['src/price.ts']);
      message = end.message;
    }
    expect(message).toContain(`claim closed: ${PRICE_ID} failed twice after edits; stop retrying. Run \`tdd-kernel run '${PRICE_ID}'\``);
    const after = k.status();
    expect(after.claims).toEqual([]);
    const lines = readFileSync(k.log, 'utf8').trim().split('\n').map((l) => KernelEventSchema.parse(JSON.parse(l)));
    expect(lines.filter((e) => e.type === 'repair')).toHaveLength(2);
    const gate = k.gateEdit('src/price.ts');
    expect(gate.decision).toBe('deny');
    expect(gate.reason).toContain(`\`tdd-kernel run '${PRICE_ID}'\``);
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
  });
});

describe('hook fails closed', () => {
  it('malformed events, a Bash without a command and bad hook flags deny with exit 0', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export const a = 1;\n' });
    const abs = path.join(repo.dir, 'src/a.ts');
    const edit = JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: abs, old_string: '1', new_string: '2' } });
    for (const input of ['[1]', '{"cwd": "/"}', '"PreToolUse"', JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'rm src/a.ts' })]) {
      const r = await kernel(repo, ['hook', 'claude-code'], input);
      expect(r.exitCode).toBe(0);
      expect(denyReason(r.stdout)).toMatch(/could not read the hook event|Bash without a command/);
    }
    for (const args of [['hook', 'claude-code', '--mode', 'bogus'], ['hook', 'claude-code', '--bogus'], ['hook', 'nonesuch'], ['--log', 'x.jsonl', 'hook']]) {
      const r = await kernel(repo, args, edit);
      expect(r.exitCode).toBe(0);
      expect(denyReason(r.stdout)).toContain('the hook is misconfigured');
      expect(r.stderr).toContain('.claude/settings.json');
    }
    expect((await kernel(repo, ['hook', '--help'])).exitCode).toBe(0);
  });

  it('an event without a usable cwd gates the project that holds the file, never the hook process cwd', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export const a = 1;\n' });
    const before = gitStatus(repo);
    const outside = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-elsewhere-'));
    for (const cwd of [undefined, '/nonexistent/dir']) {
      const input = JSON.stringify({ session_id: 's', ...(cwd ? { cwd } : {}), hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, 'src/a.ts'), old_string: '1', new_string: '2' } });
      const r = await runCli(BIN, ['hook', 'claude-code'], { cwd: outside, env: { TDD_KERNEL_SESSION: undefined }, input });
      expect(r.exitCode).toBe(0);
      expect(denyReason(r.stdout)).toMatch(/^tdd-kernel refused the edit of src\/a\.ts: no red test for src\/a\.ts/);
    }
    expect(readdirSync(outside)).toEqual([]);
    rmSync(outside, { recursive: true, force: true });
    const events = readFileSync(path.join(repo.dir, '.tdd-kernel/events.jsonl'), 'utf8').trim().split('\n').map((l) => KernelEventSchema.parse(JSON.parse(l)));
    expect(events.filter((e) => e.type === 'edit_refused')).toHaveLength(2);
    expect(gitStatus(repo)).toBe(`${before}?? .tdd-kernel/events.jsonl\n`);
  });
});

describe('run all', () => {
  it('a test file that does not load is reported and the run is not green (it never looks like "0 red")', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST.replace('toBe(120)', 'toBe(100)'), 'src/price.ts': PRICE_SRC, 'src/broken.test.ts': 'import { it } from "vitest";\nit("x", () => { (\n' });
    const r = await kernel(repo, ['run', '--json']);
    expect(r.exitCode).toBe(2);
    const out = RunOutputSchema.parse(JSON.parse(r.stdout));
    expect(out.green).toBe(false);
    expect(out.results.map((t) => [t.test_id, t.status])).toEqual([[PRICE_ID, 'pass']]);
    expect(Object.keys(out.file_errors)).toEqual(['src/broken.test.ts']);
    const text = await kernel(repo, ['run']);
    expect(text.stdout).toContain('error  src/broken.test.ts did not load (its tests never ran)');
    expect(text.stdout).toContain('1 green, 0 red, 1 test file(s) that did not load');
  });
});
