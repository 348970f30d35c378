// tdd-kernel's gate in the real Codex CLI (issue #12, point 6), the same proofs as
// claude-code-gate.test.ts, with the hooks `tdd-kernel init codex` writes. Codex runs in code mode
// (gpt-5.6-*), the mode current models get; its hooks are trusted as Codex's own review would trust
// them, not bypassed. Codex's session id cannot be set beforehand, so `run` and `claim` go through
// the agent's shell (by absolute path: Codex's login shell resets PATH), which also proves point 8:
// the hook knows the session from its first event of any kind.

import { say, startScriptedModelServer, type ModelRequest, type ScriptedModelServer, type ScriptedTurn } from '@adlc/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCodex, type CodexToolMode } from '../src/codex.js';
import { trustCodexHooks } from '../src/codex-hook-trust.js';
import { codexPatchCall, codexShellCall, updateLinePatch } from '../src/codex-turns.js';
import { agentForTests } from '../src/ensure-agent.js';
import { eventTrail, FIX, FIXED, makeGateProject, ORIGINAL, RED_GREEN_TRAIL, resultOf, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';

const codex = await agentForTests('codex');
vi.setConfig({ testTimeout: 150_000 });
const RUN_TIMEOUT_MS = 120_000;
const MODE: CodexToolMode = 'code';

const line = (fix: string) => ORIGINAL.replace(FIX.old, fix).trimEnd();
const patchTo = (fix: string, id: string) => codexPatchCall(MODE, updateLinePatch(SOURCE, ORIGINAL.trimEnd(), line(fix)), id);
const shell = (cmd: string, id: string) => codexShellCall(MODE, cmd, id);
/** How Codex tells the model a PreToolUse hook refused the call (inside the exec result in code mode). */
const BLOCKED = 'Command blocked by PreToolUse hook: ';

let server: ScriptedModelServer;
let project: GateProject | undefined;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server?.close());
afterEach(() => {
  project?.cleanup();
  project = undefined;
  server.discardScript();
});

/** A gate project with `tdd-kernel init codex` run, and Codex's config trusting the hooks it wrote. */
async function gateProject(): Promise<{ p: GateProject; extraConfig: string }> {
  project = await makeGateProject('codex');
  const { hooks, extraConfig } = await trustCodexHooks(codex!.binary, { cwd: project.repo.dir, home: project.home, modelUrl: server.url, mode: MODE });
  const events = hooks.map((h) => h.eventName);
  expect(events).toEqual(expect.arrayContaining(['preToolUse', 'stop']));
  expect(hooks.every((h) => h.trustStatus === 'untrusted' && h.sourcePath.endsWith('.codex/hooks.json'))).toBe(true);
  return { p: project, extraConfig };
}

async function agentRun(p: GateProject, extraConfig: string, steps: ScriptedTurn[]): Promise<ModelRequest[]> {
  const from = server.requests.length;
  const overruns = server.overruns;
  server.script(...steps);
  const result = await runCodex(codex!.binary, {
    cwd: p.repo.dir,
    prompt: 'Make the price test pass.',
    modelUrl: server.url,
    home: p.home,
    mode: MODE,
    bypassHookTrust: false,
    extraConfig,
    env: { PATH: p.path },
    timeoutMs: RUN_TIMEOUT_MS,
  });
  expect(result, result.stderr).toMatchObject({ exitCode: 0, timedOut: false });
  expect({ remaining: server.remaining, overruns: server.overruns - overruns }).toEqual({ remaining: 0, overruns: 0 });
  return server.requests.slice(from).filter((r) => r.step !== null);
}

describe.skipIf(!codex)('tdd-kernel in Codex (real binary, code mode, hooks from `tdd-kernel init codex`, trusted)', () => {
  it('with no claim, an apply_patch and a `sed -i` of the source are refused, the file stays byte-identical, and the model is told why', async () => {
    const { p, extraConfig } = await gateProject();
    const requests = await agentRun(p, extraConfig, [
      patchTo(FIX.right, 'call_patch'),
      shell(`sed -i 's/${FIX.old}/${FIX.right}/' ${SOURCE}`, 'call_sed'),
      say('Both were refused.'),
    ]);

    expect(p.source().equals(Buffer.from(ORIGINAL))).toBe(true);
    const refusals = p.events().filter((e) => e.type === 'edit_refused');
    expect(refusals.map((e) => [e.file, e.code])).toEqual([
      [SOURCE, 'no-red'],
      [SOURCE, 'no-red'],
    ]);
    for (const [callId, refusal] of [['call_patch', refusals[0]!], ['call_sed', refusals[1]!]] as const) {
      const result = resultOf(requests, callId);
      expect(result?.output).toContain(BLOCKED);
      expect(result?.output).toContain(refusal.reason);
    }
    expect(eventTrail(p.events())).toEqual([`edit_refused ${SOURCE}`, `edit_refused ${SOURCE}`]);
  });

  it('after `tdd-kernel run` (red) and `claim` through the shell the same patch goes through; a turn that ends still red is reverted and made to continue', async () => {
    const { p, extraConfig } = await gateProject();
    const requests = await agentRun(p, extraConfig, [
      shell(`${p.bin} run '${TEST_ID}'`, 'call_run'),
      shell(`${p.bin} claim '${TEST_ID}' ${SOURCE}`, 'call_claim'),
      patchTo(FIX.wrong, 'call_wrong'),
      say('Done.'),
      // The Stop hook flushed (red), reverted and blocked: the model goes on.
      patchTo(FIX.right, 'call_right'),
      say('Fixed.'),
    ]);

    expect(resultOf(requests, 'call_run')?.output).toContain(`red (assertion)  ${TEST_ID}`);
    expect(resultOf(requests, 'call_claim')?.output).toContain(`claimed: ${TEST_ID} -> ${SOURCE}`);
    expect(resultOf(requests, 'call_wrong')?.output).toMatch(/^Script completed/);
    // The Stop block reaches the model as the last user message of the request after "Done.", and not before.
    const prompts = (r: ModelRequest) => r.userTexts.filter((t) => t.includes('<hook_prompt'));
    expect(requests.slice(0, 4).flatMap(prompts)).toEqual([]);
    expect(requests[4]!.userTexts.at(-1)).toContain('<hook_prompt');
    expect(requests[4]!.userTexts.at(-1)).toContain(`reverted: ${SOURCE} restored to its content before this turn, because ${TEST_ID} did not pass`);
    expect(resultOf(requests, 'call_right')?.output).toMatch(/^Script completed/);
    expect(p.source().toString()).toBe(FIXED);

    const events = p.events();
    expect(eventTrail(events)).toEqual(RED_GREEN_TRAIL);
    // One session throughout: the claim made through the shell is the agent's (point 8).
    expect(new Set(events.map((e) => e.session_id)).size).toBe(1);
    expect(events[0]!.session_id).toEqual(expect.any(String));
  });
});
