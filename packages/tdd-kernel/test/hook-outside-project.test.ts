// Hooks installed for every directory (the Claude Code plugin at user scope, a user-level hooks file)
// also run where there is no project: no .tdd-kernel/ and no git work tree at or above the agent's
// directory. There the hook lets every call through, answers as an allow in the agent's contract, and
// writes nothing anywhere; a git repository never `init`ed and a .tdd-kernel/ project without git
// still gate. Each agent's payloads (test/fixtures/agents/) through the built CLI.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '@adlc/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_NAMES, type AgentName } from '../src/agents/types.js';
import { refusalProblem } from '../src/agents/doctor/probe.js';
import { HOOK_ANSWER_SCHEMAS } from '../src/schemas/hook-answers.js';
import { BIN, makeProject } from './support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/agents/', import.meta.url));

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory under a fresh parent that is no project, with its own HOME and TMPDIR beside it. */
function nowhere() {
  const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-nowhere-')));
  scratch.push(parent);
  const dirs = { dir: path.join(parent, 'notes'), home: path.join(parent, 'home'), tmp: path.join(parent, 'tmp') };
  for (const d of Object.values(dirs)) mkdirSync(d);
  writeFileSync(path.join(dirs.dir, 'todo.md'), 'buy milk\n');
  return { parent, ...dirs };
}

/** Every file and directory under `dir`, relative. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

function fixture(agent: AgentName, name: string, project: string): string {
  return readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8')
    .replaceAll('<project>', project)
    .replaceAll('<session-id>', 'nowhere-session')
    .replaceAll('<tool-use-id>', 'call-1');
}

function fixtureNames(agent: AgentName): string[] {
  return readdirSync(path.join(FIXTURES, agent)).map((f) => f.replace(/\.json$/, ''));
}

async function hook(agent: AgentName, input: string, cwd: string, env: Record<string, string>) {
  const r = await runCli(BIN, ['hook', agent], { cwd, input, env: { TDD_KERNEL_SESSION: undefined, CLAUDE_PROJECT_DIR: undefined, ...env } });
  if (r.stdout.trim() !== '') HOOK_ANSWER_SCHEMAS[agent].parse(JSON.parse(r.stdout));
  return r;
}

/** Whether the answer refuses the call in the agent's contract (opencode's plugin throws on `decision: deny`). */
function refuses(agent: AgentName, a: { exitCode: number | null; stdout: string; stderr: string }): boolean {
  if (agent === 'opencode') return a.stdout.trim() !== '' && (JSON.parse(a.stdout) as { decision?: string }).decision === 'deny';
  return refusalProblem(agent, a) === null;
}

describe('a hook outside any project', () => {
  it('Claude Code (the plugin at user scope): every event is let through with nothing on stdout or stderr, and nothing is written anywhere', async () => {
    const w = nowhere();
    // What Claude Code puts in a hook's environment: the directory it was started in.
    const env = { HOME: w.home, TMPDIR: w.tmp, CLAUDE_PROJECT_DIR: w.dir };
    const names = fixtureNames('claude-code');
    expect(names).toEqual(expect.arrayContaining(['pre-edit', 'pre-shell-write', 'unclassifiable', 'post-edit', 'end-of-turn']));
    for (const name of names) {
      const r = await hook('claude-code', fixture('claude-code', name, w.dir), w.dir, env);
      expect({ name, exit: r.exitCode, stdout: r.stdout, stderr: r.stderr }).toEqual({ name, exit: 0, stdout: '', stderr: '' });
    }
    expect(tree(w.parent)).toEqual(['home', 'notes', 'notes/todo.md', 'tmp']);
  });

  it('still refuses the shell commands that would switch a project\'s gate off (a `cd` away)', async () => {
    const w = nowhere();
    const input = JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: w.dir, tool_name: 'Bash', tool_input: { command: 'cd ../work && tdd-kernel refactor on' } });
    const r = await hook('claude-code', input, w.dir, { HOME: w.home, TMPDIR: w.tmp, CLAUDE_PROJECT_DIR: w.dir });
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('refactor on') } });
  });

  describe.each(AGENT_NAMES.filter((a) => a !== 'claude-code').map((a) => [a]))('%s', (agent) => {
    it('lets every event through in its contract and writes nothing', async () => {
      const w = nowhere();
      const env = { HOME: w.home, TMPDIR: w.tmp };
      // Windsurf's unknown tool names no directory: it is refused where the hook runs, fail closed (below).
      for (const name of fixtureNames(agent).filter((n) => !(agent === 'windsurf' && n === 'unclassifiable'))) {
        const r = await hook(agent, fixture(agent, name, w.dir), w.dir, env);
        expect({ name, exit: r.exitCode, refused: refuses(agent, r), stderr: r.stderr }).toEqual({ name, exit: 0, refused: false, stderr: '' });
      }
      expect(tree(w.parent)).toEqual(['home', 'notes', 'notes/todo.md', 'tmp']);
    });
  });

  it('a call whose payload says nothing of where it runs is still refused (fail closed)', async () => {
    const w = nowhere();
    const r = await hook('windsurf', fixture('windsurf', 'unclassifiable', w.dir), w.dir, { HOME: w.home, TMPDIR: w.tmp });
    expect(refuses('windsurf', r)).toBe(true);
  });
});

describe('a hook inside a project that was never set up', () => {
  const edit = (dir: string) => JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: dir, tool_name: 'Write', tool_input: { file_path: path.join(dir, 'src/app.ts'), content: 'x\n' } });

  it('a git repository without .tdd-kernel/ gates (the plugin at user scope asks for the gate in every repository)', async () => {
    const repo = makeProject('none', { 'src/app.ts': 'export {};\n' });
    scratch.push(repo.dir);
    const r = await hook('claude-code', edit(repo.dir), repo.dir, { CLAUDE_PROJECT_DIR: repo.dir });
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('no red test for src/app.ts') } });
  });

  it('a directory with .tdd-kernel/ and no git gates', async () => {
    const w = nowhere();
    mkdirSync(path.join(w.dir, '.tdd-kernel'));
    mkdirSync(path.join(w.dir, 'src'));
    writeFileSync(path.join(w.dir, 'src/app.ts'), 'export {};\n');
    const r = await hook('claude-code', edit(w.dir), path.join(w.dir, 'src'), { HOME: w.home, TMPDIR: w.tmp, CLAUDE_PROJECT_DIR: w.dir });
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('no red test for src/app.ts') } });
  });
});
