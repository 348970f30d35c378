// tdd-kernel's gate in the real Codex CLI (issue #12, point 6), the same proofs as
// claude-code-gate.test.ts, with the hooks `tdd-kernel init codex` writes. Codex runs in code mode
// (gpt-5.6-*), the mode current models get; its hooks are trusted as Codex's own review would trust
// them, not bypassed. Codex's session id cannot be set beforehand, so `run` and `claim` go through
// the agent's shell (by absolute path: Codex's login shell resets PATH), which also proves point 8:
// the hook knows the session from its first event of any kind.

import { say, type ModelRequest } from '@adlc/testkit';
import { describe, expect, it, vi } from 'vitest';
import { runCodex, type CodexToolMode } from '../src/codex.js';
import { trustCodexHooks } from '../src/codex-hook-trust.js';
import { codexPatchCall, codexShellCall, updateLinePatch } from '../src/codex-turns.js';
import { agentForTests } from '../src/ensure-agent.js';
import { eventTrail, expectRefusedWithReasons, FIX, FIXED, ORIGINAL, RED_GREEN_TRAIL, resultOf, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';
import { gateSuite } from './support/gate-suite.js';

const codex = await agentForTests('codex');
vi.setConfig({ testTimeout: 150_000 });
const MODE: CodexToolMode = 'code';

const line = (fix: string) => ORIGINAL.replace(FIX.old, fix).trimEnd();
const patchTo = (fix: string, id: string) => codexPatchCall(MODE, updateLinePatch(SOURCE, ORIGINAL.trimEnd(), line(fix)), id);
const shell = (cmd: string, id: string) => codexShellCall(MODE, cmd, id);
/** How Codex tells the model a PreToolUse hook refused the call (inside the exec result in code mode). */
const BLOCKED = 'Command blocked by PreToolUse hook: ';

/** Codex's config trusting the hooks `tdd-kernel init codex` wrote in `p`, as its own review would (the hooks were untrusted before). */
async function trustHooks(p: GateProject, modelUrl: string): Promise<string> {
  const { hooks, extraConfig } = await trustCodexHooks(codex!.binary, { cwd: p.repo.dir, home: p.home, modelUrl, mode: MODE });
  const events = hooks.map((h) => h.eventName);
  expect(events).toEqual(expect.arrayContaining(['preToolUse', 'stop']));
  expect(hooks.every((h) => h.trustStatus === 'untrusted' && h.sourcePath.endsWith('.codex/hooks.json'))).toBe(true);
  return extraConfig;
}

// Codex's session id cannot be set beforehand: the suite never passes one.
const suite = gateSuite('codex', (options, extraConfig) => runCodex(codex!.binary, { ...options, mode: MODE, bypassHookTrust: false, extraConfig }), trustHooks);

describe.skipIf(!codex)('tdd-kernel in Codex (real binary, code mode, hooks from `tdd-kernel init codex`, trusted)', () => {
  it('with no claim, an apply_patch and a `sed -i` of the source are refused, the file stays byte-identical, and the model is told why', async () => {
    const p = await suite.project();
    const { requests } = await suite.run(p, [
      patchTo(FIX.right, 'call_patch'),
      shell(`sed -i 's/${FIX.old}/${FIX.right}/' ${SOURCE}`, 'call_sed'),
      say('Both were refused.'),
    ]);

    // The kernel's reason, word for word, follows Codex's own words in the exec result of each call.
    expectRefusedWithReasons(p, requests, [
      ['call_patch', 'apply_patch'],
      ['call_sed', 'Bash'],
    ], (callId, text) => ({ callId, output: expect.stringContaining(`${BLOCKED}${text}`) }));
    expect(eventTrail(p.events())).toEqual([`edit_refused ${SOURCE}`, `edit_refused ${SOURCE}`]);
  });

  it('after `tdd-kernel run` (red) and `claim` through the shell the same patch goes through; a turn that ends still red is reverted and made to continue', async () => {
    const p = await suite.project();
    const { requests } = await suite.run(p, [
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
