// What every action test file shares: a runner temp directory (the install is reused across the
// file's runs, as in one job), the tool installed from the suite's tarballs before the first test,
// the fake provider server, pull-request-like repositories, and the recorded event.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { cleanEnv, makeTempRepo, startFakeProviderServer, type FakeProviderServer, type FileTree, type TempRepo } from '@adlc/testkit';
import { ACTIONS_DIR, parseOutputFile, runAction, type RunActionOptions, type SimulatedRun } from './runner.js';

const EVENT = readFileSync(join(ACTIONS_DIR, 'test', 'fixtures', 'pull_request.json'), 'utf8');

export interface PullRequest {
  repo: TempRepo;
  base: string;
  head: string;
}

/** A repository with a base commit on main and a head commit on a pull request branch, checked out. */
export function pullRequestRepo(baseFiles: FileTree, headFiles: FileTree, prefix = 'adlc-action-'): PullRequest {
  const repo = makeTempRepo({ files: baseFiles, prefix });
  const base = repo.git('rev-parse', 'HEAD').trim();
  repo.git('checkout', '-q', '-b', 'compute-mean');
  const head = repo.commit('compute the mean', headFiles);
  return { repo, base, head };
}

export function useActionSuite(tool: string) {
  let server: FakeProviderServer | undefined;
  const runnerTemp = mkdtempSync(join(tmpdir(), `adlc-runner-${tool}-`));
  const repos: TempRepo[] = [];
  const tarballsDir = inject('tarballsDir');

  beforeAll(async () => {
    server = await startFakeProviderServer();
    // The first install of the file (npm install of the tarballs); every run after it reuses it.
    const outputFile = join(runnerTemp, 'install-output');
    writeFileSync(outputFile, '');
    await promisify(execFile)(process.execPath, [join(ACTIONS_DIR, 'lib', 'install.mjs')], {
      env: cleanEnv({ ADLC_TOOL: tool, ADLC_TARBALLS_DIR: tarballsDir, RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: outputFile }),
    });
    if (!parseOutputFile(readFileSync(outputFile, 'utf8')).bin) throw new Error(`install of ${tool} set no bin output`);
  }, 240_000);
  afterEach(() => server?.reset());
  afterAll(async () => {
    await server?.close();
    for (const repo of repos) repo.cleanup();
    rmSync(runnerTemp, { recursive: true, force: true });
  });

  const suite = {
    runnerTemp,
    tarballsDir,
    get server(): FakeProviderServer {
      if (!server) throw new Error('the fake server starts in beforeAll');
      return server;
    },
    track(repo: TempRepo): TempRepo {
      repos.push(repo);
      return repo;
    },
    /** The recorded pull_request event with this pull request's commits. */
    event(pr: PullRequest): string {
      const path = join(mkdtempSync(join(runnerTemp, 'event-')), 'event.json');
      writeFileSync(path, EVENT.replace('BASE_SHA', pr.base).replace('HEAD_SHA', pr.head));
      return path;
    },
    /** Runs the action in `workspace` with the fake providers' environment (and `env` over it). */
    run(workspace: string, eventPath: string, inputs: Record<string, string>, env: Record<string, string | undefined> = {}): Promise<SimulatedRun> {
      const options: RunActionOptions = {
        action: tool,
        inputs,
        workspace,
        runnerTemp,
        eventPath,
        env: { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1', ADLC_TARBALLS_DIR: tarballsDir, ...env },
      };
      return runAction(options);
    },
  };
  return suite;
}

/** The step record of a `uses:` step, by the action it uses. */
export function usesStep(run: SimulatedRun, uses: string) {
  const step = run.steps.find((s) => s.uses === uses);
  if (!step) throw new Error(`no step uses ${uses}`);
  return step;
}
