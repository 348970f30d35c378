// The Claude Code hook through the built CLI, with the real event field names: PreToolUse (Edit, Write,
// MultiEdit, Bash side doors, MCP), PostToolUse, Stop, fail-closed errors, and init.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { HookDenySchema, HookStopBlockSchema, InitOutputSchema } from '../src/index.js';
import { kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const SESSION = 'sess-1';
function pre(r: TempRepo, tool_name: string, tool_input: Record<string, unknown>, session = SESSION) {
  return kernel(r, ['hook', 'claude-code'], JSON.stringify({ session_id: session, transcript_path: '/x', cwd: r.dir, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name, tool_input }));
}
function denyReason(stdout: string): string {
  return HookDenySchema.parse(JSON.parse(stdout)).hookSpecificOutput.permissionDecisionReason;
}

describe('claude-code hook', () => {
  it('PreToolUse: deny with the exact JSON, allow with nothing; Post; Stop blocks after a revert', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const abs = path.join(repo.dir, 'src/price.ts');

    const denied = await pre(repo, 'Edit', { file_path: abs, old_string: 'n;', new_string: 'n * 1.2;' });
    expect(denied.exitCode).toBe(0);
    expect(denyReason(denied.stdout)).toContain('no red test for src/price.ts');

    // The agent runs and claims through Bash without a session variable: the hook's session is used.
    await kernel(repo, ['run', PRICE_ID]);
    expect((await kernel(repo, ['claim', PRICE_ID, 'src/price.ts'])).exitCode).toBe(0);

    const allowed = await pre(repo, 'Edit', { file_path: abs, old_string: 'n;', new_string: 'n + 1;' });
    expect(allowed).toMatchObject({ exitCode: 0, stdout: '' });
    writeFileSync(abs, 'export const price = (n: number) => n + 1;\n');
    const post = await kernel(repo, ['hook', 'claude-code'], JSON.stringify({ session_id: SESSION, cwd: repo.dir, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: abs }, tool_response: { success: true } }));
    expect(post).toMatchObject({ exitCode: 0, stdout: '' });

    const stop = await kernel(repo, ['hook', 'claude-code'], JSON.stringify({ session_id: SESSION, cwd: repo.dir, hook_event_name: 'Stop', stop_hook_active: false }));
    expect(stop.exitCode).toBe(0);
    const block = HookStopBlockSchema.parse(JSON.parse(stop.stdout));
    expect(block.reason).toContain('reverted: src/price.ts');
    expect(readFileSync(abs, 'utf8')).toBe(PRICE_SRC);

    // A repeated stop with nothing buffered lets the agent stop.
    const again = await kernel(repo, ['hook', 'claude-code'], JSON.stringify({ session_id: SESSION, cwd: repo.dir, hook_event_name: 'Stop', stop_hook_active: true }));
    expect(again).toMatchObject({ exitCode: 0, stdout: '' });

    // Another session does not inherit the claim.
    const other = await pre(repo, 'Write', { file_path: abs, content: 'x' }, 'sess-2');
    expect(denyReason(other.stdout)).toContain('another session');
  });

  it('Bash side doors: sed -i and redirects onto a source file are gated; tests and temp files are not', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const sed = await pre(repo, 'Bash', { command: "sed -i 's/n;/n * 1.2;/' src/price.ts", description: 'fix' });
    expect(denyReason(sed.stdout)).toContain('src/price.ts');
    const redirect = await pre(repo, 'Bash', { command: 'echo "export {}" > src/new.ts' });
    expect(denyReason(redirect.stdout)).toContain('src/new.ts');
    const log = await pre(repo, 'Bash', { command: 'echo "{}" >> .tdd-kernel/events.jsonl' });
    expect(denyReason(log.stdout)).toContain('belongs to tdd-kernel');
    const refactor = await pre(repo, 'Bash', { command: 'npx tdd-kernel refactor on' });
    expect(denyReason(refactor.stdout)).toContain("user's switch");
    for (const command of ['npm test 2>&1 | tail -20', 'echo x > /tmp/notes.txt', "sed -i 's/a/b/' src/price.test.ts", 'ls >/dev/null']) {
      expect(await pre(repo, 'Bash', { command }), command).toMatchObject({ exitCode: 0, stdout: '' });
    }
    const mcp = await pre(repo, 'mcp__fs__write_file', { path: path.join(repo.dir, 'src/price.ts'), content: 'x' });
    expect(denyReason(mcp.stdout)).toContain('src/price.ts');
  });

  it('weakening the claimed test is refused while the claim is open', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    await kernel(repo, ['claim', PRICE_ID, 'src/price.ts'], undefined, { TDD_KERNEL_SESSION: SESSION });
    const testAbs = path.join(repo.dir, 'src/price.test.ts');
    const skip = await pre(repo, 'Edit', { file_path: testAbs, old_string: "it('adds tax'", new_string: "it.skip('adds tax'" });
    expect(denyReason(skip.stdout)).toContain('weakens the claimed test');
    const strip = await pre(repo, 'MultiEdit', { file_path: testAbs, edits: [{ old_string: '    expect(price(100)).toBe(120);\n', new_string: '' }] });
    expect(denyReason(strip.stdout)).toContain('assertions');
    const rewrite = await pre(repo, 'Write', { file_path: testAbs, content: "import { it } from 'vitest';\nit('other', () => {});\n" });
    expect(denyReason(rewrite.stdout)).toContain('is gone');
    const addTest = await pre(repo, 'Edit', { file_path: testAbs, old_string: '});\n});', new_string: "});\n  it('more', () => { expect(1).toBe(1); });\n});" });
    expect(addTest).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('refactor mode refuses an edit that lowers the test count', async () => {
    const green = "import { it, expect } from 'vitest';\nit('a', () => { expect(1).toBe(1); });\nit('b', () => { expect(2).toBe(2); });\n";
    repo = makeProject('vitest', { 'src/x.test.ts': green, 'src/x.ts': 'export {};\n' });
    expect((await kernel(repo, ['refactor', 'on'])).exitCode).toBe(0);
    expect(await pre(repo, 'Write', { file_path: path.join(repo.dir, 'src/x.ts'), content: 'export const y = 1;\n' })).toMatchObject({ exitCode: 0, stdout: '' });
    const drop = await pre(repo, 'Write', { file_path: path.join(repo.dir, 'src/x.test.ts'), content: "import { it, expect } from 'vitest';\nit('a', () => { expect(1).toBe(1); });\n" });
    expect(denyReason(drop.stdout)).toContain('from 2 to 1');
    // Nor through Bash: deleting or moving a test file away, or rewriting it where the count cannot be checked.
    for (const command of ['rm src/x.test.ts', 'git rm -q src/x.test.ts', 'mv src/x.test.ts src/x.old.ts', 'git mv src/x.test.ts src/y.ts', "sed -i '/b/d' src/x.test.ts"]) {
      expect(denyReason((await pre(repo, 'Bash', { command })).stdout), command).toMatch(/may not lose tests|from 2 to 0|only be changed with Edit\/Write/);
    }
    expect(await pre(repo, 'Bash', { command: 'rm src/x.ts' })).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('refactor mode counts Go tests too: deleting a func TestX(t *testing.T) is refused', async () => {
    const go = 'package x\n\nimport "testing"\n\nfunc TestMain(m *testing.M) { m.Run() }\n\nfunc TestA(t *testing.T) {}\n\nfunc TestB(t *testing.T) {\n\tt.Fatal("b")\n}\n';
    repo = makeProject('none', { 'x_test.go': go, 'x.go': 'package x\n', '.tdd-kernel/events.jsonl': `${JSON.stringify({ type: 'refactor_on', test_count: 2, ts: 1 })}\n` });
    const file_path = path.join(repo.dir, 'x_test.go');
    const drop = await pre(repo, 'Write', { file_path, content: go.slice(0, go.indexOf('func TestB')) });
    expect(denyReason(drop.stdout)).toContain('in refactor mode a test file may not lose tests: x_test.go would go from 2 to 1');
    const rename = await pre(repo, 'Edit', { file_path, old_string: 'func TestB(', new_string: 'func TestRenamed(' });
    expect(rename).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('fails closed: an internal error denies with the error and exits 0; a write tool without a path is denied', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    mkdirSync(path.join(repo.dir, 'logdir'));
    const broken = await kernel(repo, ['hook', 'claude-code', '--log', 'logdir'], JSON.stringify({ session_id: SESSION, cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(repo.dir, 'src/a.test.ts'), content: '' } }));
    expect(broken.exitCode).toBe(0);
    expect(denyReason(broken.stdout)).toContain('internal error');
    const garbage = await kernel(repo, ['hook', 'claude-code'], 'not json');
    expect(garbage.exitCode).toBe(0);
    expect(denyReason(garbage.stdout)).toContain('could not read the hook event');
    const noPath = await pre(repo, 'Write', { content: 'x' });
    expect(denyReason(noPath.stdout)).toContain('without a file path');
  });

  it('init claude-code merges into existing settings without clobbering, idempotently', async () => {
    repo = makeProject('none', {
      '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-guard' }] }] } }),
    });
    for (let i = 0; i < 2; i++) {
      const out = await kernel(repo, ['init', 'claude-code', '--json']);
      expect(out.exitCode).toBe(0);
      expect(InitOutputSchema.parse(JSON.parse(out.stdout)).replaced).toBe(i === 0 ? 0 : 3);
    }
    const settings = JSON.parse(repo.read('.claude/settings.json'));
    expect(settings.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(settings.hooks.PreToolUse).toHaveLength(2);
    expect(settings.hooks.PreToolUse[0]).toEqual({ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-guard' }] });
    expect(settings.hooks.PreToolUse[1].hooks[0]).toMatchObject({ type: 'command', timeout: 30 });
    expect(settings.hooks.PreToolUse[1].hooks[0].command).toContain('hook claude-code');
    expect(settings.hooks.Stop).toHaveLength(1);
    expect(settings.hooks.Stop[0].hooks[0].timeout).toBe(900);
  });
});
