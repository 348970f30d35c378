// tdd-kernel as a Claude Code plugin (issue #24, section 6), in the real Claude Code binary: its own
// `plugin marketplace add` of this repository and `plugin install tdd-kernel@adlc`, then, in a git
// project where `tdd-kernel init` never ran, the plugin's hooks gate the agent's edits and `tdd-kernel
// doctor --agent claude-code` finds the plugin; in a folder that is no project they let the agent be. Claude Code 2.1.330
// runs a plugin of a directory marketplace from that directory (`readFromFolder` in `plugin list`), not
// from the copy it keeps under `installPath`; that the bundle also runs from such a copy is
// packages/tdd-kernel/test/claude-plugin.test.ts's.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { shellQuote } from '@adlc/core';
import { callTool, makeTempRepo, runCli, say, startScriptedModelServer, type ModelRequest, type ScriptedModelServer, type ScriptedTurn, type TempRepo } from '@adlc/testkit';
import { DoctorAgentOutputSchema, KernelEventSchema, type KernelEvent } from '@adlc/tdd-kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { claudeCodeEnv, runClaudeCode } from '../src/claude-code.js';
import { agentForTests } from '../src/ensure-agent.js';
import { runAgent } from '../src/run-agent.js';
import { tddKernelCli } from '../src/tdd-kernel-cli.js';
import { eventTrail, FIX, FIXED, ORIGINAL, resultOf, SOURCE } from './support/gate-project.js';

const claude = await agentForTests('claude-code');
vi.setConfig({ testTimeout: 150_000, hookTimeout: 120_000 });
const RUN_TIMEOUT_MS = 120_000;

/** The repository root: its .claude-plugin/marketplace.json lists packages/tdd-kernel. */
const MARKETPLACE_DIR = dirname(dirname(dirname(dirname(tddKernelCli()))));
const PLUGIN_ID = 'tdd-kernel@adlc';
const TEST_ID = 'src/price.test.mjs::price adds tax';
const PRICE_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { price } from './price.mjs';

