// What every gate test file of an agent shares: one scripted model server for the file, a fresh gate
// project per test (cleaned up after it, with the script's leftover steps dropped; set up further where
// the agent needs it, e.g. Codex's hook trust), and a headless run of the agent on a script that must
// use every step and no more.

import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startScriptedModelServer, type ModelRequest, type ScriptedModelServer, type ScriptedTurn } from '@adlc/testkit';
import type { AgentId } from '../../src/agent-pins.js';
import type { AgentRunResult, HeadlessRunOptions } from '../../src/run-agent.js';
import { makeGateProject, type GateProject } from './gate-project.js';

/** A run takes 10 to 40 s on a loaded machine; past this it has hung. */
export const RUN_TIMEOUT_MS = 120_000;

export interface GateRun {
  /** The requests the script answered in this run. */
  requests: ModelRequest[];
  result: AgentRunResult;
}

export interface GateSuite {
  project(): Promise<GateProject>;
  /** Runs the agent in `p` on `steps` (continuing `sessionId` where given). */
  run(p: GateProject, steps: ScriptedTurn[], sessionId?: string): Promise<GateRun>;
}

/**
 * Registers the file's hooks (call it at the top level of a test file). `setUp`, when given, runs once
 * per fresh project, before any run; what it returns goes to `start` with every run in that project.
 */
export function gateSuite<Prepared = undefined>(
  agent: AgentId,
  start: (options: HeadlessRunOptions, prepared: Prepared) => Promise<AgentRunResult>,
  setUp?: (p: GateProject, modelUrl: string) => Promise<Prepared>,
): GateSuite {
  let server: ScriptedModelServer;
  let current: GateProject | undefined;
  let prepared: Prepared;
  beforeAll(async () => {
    server = await startScriptedModelServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    current?.cleanup();
    current = undefined;
    server.discardScript();
  });
  return {
    project: async () => {
      current = await makeGateProject(agent);
      prepared = (await setUp?.(current, server.url)) as Prepared;
      return current;
    },
    run: async (p, steps, sessionId) => {
      const from = server.requests.length;
      const overruns = server.overruns;
      server.script(...steps);
      const options = { cwd: p.repo.dir, prompt: 'Make the price test pass.', modelUrl: server.url, home: p.home, env: { PATH: p.path }, timeoutMs: RUN_TIMEOUT_MS };
      const result = await start({ ...options, ...(sessionId ? { sessionId } : {}) }, prepared);
      expect(result, `${result.stderr}\n${result.stdout}`.slice(-4000)).toMatchObject({ exitCode: 0, timedOut: false });
      expect({ remaining: server.remaining, overruns: server.overruns - overruns }).toEqual({ remaining: 0, overruns: 0 });
      return { requests: server.requests.slice(from).filter((r) => r.step !== null), result };
    },
  };
}
