// The real Claude Code binary, headless, against the scripted model: its hooks see every tool call
// and the end of the turn, its tool results reach the model, and the deny answers it honours.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, say } from '@adlc/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runClaudeCode } from '../src/claude-code.js';
import { agentForTests } from '../src/ensure-agent.js';
import { denyAnswer, hookSequence, stopBlockAnswer, type HookRule } from '../src/hook-recorder.js';
import { payloadAndFixture } from '../src/payload-fixtures.js';
import { requestText, startScenario, type Scenario } from './support/scenario.js';

const claude = await agentForTests('claude-code');
// One agent run takes 5 to 30 seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });
const CONTENT = 'export const greeting = "hello";\n';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

async function run(rules: HookRule[] = []) {
  scenario = await startScenario({ hooksFile: '.claude/settings.json', rules });
  return scenario;
}

async function runAgent(s: Scenario) {
  const prompt = 'Write src/greeting.ts, then show it.';
  const result = await runClaudeCode(claude!.binary, { cwd: s.repo.dir, prompt, modelUrl: s.server.url, home: s.home });
  expect(result, result.stderr).toMatchObject({ exitCode: 0, timedOut: false });
  return result;
}

describe.skipIf(!claude)('Claude Code (real binary, offline)', () => {
  it('writes with Write, runs Bash, ends the turn; hooks see each call and the end, the model sees each result', async () => {
    const s = await run();
    const file = join(s.repo.dir, 'src/greeting.ts');
    s.server.script(
      callTool('Write', { file_path: file, content: CONTENT }, { id: 'toolu_write' }),
      callTool('Bash', { command: 'cat src/greeting.ts', description: 'Show the file' }, { id: 'toolu_bash' }),
      say('Done.'),
    );
    await runAgent(s);

    expect(s.repo.read('src/greeting.ts')).toBe(CONTENT);
    expect(hookSequence(s.hook.payloads())).toEqual([
      ['PreToolUse', 'Write'],
      ['PostToolUse', 'Write'],
      ['PreToolUse', 'Bash'],
      ['PostToolUse', 'Bash'],
      ['Stop', ''],
    ]);
    const [afterWrite, afterBash] = s.server.scriptedRequests().slice(1);
    expect(afterWrite!.toolResults).toEqual([{ callId: 'toolu_write', output: expect.stringContaining('File created successfully') }]);
    expect(afterBash!.toolResults.at(-1)).toEqual({ callId: 'toolu_bash', output: CONTENT.trimEnd(), isError: false });
    expect(s.server).toMatchObject({ remaining: 0, overruns: 0 });
    expect(s.server.requests.every((r) => r.api === 'anthropic-messages' && r.body.stream === true)).toBe(true);

    for (const payload of s.hook.payloads()) {
      const { actual, fixture } = payloadAndFixture('claude-code', payload, s.scrub);
      expect(actual).toEqual(fixture);
    }
  });

  it('honours a PreToolUse deny (exit 0, hookSpecificOutput JSON) and a Stop block ({"decision":"block"})', async () => {
    const s = await run([
      { event: 'PreToolUse', tool: '^Write$', stdout: denyAnswer('DENY-REASON: no red test') },
      { event: 'Stop', stopHookActive: false, stdout: stopBlockAnswer('STOP-REASON: run the tests') },
    ]);
    s.server.script(
      callTool('Write', { file_path: join(s.repo.dir, 'src/greeting.ts'), content: CONTENT }, { id: 'toolu_write' }),
      say('Stopping.'),
      say('Stopping again.'),
    );
    await runAgent(s);

    expect(existsSync(join(s.repo.dir, 'src/greeting.ts'))).toBe(false);
    expect(s.server.scriptedRequests()[1]!.toolResults).toEqual([
      { callId: 'toolu_write', output: expect.stringContaining('DENY-REASON: no red test'), isError: true },
    ]);
    expect(requestText(s.server, 2)).toContain('STOP-REASON: run the tests');
    expect(hookSequence(s.hook.payloads())).toEqual([['PreToolUse', 'Write'], ['Stop', ''], ['Stop', '']]);
    expect(s.hook.payloads().map((p) => p.stop_hook_active)).toEqual([undefined, false, true]);
    expect(s.server).toMatchObject({ remaining: 0, overruns: 0 });
  });

  it('honours a PreToolUse deny by exit code 2, with the reason on stderr', async () => {
    const s = await run([{ event: 'PreToolUse', tool: '^Write$', stderr: 'EXIT2-REASON: no red test', exitCode: 2 }]);
    s.server.script(callTool('Write', { file_path: join(s.repo.dir, 'src/greeting.ts'), content: CONTENT }, { id: 'toolu_write' }), say('Ok.'));
    await runAgent(s);

    expect(existsSync(join(s.repo.dir, 'src/greeting.ts'))).toBe(false);
    expect(s.server.scriptedRequests()[1]!.toolResults).toEqual([
      { callId: 'toolu_write', output: expect.stringContaining('EXIT2-REASON: no red test'), isError: true },
    ]);
  });
});
