// tdd-kernel's gate in the real Gemini CLI binary (issue #24, section 5): the hooks come from
// `tdd-kernel init gemini`, the tests from node's own runner, the model is the scripted Gemini API.
// What the agent does, the hooks decide; what the model is told comes back in its next request.

import { randomUUID } from 'node:crypto';
import { callTool, say } from '@adlc/testkit';
import { describe, expect, it, vi } from 'vitest';
import { agentForTests } from '../src/ensure-agent.js';
import { runGemini } from '../src/gemini.js';
import { expectRefusedWithReasons, expectRevertedThenGreen, FIX, SOURCE, TEST_ID, type GateProject } from './support/gate-project.js';
import { gateSuite } from './support/gate-suite.js';

const gemini = await agentForTests('gemini');
vi.setConfig({ testTimeout: 150_000 });
const suite = gateSuite('gemini', (options) => runGemini(gemini!, options));

const read = (id: string) => callTool('read_file', { file_path: SOURCE }, { id });
const replace = (p: GateProject, to: string, id: string) =>
  callTool('replace', { file_path: p.sourceAbs, old_string: FIX.old, new_string: to, instruction: 'Make price add the tax.' }, { id });
const shell = (command: string, id: string, dirPath?: string) =>
  callTool('run_shell_command', { command, description: 'edit the source', ...(dirPath ? { dir_path: dirPath } : {}) }, { id });
const SED = `sed -i 's/${FIX.old}/${FIX.right}/'`;

describe.skipIf(!gemini)('tdd-kernel in Gemini CLI (real binary, hooks from `tdd-kernel init gemini`)', () => {
  it('with no claim, a replace and four `sed -i` side doors are refused, the file stays byte-identical, and the model is told why', async () => {
    const p = await suite.project();
    expect(p.init.stdout).toContain('.gemini/settings.json');
    const { requests } = await suite.run(p, [
      read('g_read'),
      replace(p, FIX.right, 'g_replace'),
      shell(`${SED} ${SOURCE}`, 'g_sed'),
      // The shell tool's working-directory argument, and a `cd` in the command itself.
      shell(`${SED} ../${SOURCE}`, 'g_sed_dir', 'src'),
      shell(`cd src && ${SED} ../${SOURCE}`, 'g_sed_cd'),
      // The project lives in the temp dir: an absolute path in it is the project's, not scratch.
      shell(`${SED} ${p.sourceAbs}`, 'g_sed_abs'),
      say('All refused.'),
    ]);

    // The kernel's reason, word for word, is the error the model gets for each call.
    expectRefusedWithReasons(p, requests, [
      ['g_replace', 'replace'],
      ['g_sed', 'run_shell_command'],
      ['g_sed_dir', 'run_shell_command'],
      ['g_sed_cd', 'run_shell_command'],
      ['g_sed_abs', 'run_shell_command'],
    ], (callId, text) => ({ callId, output: `Tool execution blocked: ${text}`, isError: true }));
  });

  it('after a red run and a claim the same edit goes through; a turn that ends with the claimed test still red is reverted and made to continue', async () => {
    const p = await suite.project();
    const sessionId = randomUUID();
    expect((await p.kernel(['run', TEST_ID], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(2);
    expect((await p.kernel(['claim', TEST_ID, SOURCE], { TDD_KERNEL_SESSION: sessionId })).exitCode).toBe(0);
    const { requests } = await suite.run(
      p,
      [
        replace(p, FIX.wrong, 'g_wrong'),
        say('Done.'),
        // AfterAgent flushed (red), reverted and denied the answer: its reason is the next prompt.
        read('g_read_2'),
        replace(p, FIX.right, 'g_right'),
        say('Fixed.'),
      ],
      sessionId,
    );

    expectRevertedThenGreen(p, requests, sessionId, { editedText: `Successfully modified file: ${p.sourceAbs}`, wrong: 'g_wrong', readAfter: 'g_read_2', right: 'g_right', blockedAt: 2 });
  });
});
