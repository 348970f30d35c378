// One headless agent run on a scripted model server shared by a test file: the script's steps are
// queued, the agent runs to its end, and the run must have used every step and no more.

import { expect } from 'vitest';
import type { ModelRequest, ScriptedModelServer, ScriptedTurn } from '@adlc/testkit';
import type { AgentRunResult } from '../../src/run-agent.js';

/** A run takes 10 to 40 s on a loaded machine; past this it has hung. */
export const RUN_TIMEOUT_MS = 120_000;

/** Runs `run` on `steps`; returns the requests the script answered in this run, and the run's result. */
export async function scriptedRun(
  server: ScriptedModelServer,
  steps: ScriptedTurn[],
  run: () => Promise<AgentRunResult>,
): Promise<{ requests: ModelRequest[]; result: AgentRunResult }> {
  const from = server.requests.length;
  const overruns = server.overruns;
  server.script(...steps);
  const result = await run();
  expect(result, `${result.stderr}\n${result.stdout}`.slice(-4000)).toMatchObject({ exitCode: 0, timedOut: false });
  expect({ remaining: server.remaining, overruns: server.overruns - overruns }).toEqual({ remaining: 0, overruns: 0 });
  return { requests: server.requests.slice(from).filter((r) => r.step !== null), result };
}
