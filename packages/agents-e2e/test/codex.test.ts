// The real Codex CLI, headless (`codex exec`), against the scripted model, in both of its tool
// modes: direct tool calls (apply_patch, exec_command) and code mode (one `exec` tool whose script
// calls tools.apply_patch / tools.exec_command). Hooks see apply_patch and Bash either way.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { say } from '@adlc/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODEX_MODELS, runCodex, type CodexToolMode } from '../src/codex.js';
import { trustCodexHooks } from '../src/codex-hook-trust.js';
import { codexPatchCall, codexShellCall } from '../src/codex-turns.js';
import { agentForTests } from '../src/ensure-agent.js';
import { denyAnswer, hookSequence, stopBlockAnswer, type HookRule } from '../src/hook-recorder.js';
import { payloadAndFixture } from '../src/payload-fixtures.js';
import { requestText, startScenario, type Scenario } from './support/scenario.js';

const codex = await agentForTests('codex');
// One agent run takes 5 to 30 seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });
const CONTENT = 'export const greeting = "hello";';
const PATCH = `*** Begin Patch\n*** Add File: src/greeting.ts\n+${CONTENT}\n*** End Patch\n`;

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

async function run(rules: HookRule[] = []) {
  scenario = await startScenario({ hooksFile: '.codex/hooks.json', rules });
  return scenario;
}

async function runAgent(s: Scenario, mode: CodexToolMode) {
  const prompt = 'Write src/greeting.ts, then show it.';
  const result = await runCodex(codex!.binary, { cwd: s.repo.dir, prompt, modelUrl: s.server.url, home: s.home, mode });
  expect(result, result.stderr).toMatchObject({ exitCode: 0, timedOut: false });
  return result;
}

/** The tools Codex declared in its first request: in `tools`, or in an `additional_tools` input item. */
function declaredTools(s: Scenario): string[] {
  const body = s.server.scriptedRequests()[0]!.body;
  const names = (tools: unknown): string[] =>
    Array.isArray(tools)
      ? tools.flatMap((t: Record<string, unknown>) => (t.type === 'namespace' ? names(t.tools) : [String(t.name ?? t.type)]))
      : [];
  const extra = Array.isArray(body.input) ? body.input.filter((item: Record<string, unknown>) => item.type === 'additional_tools') : [];
  return [...names(body.tools), ...extra.flatMap((item: Record<string, unknown>) => names(item.tools))];
}

