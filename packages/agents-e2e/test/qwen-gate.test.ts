// tdd-kernel's gate in the real Qwen Code binary (issue #24, section 5), run by the Node 22 installed
// beside it: the hooks come from `tdd-kernel init qwen`, the tests from node's own runner, the model
// is the scripted OpenAI Chat Completions API. What the model is told comes back in its next request.

import { randomUUID } from 'node:crypto';
import { callTool, say } from '@adlc/testkit';
import { describe, expect, it, vi } from 'vitest';
import { agentForTests } from '../src/ensure-agent.js';
import { runQwen } from '../src/qwen.js';
import { expectRefusedWithReasons, expectRevertedThenGreen, FIX, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';
import { gateSuite } from './support/gate-suite.js';

const qwen = await agentForTests('qwen');
vi.setConfig({ testTimeout: 150_000 });
const suite = gateSuite('qwen', (options) => runQwen(qwen!, options));

const read = (p: GateProject, id: string) => callTool('read_file', { file_path: p.sourceAbs }, { id });
const edit = (p: GateProject, to: string, id: string) => callTool('edit', { file_path: p.sourceAbs, old_string: FIX.old, new_string: to }, { id });
const shell = (command: string, id: string, directory?: string) =>
  callTool('run_shell_command', { command, is_background: false, description: 'edit the source', ...(directory ? { directory } : {}) }, { id });
const SED = `sed -i 's/${FIX.old}/${FIX.right}/'`;

describe.skipIf(!qwen)('tdd-kernel in Qwen Code (real binary, hooks from `tdd-kernel init qwen`)', () => {
  it('with no claim, an edit and five `sed -i` side doors (four shell calls, one `monitor` through tool_call) are refused, the file stays byte-identical, and the model is told why', async () => {
    const p = await suite.project();
    expect(p.init.stdout).toContain('.qwen/settings.json');
    const { requests } = await suite.run(p, [
      read(p, 'q_read'),
      edit(p, FIX.right, 'q_edit'),
      shell(`${SED} ${SOURCE}`, 'q_sed'),
      // The shell tool's working-directory argument, and a `cd` in the command itself.
      shell(`${SED} ../${SOURCE}`, 'q_sed_dir', `${p.repo.dir}/src`),
      shell(`cd src && ${SED} ../${SOURCE}`, 'q_sed_cd'),
      // The project lives in the temp dir: an absolute path in it is the project's, not scratch.
      shell(`${SED} ${p.sourceAbs}`, 'q_sed_abs'),
      // A deferred tool run through tool_call: the hook sees the underlying `monitor`, a shell tool.
      callTool('tool_search', { query: 'select:monitor' }, { id: 'q_search' }),
      callTool('tool_call', { name: 'monitor', arguments: { command: `${SED} ${SOURCE}`, description: 'watch' } }, { id: 'q_monitor' }),
      say('All refused.'),
    ]);

    // The kernel's reason, word for word, is the tool message the model gets for each call.
    expectRefusedWithReasons(p, requests, [
      ['q_edit', 'edit'],
      ['q_sed', 'run_shell_command'],
      ['q_sed_dir', 'run_shell_command'],
      ['q_sed_cd', 'run_shell_command'],
      ['q_sed_abs', 'run_shell_command'],
      ['q_monitor', 'monitor'],
    ], (callId, output) => ({ callId, output }));
  });

  it('after a red run and a claim the same edit goes through; a turn that ends with the claimed test still red is reverted and made to continue', async () => {
    const p = await suite.project();
    const sessionId = randomUUID();
    expect((await p.kernel(['run', TEST_ID], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(2);
    expect((await p.kernel(['claim', TEST_ID, SOURCE], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(0);
    const { requests } = await suite.run(
      p,
      [
        // Qwen Code edits only a file read in the session.
        read(p, 'q_read_1'),
        edit(p, FIX.wrong, 'q_wrong'),
        say('Done.'),
        // The Stop hook flushed (red), reverted and blocked: the model goes on.
        read(p, 'q_read_2'),
        edit(p, FIX.right, 'q_right'),
        say('Fixed.'),
      ],
      sessionId,
    );

    // The Stop block ({"decision": "block"}) reaches the model as the last user message of the request after "Done.", and not before.
    expectRevertedThenGreen(p, requests, sessionId, { editedText: `The file: ${p.sourceAbs} has been updated.`, wrong: 'q_wrong', readAfter: 'q_read_2', right: 'q_right', blockedAt: 3 });
  });
});
