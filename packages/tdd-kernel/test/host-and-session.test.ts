// Issue #12 points 3, 8 and 9 through the built CLI: `hook claude-code` also runs in Copilot, VS Code and
// Cursor (they read .claude/settings.json) and must answer each in its own contract; and the session is
// known from the first hook event of any kind, so a claim run through the agent's shell lands in it.

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { HookDenySchema } from '../src/index.js';
import { kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('hook claude-code answers the host that runs it (point 9)', () => {
  it('a Cursor-shaped preToolUse is refused in Cursor\'s contract, not let through with no output', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    const payload = { hook_event_name: 'preToolUse', conversation_id: 'c1', generation_id: 'g1', workspace_roots: [repo.dir], tool_name: 'Write', tool_input: { file_path: path.join(repo.dir, 'src/price.ts'), contents: 'x' } };
    const r = await kernel(repo, ['hook', 'claude-code'], JSON.stringify(payload));
    expect(r.exitCode).toBe(0);
    const answer = json(r.stdout);
    expect(answer).toMatchObject({ permission: 'deny' });
    expect(answer.agent_message).toContain('no red test for src/price.ts');
    expect(answer.user_message).toContain('src/price.ts');
  });

  it('a Copilot-shaped preToolUse (camelCase, toolArgs a JSON string) gets Copilot\'s flat deny', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    const payload = { sessionId: 's1', timestamp: 1_700_000_000_000, cwd: repo.dir, toolName: 'edit', toolArgs: JSON.stringify({ path: 'src/price.ts', old_str: 'n;', new_str: 'n * 2;' }) };
    const r = await kernel(repo, ['hook', 'claude-code'], JSON.stringify(payload));
    expect(r.exitCode).toBe(0);
    const answer = json(r.stdout);
    expect(Object.keys(answer).sort()).toEqual(['permissionDecision', 'permissionDecisionReason']);
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toContain('no red test for src/price.ts');
  });

  it('a VS Code tool in a Claude-shaped payload is gated by its own path field', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    const payload = { hook_event_name: 'PreToolUse', session_id: 's1', cwd: repo.dir, tool_name: 'replace_string_in_file', tool_input: { filePath: path.join(repo.dir, 'src/price.ts'), oldString: 'n;', newString: 'n * 2;' } };
    const r = await kernel(repo, ['hook', 'claude-code'], JSON.stringify(payload));
    expect(HookDenySchema.parse(json(r.stdout)).hookSpecificOutput.permissionDecisionReason).toContain('no red test for src/price.ts');
  });

  it('an unknown tool naming a path is refused with its name; a read-only tool is allowed', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    const event = (tool_name: string, tool_input: Record<string, unknown>) => JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's1', cwd: repo.dir, tool_name, tool_input });
    const unknown = await kernel(repo, ['hook', 'claude-code'], event('FrobnicateFile', { file_path: path.join(repo.dir, 'src/price.ts') }));
    expect(HookDenySchema.parse(json(unknown.stdout)).hookSpecificOutput.permissionDecisionReason).toContain('FrobnicateFile');
    const read = await kernel(repo, ['hook', 'claude-code'], event('Read', { file_path: path.join(repo.dir, 'src/price.ts') }));
    expect(read).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('the session is known from the first hook event (point 8)', () => {
  it('a claim run through Bash before the first edit lands in the agent\'s session', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    const claimCommand = `tdd-kernel claim '${PRICE_ID}' src/price.ts`;
    // The agent's first hook event is the PreToolUse of the Bash call that runs the claim.
    const bash = await kernel(repo, ['hook', 'claude-code'], JSON.stringify({ session_id: 'agent-1', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: claimCommand } }));
    expect(bash).toMatchObject({ exitCode: 0, stdout: '' });
    expect((await kernel(repo, ['claim', PRICE_ID, 'src/price.ts'])).exitCode).toBe(0);
    const edit = await kernel(repo, ['hook', 'claude-code'], JSON.stringify({ session_id: 'agent-1', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(repo.dir, 'src/price.ts'), old_string: 'n;', new_string: 'n * 1.2;' } }));
    expect(edit).toMatchObject({ exitCode: 0, stdout: '' });
  });
});
