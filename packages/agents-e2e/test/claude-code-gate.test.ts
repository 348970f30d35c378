// tdd-kernel's gate in the real Claude Code binary (issue #12, point 6): the hooks come from
// `tdd-kernel init claude-code`, the tests from node's own runner, the model is scripted. What the
// agent does, the hooks decide; what the model is told comes back in the next request it receives.

import { randomUUID } from 'node:crypto';
import { callTool, say } from '@adlc/testkit';
import { describe, expect, it, vi } from 'vitest';
import { runClaudeCode } from '../src/claude-code.js';
import { agentForTests } from '../src/ensure-agent.js';
import { eventTrail, expectRefusedWithReasons, expectRevertedThenGreen, FIX, FIXED, ORIGINAL, resultOf, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';
import { gateSuite } from './support/gate-suite.js';

const claude = await agentForTests('claude-code');
// A run with a red test run and a flush or two takes 15 to 40 seconds on a loaded machine.
vi.setConfig({ testTimeout: 150_000 });
const suite = gateSuite('claude-code', (options) => runClaudeCode(claude!.binary, options));

const read = (p: GateProject, id: string) => callTool('Read', { file_path: p.sourceAbs }, { id });
const edit = (p: GateProject, to: string, id: string) => callTool('Edit', { file_path: p.sourceAbs, old_string: FIX.old, new_string: to }, { id });
const bash = (command: string, id: string) => callTool('Bash', { command }, { id });

describe.skipIf(!claude)('tdd-kernel in Claude Code (real binary, hooks from `tdd-kernel init claude-code`)', () => {
  it('with no claim, an Edit and a `sed -i` of the source are refused, the file stays byte-identical, and the model is told why', async () => {
    const p = await suite.project();
    expect(p.init.stdout).toContain('.claude/settings.json');
    const { requests } = await suite.run(p, [
      read(p, 'toolu_read'),
      edit(p, FIX.right, 'toolu_edit'),
      bash(`sed -i 's/${FIX.old}/${FIX.right}/' ${SOURCE}`, 'toolu_sed'),
      say('Both were refused.'),
    ]);

    // The kernel's reason, word for word, is the error the model gets for each call.
    expectRefusedWithReasons(p, requests, [
      ['toolu_edit', 'Edit'],
      ['toolu_sed', 'Bash'],
    ], (callId, text) => ({ callId, output: expect.stringContaining(text), isError: true }));
    expect(eventTrail(p.events())).toEqual([`edit_refused ${SOURCE}`, `edit_refused ${SOURCE}`]);
  });

  it('after a red run and a claim the same edit goes through; a turn that ends with the claimed test still red is reverted and made to continue', async () => {
    const p = await suite.project();
    // run and claim in the agent's session, from outside (point 8 keeps the agent's own Bash out of this test).
    const sessionId = randomUUID();
    expect((await p.kernel(['run', TEST_ID], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(2);
    expect((await p.kernel(['claim', TEST_ID, SOURCE], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(0);
    const { requests } = await suite.run(
      p,
      [
        read(p, 'toolu_read_1'),
        edit(p, FIX.wrong, 'toolu_wrong'),
        say('Done.'),
        // The Stop hook flushed (red), reverted and blocked: the model goes on.
        read(p, 'toolu_read_2'),
        edit(p, FIX.right, 'toolu_right'),
        say('Fixed.'),
      ],
      sessionId,
    );

    // The Stop block reaches the model as the last user message of the request after "Done.", and not
    // before; the claim survived one failed green: the edit refused without a claim goes through, and stays.
    const editedText = `${p.sourceAbs} has been updated successfully`;
    expectRevertedThenGreen(p, requests, sessionId, {
      editedText,
      wrong: 'toolu_wrong',
      readAfter: 'toolu_read_2',
      right: 'toolu_right',
      blockedAt: 3,
      feedback: 'Stop hook feedback:',
      // Claude Code's Read numbers the lines.
      readShows: expect.stringContaining(ORIGINAL.trimEnd()),
    });
    // A done edit is a plain result, not an error.
    for (const callId of ['toolu_wrong', 'toolu_right']) expect(resultOf(requests, callId)).toEqual({ callId, output: expect.stringContaining(editedText) });
  });

  // Point 8 of issue #12: the hook knows the session from its first event of any kind, so
  // `tdd-kernel run` and `claim` through the agent's own Bash, before any edit, are the agent's, and
  // the edit they allow goes through (before the fix, the claim had no session and the edit was
  // refused as made in another session).
  it('point 8: `tdd-kernel run` and `claim` through the agent\'s Bash before any edit belong to its session', async () => {
    const p = await suite.project();
    const { requests } = await suite.run(p, [
      bash(`tdd-kernel run '${TEST_ID}'`, 'toolu_run'),
      bash(`tdd-kernel claim '${TEST_ID}' ${SOURCE}`, 'toolu_claim'),
      read(p, 'toolu_read'),
      edit(p, FIX.right, 'toolu_edit'),
      say('Done.'),
    ]);

    expect(resultOf(requests, 'toolu_run')?.output).toContain(`red (assertion)  ${TEST_ID}`);
    expect(resultOf(requests, 'toolu_claim')).toMatchObject({ isError: false, output: `claimed: ${TEST_ID} -> ${SOURCE}` });
    const claim = p.events().find((e) => e.type === 'edit_claim');
    const allowed = p.events().find((e) => e.type === 'edit_allowed');
    expect(claim?.session_id).toEqual(expect.any(String));
    expect(allowed).toMatchObject({ file: SOURCE, session_id: claim?.session_id });
    expect(p.events().some((e) => e.type === 'edit_refused')).toBe(false);
    expect(resultOf(requests, 'toolu_edit')).toEqual({ callId: 'toolu_edit', output: expect.stringContaining(`${p.sourceAbs} has been updated successfully`) });
    expect(p.source().toString()).toBe(FIXED);
  });
});
