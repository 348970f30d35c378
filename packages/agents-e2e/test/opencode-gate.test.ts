// tdd-kernel's gate in the real opencode binary (issue #24, section 5): the plugin comes from
// `tdd-kernel init opencode`, the tests from node's own runner, the model is the scripted OpenAI Chat
// Completions API behind a custom provider. opencode has no end-of-turn hook: a turn's edits are
// tested at the first edit of the next turn (the next `opencode run --session`).

import { callTool, say } from '@adlc/testkit';
import { describe, expect, it, vi } from 'vitest';
import { agentForTests } from '../src/ensure-agent.js';
import { opencodeSessionId, runOpencode } from '../src/opencode.js';
import { eventTrail, expectRefusedWithReasons, FIX, FIXED, ORIGINAL, RED_GREEN_TRAIL, resultOf, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';
import { gateSuite } from './support/gate-suite.js';

const opencode = await agentForTests('opencode');
vi.setConfig({ testTimeout: 300_000 });
const suite = gateSuite('opencode', (options) => runOpencode(opencode!, options));

const read = (p: GateProject, id: string) => callTool('read', { filePath: p.sourceAbs }, { id });
const edit = (p: GateProject, to: string, id: string) => callTool('edit', { filePath: p.sourceAbs, oldString: FIX.old, newString: to }, { id });
const bash = (command: string, id: string, workdir?: string) =>
  callTool('bash', { command, description: 'edit the source', ...(workdir ? { workdir } : {}) }, { id });
const SED = `sed -i 's/${FIX.old}/${FIX.right}/'`;

describe.skipIf(!opencode)('tdd-kernel in opencode (real binary, plugin from `tdd-kernel init opencode`)', () => {
  it('with no claim, an edit and four `sed -i` side doors are refused, the file stays byte-identical, and the model is told why', async () => {
    const p = await suite.project();
    expect(p.init.stdout).toContain('.opencode/plugins/tdd-kernel.js');
    const { requests } = await suite.run(p, [
      read(p, 'o_read'),
      edit(p, FIX.right, 'o_edit'),
      bash(`${SED} ${SOURCE}`, 'o_sed'),
      // The shell tool's working-directory argument, and a `cd` in the command itself.
      bash(`${SED} ../${SOURCE}`, 'o_sed_dir', `${p.repo.dir}/src`),
      bash(`cd src && ${SED} ../${SOURCE}`, 'o_sed_cd'),
      // The project lives in the temp dir: an absolute path in it is the project's, not scratch.
      bash(`${SED} ${p.sourceAbs}`, 'o_sed_abs'),
      say('All refused.'),
    ]);

    // The plugin throws the kernel's reason, and opencode hands it to the model as the tool's error.
    expectRefusedWithReasons(p, requests, [
      ['o_edit', 'edit'],
      ['o_sed', 'bash'],
      ['o_sed_dir', 'bash'],
      ['o_sed_cd', 'bash'],
      ['o_sed_abs', 'bash'],
    ], (callId, output) => ({ callId, output }));
  });

  it('a claim through the agent\'s shell lets the edit through; a turn left red is reverted at the first edit of the next turn, which is refused with the report', async () => {
    const p = await suite.project();
    const first = await suite.run(p, [
      bash(`tdd-kernel run '${TEST_ID}'`, 'o_run'),
      bash(`tdd-kernel claim '${TEST_ID}' ${SOURCE}`, 'o_claim'),
      read(p, 'o_read_1'),
      edit(p, FIX.wrong, 'o_wrong'),
      say('Done.'),
    ]);
    expect(resultOf(first.requests, 'o_run')?.output).toContain(`red (assertion)  ${TEST_ID}`);
    expect(resultOf(first.requests, 'o_claim')?.output).toContain(`claimed: ${TEST_ID} -> ${SOURCE}`);
    expect(resultOf(first.requests, 'o_wrong')?.output).toContain('Edit applied successfully');
    // No end-of-turn hook: the wrong edit is still there when the run ends.
    expect(p.source().toString()).toBe(ORIGINAL.replace(FIX.old, FIX.wrong));
    const sessionId = opencodeSessionId(first.result.stdout);
    expect(sessionId).toMatch(/^ses_/);

    const second = await suite.run(
      p,
      [
        read(p, 'o_read_2'),
        edit(p, FIX.right, 'o_right_1'),
        read(p, 'o_read_3'),
        edit(p, FIX.right, 'o_right_2'),
        say('Fixed.'),
      ],
      sessionId!,
    );
    // The plugin's refusal is the flush's report: the wrong edit reverted, the claim still open.
    const refused = resultOf(second.requests, 'o_right_1')?.output ?? '';
    expect(refused).toMatch(/^tdd-kernel flushed the edits of your previous turn before this one and reverted those whose tests are still red/);
    expect(refused).toContain(`reverted: ${SOURCE} restored to its content before this turn, because ${TEST_ID} did not pass`);
    expect(resultOf(second.requests, 'o_read_3')?.output).toContain(ORIGINAL.trimEnd());
    expect(resultOf(second.requests, 'o_right_2')?.output).toContain('Edit applied successfully');
    expect(p.source().toString()).toBe(FIXED);

    // The last turn's edit is tested at the next turn or by a flush: here, a person's `tdd-kernel flush`.
    expect((await p.kernel(['flush'], { TDD_KERNEL_SESSION: sessionId! })).exitCode).toBe(0);
    const events = p.events();
    expect(eventTrail(events)).toEqual(RED_GREEN_TRAIL);
    expect(new Set(events.map((e) => e.session_id))).toEqual(new Set([sessionId]));
  });
});