describe.skipIf(!codex)('Codex CLI (real binary, offline)', () => {
  it.each(['direct', 'code'] as const)(
    '%s mode: apply_patch writes, Bash runs, the turn ends; hooks see each call and the end, the model sees each result',
    async (mode) => {
      const s = await run();
      s.server.script(codexPatchCall(mode, PATCH, 'call_patch'), codexShellCall(mode, 'cat src/greeting.ts', 'call_shell'), say('Done.'));
      await runAgent(s, mode);

      expect(s.server.scriptedRequests()[0]!.body.model).toBe(CODEX_MODELS[mode]);
      const tools = declaredTools(s);
      if (mode === 'direct') expect(tools).toEqual(expect.arrayContaining(['apply_patch', 'exec_command']));
      else expect(tools).toEqual(expect.arrayContaining(['exec', 'wait']));
      if (mode === 'code') expect(tools).not.toContain('apply_patch');

      expect(s.repo.read('src/greeting.ts')).toBe(`${CONTENT}\n`);
      expect(hookSequence(s.hook.payloads())).toEqual([
        ['PreToolUse', 'apply_patch'],
        ['PostToolUse', 'apply_patch'],
        ['PreToolUse', 'Bash'],
        ['PostToolUse', 'Bash'],
        ['Stop', ''],
      ]);
      expect(s.hook.payloads()[0]!.tool_input).toEqual({ command: PATCH });
      expect(s.hook.payloads()[2]!.tool_input).toEqual({ command: 'cat src/greeting.ts' });
      const [afterPatch, afterShell] = s.server.scriptedRequests().slice(1);
      expect(afterPatch!.toolResults).toEqual([{ callId: 'call_patch', output: expect.stringMatching(/Success|Script completed/) }]);
      expect(afterShell!.toolResults.at(-1)).toEqual({ callId: 'call_shell', output: expect.stringContaining(CONTENT) });
      expect(s.server).toMatchObject({ remaining: 0, overruns: 0 });
      expect(s.server.requests.every((r) => r.api === 'openai-responses' && r.body.stream === true)).toBe(true);

      // Both modes give hooks the same payloads; only the model's name (and the ids) differ.
      for (const payload of s.hook.payloads()) {
        const { actual, fixture } = payloadAndFixture('codex', payload, { ...s.scrub, fields: { model: '<model>' } });
        expect(actual).toEqual(fixture);
      }
    },
  );

  it.each(['direct', 'code'] as const)(
    '%s mode: honours a PreToolUse deny (exit 0, hookSpecificOutput JSON) and a Stop block ({"decision":"block"})',
    async (mode) => {
      const s = await run([
        { event: 'PreToolUse', tool: '^apply_patch$', stdout: denyAnswer('DENY-REASON: no red test') },
        { event: 'Stop', stopHookActive: false, stdout: stopBlockAnswer('STOP-REASON: run the tests') },
      ]);
      s.server.script(codexPatchCall(mode, PATCH, 'call_patch'), say('Stopping.'), say('Stopping again.'));
      await runAgent(s, mode);

      expect(existsSync(join(s.repo.dir, 'src/greeting.ts'))).toBe(false);
      expect(s.server.scriptedRequests()[1]!.toolResults).toEqual([
        { callId: 'call_patch', output: expect.stringContaining('DENY-REASON: no red test') },
      ]);
      expect(requestText(s.server, 2)).toContain('STOP-REASON: run the tests');
      expect(hookSequence(s.hook.payloads())).toEqual([['PreToolUse', 'apply_patch'], ['Stop', ''], ['Stop', '']]);
      expect(s.hook.payloads().map((p) => p.stop_hook_active)).toEqual([undefined, false, true]);
      expect(s.server).toMatchObject({ remaining: 0, overruns: 0 });
    },
  );

  it('honours a PreToolUse deny by exit code 2, with the reason on stderr', async () => {
    const s = await run([{ event: 'PreToolUse', tool: '^apply_patch$', stderr: 'EXIT2-REASON: no red test', exitCode: 2 }]);
    s.server.script(codexPatchCall('direct', PATCH, 'call_patch'), say('Ok.'));
    await runAgent(s, 'direct');

    expect(existsSync(join(s.repo.dir, 'src/greeting.ts'))).toBe(false);
    expect(s.server.scriptedRequests()[1]!.toolResults).toEqual([
      { callId: 'call_patch', output: expect.stringContaining('EXIT2-REASON: no red test') },
    ]);
  });

  it('skips repo hooks silently when their trust is not bypassed (and not stored)', async () => {
    const s = await run([{ event: 'PreToolUse', tool: '^apply_patch$', stderr: 'EXIT2-REASON: no red test', exitCode: 2 }]);
    s.server.script(codexPatchCall('direct', PATCH, 'call_patch'), say('Ok.'));
    const result = await runCodex(codex!.binary, {
      cwd: s.repo.dir,
      prompt: 'Write it.',
      modelUrl: s.server.url,
      home: s.home,
      mode: 'direct',
      bypassHookTrust: false,
    });

    expect(result.exitCode).toBe(0);
    expect(s.hook.payloads()).toEqual([]);
    expect(s.repo.read('src/greeting.ts')).toBe(`${CONTENT}\n`);
  });

  it('runs repo hooks without the bypass once config.toml trusts the hashes `codex app-server` reports', async () => {
    const s = await run([{ event: 'PreToolUse', tool: '^apply_patch$', stderr: 'EXIT2-REASON: no red test', exitCode: 2 }]);
    s.server.script(codexPatchCall('direct', PATCH, 'call_patch'), say('Ok.'));
    const { hooks, extraConfig } = await trustCodexHooks(codex!.binary, { cwd: s.repo.dir, modelUrl: s.server.url, home: s.home, mode: 'direct' });
    expect(hooks.map((h) => [h.key, h.trustStatus])).toEqual([
      [`${s.repo.dir}/.codex/hooks.json:pre_tool_use:0:0`, 'untrusted'],
      [`${s.repo.dir}/.codex/hooks.json:post_tool_use:0:0`, 'untrusted'],
      [`${s.repo.dir}/.codex/hooks.json:stop:0:0`, 'untrusted'],
    ]);
    const result = await runCodex(codex!.binary, {
      cwd: s.repo.dir,
      prompt: 'Write it.',
      modelUrl: s.server.url,
      home: s.home,
      mode: 'direct',
      bypassHookTrust: false,
      extraConfig,
    });

    expect(result.exitCode).toBe(0);
    expect(hookSequence(s.hook.payloads())).toEqual([['PreToolUse', 'apply_patch'], ['Stop', '']]);
    expect(existsSync(join(s.repo.dir, 'src/greeting.ts'))).toBe(false);
  });
});
