// The shell side doors found with the real agents, closed for every agent's payload shape: the shell
// reading follows `cd`, `pushd` and subshells through `&&`/`;` chains, takes the shell tool's own
// working-directory argument, and treats a path under the temp dir as scratch only outside the project.
// And the commands a refusal names work where the hook ran.

import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '@adlc/core';
import type { TempRepo } from '@adlc/testkit';
import { AGENT_NAMES, type AgentName } from '../src/agents/types.js';
import { refusalProblem } from '../src/agents/doctor/probe.js';
import { bashWrites } from '../src/agents/hook/bash-writes.js';
import { BIN, kernel, makeProject } from './support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/agents/', import.meta.url));
const SED = 'sed -i \'s/""/"hello"/\' src/greeting.ts';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

function project(): TempRepo {
  return makeProject('none', { 'src/greeting.ts': 'export const greeting = "";\n', 'test/greeting.test.ts': '// a test\n' });
}

/** The agent's pre-shell-write payload running `command` instead, with `extra` beside the command (a working-directory argument). */
function shellPayload(agent: AgentName, command: string, extra: Record<string, string> = {}): string {
  const text = readFileSync(path.join(FIXTURES, agent, 'pre-shell-write.json'), 'utf8').replaceAll('<project>', repo.dir).replaceAll('<session-id>', 's1').replaceAll('<tool-use-id>', 'call-1');
  const swap = (node: unknown): unknown => {
    if (typeof node === 'string' && node.startsWith('{') && node.includes('sed -i')) return JSON.stringify(swap(JSON.parse(node)));
    if (Array.isArray(node)) return node.map(swap);
    if (node === null || typeof node !== 'object') return node;
    const obj = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, swap(v)]));
    const key = Object.keys(obj).find((k) => obj[k] === SED);
    return key ? { ...obj, [key]: command, ...extra } : obj;
  };
  const out = JSON.stringify(swap(JSON.parse(text)));
  if (!out.includes(JSON.stringify(command).slice(1, -1))) throw new Error(`${agent}: no command to replace`);
  return out;
}

async function refused(agent: AgentName, payload: string): Promise<string | null> {
  const a = await kernel(repo, ['hook', agent], payload);
  const doc = a.stdout.trim() ? (JSON.parse(a.stdout) as Record<string, unknown>) : {};
  if (agent === 'opencode') return doc.decision === 'deny' ? String(doc.reason) : null;
  if (refusalProblem(agent, a) !== null) return null;
  const nested = doc.hookSpecificOutput as Record<string, unknown> | undefined;
  return String(a.exitCode === 2 ? a.stderr : (nested?.permissionDecisionReason ?? doc.permissionDecisionReason ?? doc.agent_message ?? doc.reason ?? doc.errorMessage));
}

describe('the shell reading follows the directory', () => {
  it.each([
    ['cd src && sed -i s/a/b/ price.ts', ['src/price.ts']],
    ['cd src; cd ../lib && rm util.ts', ['lib/util.ts']],
    ['(cd src && touch a.ts); touch b.ts', ['src/a.ts', 'b.ts']],
    ['pushd src && echo x > a.ts && popd && echo y > b.ts', ['src/a.ts', 'b.ts']],
    ['cd src && cd - && touch a.ts', ['a.ts']],
    ['cd /abs/proj && sed -i s/a/b/ src/a.ts', ['/abs/proj/src/a.ts']],
    ['cd src && sed -i s/a/b/ ../src/price.ts', ['src/price.ts']],
  ])('%s', (command, files) => {
    expect(bashWrites(command, []).files.sort()).toEqual([...files].sort());
  });

  it('a write after cd to a directory it cannot tell is unknown', () => {
    expect(bashWrites('cd "$DIR" && sed -i s/a/b/ a.ts', []).unknown[0]).toMatch(/cannot tell/);
  });
});

const DOORS = ['cd src && sed -i s/a/b/ greeting.ts', '(cd src; sed -i s/a/b/ ../src/greeting.ts)', 'pushd src >/dev/null && sed -i s/a/b/ greeting.ts', '(cd test) && sed -i s/a/b/ src/greeting.ts'];

describe.each(AGENT_NAMES.map((a) => [a]))('side doors closed through %s\'s payload', (agent) => {
  it('cd, pushd and subshells; an absolute path in the project under the temp dir; a temp file outside it passes', async () => {
    repo = project();
    expect(repo.dir.startsWith(os.tmpdir())).toBe(true);
    for (const door of [...DOORS, `sed -i s/a/b/ ${path.join(repo.dir, 'src/greeting.ts')}`]) {
      expect(await refused(agent, shellPayload(agent, door)), door).toContain('src/greeting.ts');
    }
    expect(await refused(agent, shellPayload(agent, `echo x > ${path.join(os.tmpdir(), 'tdd-kernel-scratch.txt')}`))).toBeNull();
  });
});

describe.each([
  ['gemini', 'dir_path'],
  ['qwen', 'directory'],
  ['opencode', 'workdir'],
  ['codex', 'workdir'],
] as const)('%s: the shell tool\'s %s argument', (agent, key) => {
  it('is where relative paths in the command land', async () => {
    repo = project();
    expect(await refused(agent, shellPayload(agent, 'sed -i s/a/b/ ../src/greeting.ts', { [key]: path.join(repo.dir, 'src') }))).toContain('src/greeting.ts');
    expect(await refused(agent, shellPayload(agent, 'sed -i s/a/b/ greeting.ts', { [key]: 'src' }))).toContain('src/greeting.ts');
    expect(await refused(agent, shellPayload(agent, 'sed -i s/a/b/ greeting.ts', { [key]: 'test' }))).toBeNull();
  });
});

describe('the commands a refusal names work where the hook ran', () => {
  it('tdd-kernel on PATH; else npx tdd-kernel with it in node_modules/.bin; else this bin by its path; init says so', async () => {
    repo = project();
    const bare = { PATH: path.dirname(process.execPath) };
    expect((await kernel(repo, ['check', 'src/greeting.ts'])).stdout).toContain('`tdd-kernel claim <test_id> src/greeting.ts`');
    const byPath = await kernel(repo, ['check', 'src/greeting.ts'], undefined, bare);
    expect(byPath.stdout).toContain(`\`node ${shellQuote(BIN)} run <test_id>\``);
    const viaHook = await kernel(repo, ['hook', 'claude-code'], shellPayload('claude-code', 'cd src && sed -i s/a/b/ greeting.ts'), bare);
    expect(viaHook.stdout).toContain(`node ${shellQuote(BIN)} claim <test_id> src/greeting.ts`);
    const init = await kernel(repo, ['init', 'gemini', '--dry-run'], undefined, bare);
    expect(init.stderr).toContain(`is not on PATH nor in node_modules/.bin, so the refusals tell the agent to run \`node ${shellQuote(BIN)} run ...\``);
    mkdirSync(path.join(repo.dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(BIN, path.join(repo.dir, 'node_modules/.bin/tdd-kernel'));
    expect((await kernel(repo, ['check', 'src/greeting.ts'], undefined, bare)).stdout).toContain('`npx tdd-kernel claim <test_id> src/greeting.ts`');
  });
});