test('price adds tax', () => {
  assert.equal(price(100), 120);
});
`;

/**
 * The agent's PATH without any directory that holds a `tdd-kernel` (the workspace's node_modules/.bin
 * does): the plugin is the only tdd-kernel the agent has.
 */
const AGENT_PATH = (process.env.PATH ?? '/usr/bin:/bin')
  .split(delimiter)
  .filter((dir) => dir !== '' && !existsSync(join(dir, 'tdd-kernel')))
  .join(delimiter);

let server: ScriptedModelServer;
let scratch: string;
let home: string;
/** The directory Claude Code runs the plugin from (its CLAUDE_PLUGIN_ROOT). */
let pluginRoot: string;
/** How the refusals name the plugin's bin (the bin the hook ran, by path: tdd-kernel is not on PATH). */
const pluginKernel = () => `node ${shellQuote(join(pluginRoot, 'bin', 'tdd-kernel.js'))}`;
let repo: TempRepo | undefined;

/** `claude plugin <args> --json` in the test's HOME: its JSON (`list` and `validate` print one document, the others end with one line). */
async function pluginCommand(args: string[]): Promise<unknown> {
  const result = await runAgent(claude!.binary, ['plugin', ...args, '--json'], { cwd: scratch, env: { ...claudeCodeEnv(home, server.url), PATH: AGENT_PATH }, timeoutMs: RUN_TIMEOUT_MS });
  expect({ exit: result.exitCode, stderr: result.stderr }).toEqual({ exit: 0, stderr: expect.any(String) });
  const out = result.stdout.trim();
  try {
    return JSON.parse(out);
  } catch {
    return JSON.parse(out.split('\n').at(-1)!);
  }
}

beforeAll(async () => {
  if (!claude) return;
  server = await startScriptedModelServer();
  scratch = mkdtempSync(join(tmpdir(), 'adlc-plugin-'));
  home = join(scratch, 'home');
  mkdirSync(home);
  expect(await pluginCommand(['marketplace', 'add', MARKETPLACE_DIR])).toMatchObject({ outcome: 'ok', marketplace: 'adlc' });
  expect(await pluginCommand(['install', PLUGIN_ID])).toMatchObject({ outcome: 'ok', pluginId: PLUGIN_ID, scope: 'user' });
  const installed = (await pluginCommand(['list'])) as Array<{ id: string; enabled: boolean; installPath: string; readFromFolder?: string }>;
  const plugin = installed.find((p) => p.id === PLUGIN_ID);
  expect(plugin).toMatchObject({ enabled: true, installPath: expect.stringContaining(join(home, '.claude', 'plugins')) });
  pluginRoot = plugin!.readFromFolder ?? plugin!.installPath;
});
afterAll(async () => {
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  server?.discardScript();
});

/** A git project with a source file and its red node:test test, and nothing of tdd-kernel's. */
function project(): TempRepo {
  repo = makeTempRepo({
    prefix: 'adlc-plugin-repo-',
    files: { 'package.json': '{ "name": "price", "private": true, "type": "module" }\n', [SOURCE]: ORIGINAL, 'src/price.test.mjs': PRICE_TEST },
  });
  return repo;
}

function events(p: TempRepo): KernelEvent[] {
  return readFileSync(join(p.dir, '.tdd-kernel/events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => KernelEventSchema.parse(JSON.parse(line)));
}

/** One headless run of Claude Code on `steps` in `p` (a project, or any directory); the requests the script answered in this run. */
async function agentRun(p: { dir: string }, steps: ScriptedTurn[]): Promise<ModelRequest[]> {
  const from = server.requests.length;
  server.script(...steps);
  const result = await runClaudeCode(claude!.binary, { cwd: p.dir, prompt: 'Make the price test pass.', modelUrl: server.url, home, env: { PATH: AGENT_PATH }, timeoutMs: RUN_TIMEOUT_MS });
  expect(result, result.stderr).toMatchObject({ exitCode: 0, timedOut: false });
  expect(server.remaining).toBe(0);
  return server.requests.slice(from).filter((r) => r.step !== null);
}

const edit = (p: TempRepo, to: string, id: string) => callTool('Edit', { file_path: join(p.dir, SOURCE), old_string: FIX.old, new_string: to }, { id });
const read = (p: TempRepo, id: string) => callTool('Read', { file_path: join(p.dir, SOURCE) }, { id });

describe.skipIf(!claude)('tdd-kernel as a Claude Code plugin (real binary: `claude plugin marketplace add` + `plugin install`, no `tdd-kernel init`)', () => {
  it('the pinned binary\'s `plugin validate --strict` passes the marketplace and the plugin, whose hooks are the three of `init claude-code`', async () => {
    const marketplace = (await pluginCommand(['validate', '--strict', MARKETPLACE_DIR])) as { success: boolean; manifest: { type: string } };
    expect(marketplace).toMatchObject({ success: true, manifest: { type: 'marketplace', errors: [], warnings: [] } });
    const plugin = (await pluginCommand(['validate', '--strict', pluginRoot])) as { success: boolean; provides: { hooks: Array<{ event: string; matcher?: string }> } };
    expect(plugin).toMatchObject({ success: true, manifest: { type: 'plugin', errors: [], warnings: [] } });
    expect(plugin.provides.hooks.map((h) => [h.event, h.matcher ?? null])).toEqual([
      ['PreToolUse', 'Edit|Write|MultiEdit|NotebookEdit|Bash|mcp__.*'],
      ['PostToolUse', 'Edit|Write|MultiEdit|NotebookEdit|Bash|mcp__.*'],
      ['Stop', null],
    ]);
  });

  it('an unclaimed Edit is refused by the plugin\'s hook, the file stays byte-identical, and the model is told why', async () => {
    const p = project();
    const requests = await agentRun(p, [read(p, 'toolu_read'), edit(p, FIX.right, 'toolu_edit'), say('Refused.')]);

    expect(readFileSync(join(p.dir, SOURCE)).equals(Buffer.from(ORIGINAL))).toBe(true);
    expect(existsSync(join(p.dir, '.claude'))).toBe(false);
    const refusals = events(p).filter((e) => e.type === 'edit_refused');
    expect(refusals.map((e) => [e.file, e.code, e.tool])).toEqual([[SOURCE, 'no-red', 'Edit']]);
    expect(resultOf(requests, 'toolu_edit')).toEqual({
      callId: 'toolu_edit',
      output: expect.stringContaining(`tdd-kernel refused the edit of ${SOURCE}: ${refusals[0]!.reason}`),
      isError: true,
    });
    // The hook that answered is the plugin's: the reason names the bin it ran from, under the plugin's root.
    expect(refusals[0]!.reason).toContain(`${pluginKernel()} claim <test_id> ${SOURCE}`);
  });

  it('through the commands the refusal names, run in the agent\'s Bash, a red run and a claim let the edit through, and the plugin\'s end-of-turn run is green', async () => {
    const p = project();
    const kernel = pluginKernel();
    const requests = await agentRun(p, [
      callTool('Bash', { command: `${kernel} run '${TEST_ID}'` }, { id: 'toolu_run' }),
      callTool('Bash', { command: `${kernel} claim '${TEST_ID}' ${SOURCE}` }, { id: 'toolu_claim' }),
      read(p, 'toolu_read'),
      edit(p, FIX.right, 'toolu_edit'),
      say('Done.'),
    ]);

    expect(resultOf(requests, 'toolu_run')?.output).toContain(`red (assertion)  ${TEST_ID}`);
    expect(resultOf(requests, 'toolu_claim')).toMatchObject({ isError: false, output: `claimed: ${TEST_ID} -> ${SOURCE}` });
    expect(resultOf(requests, 'toolu_edit')).toEqual({ callId: 'toolu_edit', output: expect.stringContaining(`${join(p.dir, SOURCE)} has been updated successfully`) });
    expect(readFileSync(join(p.dir, SOURCE), 'utf8')).toBe(FIXED);
    expect(eventTrail(events(p))).toEqual(['test_run fail', `edit_claim ${SOURCE}`, `edit_allowed ${SOURCE}`, 'test_run pass']);
  });

  it('`tdd-kernel doctor --agent claude-code` in that project finds the plugin the binary installed, names it, its scope and version, and its hook refuses the probe', async () => {
    const p = project();
    const version = (JSON.parse(readFileSync(join(pluginRoot, '.claude-plugin', 'plugin.json'), 'utf8')) as { version: string }).version;
    const r = await runCli(tddKernelCli(), ['doctor', '--agent', 'claude-code', '--json'], { cwd: p.dir, env: { HOME: home, CLAUDE_CONFIG_DIR: undefined, CLAUDE_PROJECT_DIR: undefined, PATH: AGENT_PATH } });
    expect(r.exitCode, r.stdout).toBe(0);
    expect(DoctorAgentOutputSchema.parse(JSON.parse(r.stdout))).toMatchObject({
      refused: true,
      problems: [],
      config: join(pluginRoot, 'hooks', 'hooks.json'),
      plugin: { id: PLUGIN_ID, scope: 'user', version, root: pluginRoot },
    });
  });

  it('in a folder that is no project (no git, no .tdd-kernel/), the plugin\'s hooks let the agent write source files and leave nothing behind', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'adlc-plugin-nowhere-'));
    const notes = { dir: join(parent, 'notes') };
    mkdirSync(notes.dir);
    writeFileSync(join(notes.dir, 'todo.md'), 'buy milk\n');
    try {
      const requests = await agentRun(notes, [
        callTool('Write', { file_path: join(notes.dir, 'sum.mjs'), content: 'console.log(1 + 1);\n' }, { id: 'toolu_write' }),
        callTool('Bash', { command: "echo 'console.log(2);' >> sum.mjs" }, { id: 'toolu_bash' }),
        say('Written.'),
      ]);
      expect(resultOf(requests, 'toolu_write')).toMatchObject({ callId: 'toolu_write', output: expect.stringContaining('sum.mjs') });
      expect(resultOf(requests, 'toolu_write')?.isError).not.toBe(true);
      expect(resultOf(requests, 'toolu_bash')?.isError).not.toBe(true);
      expect(readFileSync(join(notes.dir, 'sum.mjs'), 'utf8')).toBe('console.log(1 + 1);\nconsole.log(2);\n');
      expect(readdirSync(parent, { recursive: true, encoding: 'utf8' }).sort()).toEqual(['notes', 'notes/sum.mjs', 'notes/todo.md']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
