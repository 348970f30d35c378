// The real Claude Code binary, headless and offline, with adlc-mcp as an MCP server (--mcp-config,
// --strict-mcp-config): the scripted model calls mcp__adlc__tdd_status and mcp__adlc__consensus_review,
// Claude Code runs them through the built server (the review against the loopback fake providers), and
// the tool results reach the model.

import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { callTool, FAKE_KEYS, makeTempRepo, say, startFakeProviderServer, startScriptedModelServer, type FakeProviderServer, type ScriptedModelServer, type TempRepo } from '@adlc/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claudeCodeEnv } from '../src/claude-code.js';
import { agentForTests } from '../src/ensure-agent.js';
import { runAgent } from '../src/run-agent.js';

const ADLC_MCP = fileURLToPath(new URL('../../mcp/bin/adlc-mcp.js', import.meta.url));
if (!existsSync(ADLC_MCP)) throw new Error(`build first: ${ADLC_MCP} is missing (npx -y pnpm@10 --filter @adlc/mcp run build)`);
const claude = await agentForTests('claude-code');
vi.setConfig({ testTimeout: 180_000 });

const REVIEW = '## ISSUES FOUND\nNone\n\n## OVERALL ASSESSMENT\nAPPROVE\n';
const SYNTHESIS = '## High Priority - Multiple Reviewers Agree\nNone\n\n## Medium Priority - Single Reviewer, Significant\nNone\n\n## Consider - Suggestions\nNone\n\nFINAL RECOMMENDATION: All reviewers approve - safe to merge';
const TOOLS = ['mcp__adlc__tdd_status', 'mcp__adlc__consensus_review'];

let scratch: string;
let repo: TempRepo;
let model: ScriptedModelServer;
let providers: FakeProviderServer;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'adlc-claude-mcp-'));
  repo = makeTempRepo({ prefix: 'adlc-claude-mcp-repo-', files: { 'src/app.js': 'export const mean = (xs) => 0;\n' } });
  model = await startScriptedModelServer();
  providers = await startFakeProviderServer();
  providers.handle((request) => (request.prompt.startsWith('You are compiling') ? SYNTHESIS : REVIEW));
});
afterAll(async () => {
  await model?.close();
  await providers?.close();
  repo?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!claude)('Claude Code with adlc-mcp (real binary, offline)', () => {
  it('the model calls mcp__adlc__tdd_status and mcp__adlc__consensus_review; their results reach it', async () => {
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.commit('compute the mean', { 'src/app.js': 'export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;\n' });
    const home = join(scratch, 'home');
    mkdirSync(home);
    // The server inherits Claude Code's environment, with `env` on top: its reviewers go to the fake providers.
    const config = join(scratch, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { adlc: { type: 'stdio', command: process.execPath, args: [ADLC_MCP], env: { ...providers.env(), ADLC_RETRY_BASE_MS: '1' } } } }));
    model.script(
      callTool('mcp__adlc__tdd_status', { cwd: repo.dir }, { id: 'toolu_status' }),
      callTool('mcp__adlc__consensus_review', { cwd: repo.dir, mode: 'code-review', baseSha: base }, { id: 'toolu_review' }),
      say('Done.'),
    );
    const args = ['-p', 'Check the TDD status, then review the last commit.', '--mcp-config', config, '--strict-mcp-config', '--allowedTools', TOOLS.join(','), '--output-format', 'json'];
    const result = await runAgent(claude!.binary, args, { cwd: repo.dir, env: claudeCodeEnv(home, model.url), timeoutMs: 150_000 });
    expect(result, result.stderr).toMatchObject({ exitCode: 0, timedOut: false });

    // Both tools were offered to the model by their MCP names (Claude Code defers MCP tools behind its tool search).
    const offered = JSON.stringify(model.requests[0]?.body ?? {});
    for (const tool of TOOLS) expect(offered).toContain(tool);
    const [afterStatus, afterReview] = model.scriptedRequests().slice(1);
    const status = afterStatus!.toolResults.find((r) => r.callId === 'toolu_status');
    expect(status?.isError).not.toBe(true);
    expect(JSON.parse(status!.output)).toMatchObject({ root: realpathSync(repo.dir), mode: 'strict', tests: [], claims: [] });
    const review = afterReview!.toolResults.find((r) => r.callId === 'toolu_review');
    expect(review?.isError).not.toBe(true);
    expect(JSON.parse(review!.output)).toMatchObject({ mode: 'code-review', answered: 3, total: 3, gate: { failed: false, failOn: 'high' } });
    // The review really ran: three reviewers and a chairman at the fake providers, none of their keys in a result.
    expect(providers.requests.map((r) => r.protocol).sort()).toEqual(['anthropic', 'anthropic', 'gemini', 'openai']);
    for (const key of Object.values(FAKE_KEYS)) expect(JSON.stringify(model.requests.map((r) => r.toolResults))).not.toContain(key);
    expect(model).toMatchObject({ remaining: 0, overruns: 0 });
  });
});
