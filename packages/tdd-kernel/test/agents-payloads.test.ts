// Issue #12 point 7 (and 4): every agent's payloads (test/fixtures/agents/<agent>/, each in the agent's
// documented or recorded shape) through the built CLI, `hook <agent>`, on a real git repository: an
// unclaimed edit, a shell side door and a call the adapter cannot classify are refused in that agent's
// contract; a read is allowed; after a red run and a claim the edit goes through; a red edit is reverted
// at the end of the turn and the agent made to continue, or (agents without an end-of-turn hook) at the
// first edit after the next prompt, which is refused with the report.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { AGENT_NAMES, type AgentName } from '../src/agents/types.js';
import { refusalProblem } from '../src/agents/doctor/probe.js';
import { HOOK_ANSWER_SCHEMAS } from '../src/schemas/hook-answers.js';
import { HEAVY_MODULES, kernel, loadedSources, makeProject } from './support.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/agents/', import.meta.url));
const SESSION = 'fixture-session';
const ID = 'test/greeting.check.mjs::greeting says hello';
const BEFORE = 'export const greeting = "";\n';
const NO_END_OF_TURN: ReadonlySet<AgentName> = new Set(['cline', 'windsurf', 'opencode']);

let repo: TempRepo;
afterEach(() => repo?.cleanup());

function project(): TempRepo {
  return makeProject('none', {
    '.tdd-kernel/config.json': JSON.stringify({ runner: 'command', testCommandFor: 'node {file}' }),
    'test/greeting.check.mjs': "import { readFileSync } from 'node:fs';\nprocess.exit(readFileSync(new URL('../src/greeting.ts', import.meta.url), 'utf8').includes('\"hello\"') ? 0 : 1);\n",
    'src/greeting.ts': BEFORE,
  });
}

/** A fixture with its placeholders filled in for this repository. */
function payload(agent: AgentName, name: string): string {
  const text = readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8');
  return text.replaceAll('<project>', repo.dir).replaceAll('<session-id>', SESSION).replaceAll('<tool-use-id>', 'call-1');
}

interface Answer {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

async function hook(agent: AgentName, name: string): Promise<Answer> {
  const r = await kernel(repo, ['hook', agent], payload(agent, name));
  expect([0, 2], `${agent} ${name}: ${r.stderr}`).toContain(r.exitCode);
  if (r.stdout.trim() !== '') HOOK_ANSWER_SCHEMAS[agent].parse(JSON.parse(r.stdout));
  return r;
}

/** The refusal's text when the answer refuses in the agent's contract; null when the agent would go ahead. */
function refusal(agent: AgentName, a: Answer): string | null {
  const doc = a.stdout.trim() ? (JSON.parse(a.stdout) as Record<string, unknown>) : {};
  if (agent === 'opencode') return doc.decision === 'deny' ? String(doc.reason) : null;
  if (refusalProblem(agent, a) !== null) return null;
  const nested = doc.hookSpecificOutput as Record<string, unknown> | undefined;
  return String(a.exitCode === 2 ? a.stderr : (nested?.permissionDecisionReason ?? doc.permissionDecisionReason ?? doc.agent_message ?? doc.reason ?? doc.errorMessage));
}

/** The end-of-turn answer that makes the agent keep working, or null. */
function continuation(agent: AgentName, a: Answer): string | null {
  const doc = a.stdout.trim() ? (JSON.parse(a.stdout) as Record<string, unknown>) : {};
  if (agent === 'cursor') return typeof doc.followup_message === 'string' ? doc.followup_message : null;
  if (agent === 'gemini') return doc.decision === 'deny' ? String(doc.reason) : null;
  return doc.decision === 'block' ? String(doc.reason) : null;
}

describe.each(AGENT_NAMES.map((a) => [a]))('hook %s with its payloads', (agent) => {
  it('refuses what it must in its contract, lets reads and claimed edits through, and reverts a red edit', async () => {
    repo = project();
    const src = path.join(repo.dir, 'src/greeting.ts');

    expect(refusal(agent, await hook(agent, 'pre-edit'))).toContain('no red test for src/greeting.ts');
    expect(refusal(agent, await hook(agent, 'pre-shell-write'))).toContain('src/greeting.ts');
    const unknown = JSON.parse(readFileSync(path.join(FIXTURES, agent, 'unclassifiable.json'), 'utf8')) as Record<string, unknown>;
    const unknownTool = String(unknown.tool_name ?? unknown.toolName ?? unknown.tool ?? unknown.agent_action_name ?? (unknown.preToolUse as { toolName?: string } | undefined)?.toolName);
    expect(refusal(agent, await hook(agent, 'unclassifiable'))).toContain(unknownTool);
    expect(refusal(agent, await hook(agent, 'pre-read'))).toBeNull();

    // The agent runs its test red and claims it through its shell, with no session variable: the session
    // the hook saw is used.
    expect((await kernel(repo, ['run', ID])).exitCode).toBe(2);
    expect((await kernel(repo, ['claim', ID, 'src/greeting.ts'])).exitCode).toBe(0);
    expect(refusal(agent, await hook(agent, 'pre-edit'))).toBeNull();
    repo.write({ 'src/greeting.ts': 'export const greeting = "bye";\n' }); // the tool's (wrong) edit
    expect(refusal(agent, await hook(agent, 'post-edit'))).toBeNull();

    if (NO_END_OF_TURN.has(agent)) {
      expect(refusal(agent, await hook(agent, 'next-prompt'))).toBeNull();
      expect(refusal(agent, await hook(agent, 'pre-edit'))).toMatch(/flushed the edits of your previous turn[\s\S]*reverted: src\/greeting\.ts/);
    } else {
      expect(continuation(agent, await hook(agent, 'end-of-turn'))).toContain('reverted: src/greeting.ts');
      expect(continuation(agent, await hook(agent, 'end-of-turn'))).toBeNull();
    }
    expect(readFileSync(src, 'utf8')).toBe(BEFORE);
  });
});

describe('hook <agent> stays on the hot path', () => {
  it('runs neither commander nor zod for any agent\'s pre-edit, once the config file is checked', () => {
    repo = project();
    // The first call after the config file changed checks it in full (zod); the calls after read the checked copy.
    loadedSources(repo, ['hook', 'claude-code'], payload('claude-code', 'pre-edit'));
    for (const agent of AGENT_NAMES) {
      const sources = loadedSources(repo, ['hook', agent], payload(agent, 'pre-edit'));
      expect(sources, agent).toContain('../src/fast.ts');
      expect(sources.filter((source) => HEAVY_MODULES.test(source)), agent).toEqual([]);
    }
  });
});
