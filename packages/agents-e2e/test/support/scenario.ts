// One end-to-end run's surroundings: a temp git repo with the recording hook installed where the
// agent reads hooks, an empty HOME, and a scripted model server.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTempRepo, startScriptedModelServer, type ScriptedModelServer, type TempRepo } from '@adlc/testkit';
import { hookSettings, makeHookRecorder, type HookRecorder, type HookRule } from '../../src/hook-recorder.js';
import type { ScrubOptions } from '../../src/payload-fixtures.js';

export interface Scenario {
  repo: TempRepo;
  home: string;
  server: ScriptedModelServer;
  hook: HookRecorder;
  /** Placeholders for this run's temp directories, for scrubbing payloads. */
  scrub: ScrubOptions;
  cleanup(): Promise<void>;
}

export async function startScenario(options: { hooksFile: string; rules?: HookRule[] }): Promise<Scenario> {
  const scratch = mkdtempSync(join(tmpdir(), 'adlc-agent-run-'));
  const home = join(scratch, 'home');
  mkdirSync(home);
  const hook = makeHookRecorder(scratch, options.rules);
  const repo = makeTempRepo({
    prefix: 'adlc-agent-repo-',
    files: { 'README.md': '# demo\n', [options.hooksFile]: `${JSON.stringify(hookSettings(hook.command), null, 2)}\n` },
  });
  const server = await startScriptedModelServer();
  return {
    repo,
    home,
    server,
    hook,
    scrub: { paths: [[repo.dir, '<project>'], [home, '<home>'], [scratch, '<scratch>']] },
    cleanup: async () => {
      await server.close();
      repo.cleanup();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Everything the agent sent in one request, as text: to look for a reason the model must have seen. */
export function requestText(server: ScriptedModelServer, index: number): string {
  return JSON.stringify(server.scriptedRequests()[index]?.body ?? null);
}
