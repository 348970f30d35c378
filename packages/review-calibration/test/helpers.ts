// Shared set-up for the integration tests: a real git repository with a small JS module, the
// plants used across tests, and a runner for the built CLI.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempRepo, runCli, startFakeProviderServer, type CliResult, type FakeProviderServer, type TempRepo } from '@adlc/testkit';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CalibrationJsonSchema, type CalibrationJson } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
export const BIN = join(here, '..', 'bin', 'review-calibration.js');
export const REVIEWER = join(here, 'fixtures', 'reviewer.mjs');
export const MATH = readFileSync(join(here, 'fixtures', 'math.js.txt'), 'utf8');

export function assertBuilt(): void {
  const bundle = join(here, '..', 'dist', 'cli.js');
  if (!existsSync(bundle)) throw new Error(`build the CLI first: cd packages/review-calibration && npx tsup (${bundle} is missing)`);
}

export const PLANTS = [
  { file: 'src/math.js', line: 4, original: '  if (value < low) {', mutated: '  if (value <= low) {', category: 'off-by-one', description: 'the boundary value now takes the early return' },
  { file: 'src/math.js', line: 14, original: '  return value >= low && value <= high;', mutated: '  return value >= low || value <= high;', category: 'logic-inversion', description: '&& became ||: every value counts as between' },
  { file: 'src/math.js', line: 26, original: "  const name = user?.name ?? 'anonymous';", mutated: "  const name = user.name ?? 'anonymous';", category: 'null-handling', description: 'optional chaining removed: a missing user throws' },
  { file: 'src/math.js', line: 35, original: '  return values.length - 1;', mutated: '  return values.length + 1;', category: 'off-by-one', description: 'the last index is length + 1, past the end' },
];

export function makeRepo(extra: Record<string, string> = {}): TempRepo {
  return makeTempRepo({
    prefix: 'review-calibration-',
    files: { 'package.json': '{"type":"module"}\n', 'src/math.js': MATH.replace('return value;', 'return value ;'), ...extra },
    // The commit under review changes the module, so --commit HEAD has a target with changed lines.
    commits: [{ message: 'tidy clamp', files: { 'src/math.js': MATH } }],
  });
}

export function shq(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** The review command for the fixture reviewer (`{base}` is left for the tool to fill in). */
export function reviewer(...args: string[]): string {
  return [shq(process.execPath), shq(REVIEWER), '{base}', ...args.map(shq)].join(' ');
}

export async function cli(repo: TempRepo, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli(BIN, args, { cwd: repo.dir, env, timeoutMs: 50_000 });
}

export function parseJson(result: CliResult): CalibrationJson {
  return CalibrationJsonSchema.parse(JSON.parse(result.stdout));
}

export async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const scratchDirs: string[] = [];

/** A path in a fresh temp directory outside any repository (an untracked file inside would make the tree dirty). */
export function scratch(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rc-scratch-'));
  scratchDirs.push(dir);
  return join(dir, name);
}

export function cleanScratch(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const repos: TempRepo[] = [];

/** `repo`, removed after the test by useCleanRuns's hook. */
export function removedAfterTest<T extends TempRepo>(repo: T): T {
  repos.push(repo);
  return repo;
}

/** A fresh repository (makeRepo) and a plants file of `plants` outside it; both removed after the test. */
export function plantedRepo(extra: Record<string, string> = {}, plants: unknown[] = PLANTS): { repo: TempRepo; plantsFile: string } {
  const repo = removedAfterTest(makeRepo(extra));
  const plantsFile = scratch('plants.json');
  writeFileSync(plantsFile, JSON.stringify(plants));
  return { repo, plantsFile };
}

/** The hooks of a test file that runs the built CLI: the build checked once, each test's repositories and scratch files removed after it. */
export function useCleanRuns(): void {
  beforeAll(assertBuilt);
  afterEach(() => {
    for (const repo of repos.splice(0)) repo.cleanup();
    cleanScratch();
  });
}

export interface FakeProvider {
  /** The loopback provider server, once the file's tests start. */
  readonly server: FakeProviderServer;
  /** The environment that points the CLI's provider at it, retrying without delay. */
  env(): Record<string, string>;
}

/** The fake provider server for a test file: started once, reset before each test, closed at the end. */
export function useFakeProvider(): FakeProvider {
  let server: FakeProviderServer | undefined;
  const started = (): FakeProviderServer => {
    if (!server) throw new Error('the fake provider server starts in beforeAll: use it inside a test');
    return server;
  };
  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => started().reset());
  return {
    get server() {
      return started();
    },
    env: () => ({ ...started().env(), ADLC_RETRY_BASE_MS: '0' }),
  };
}

/** The judge's verdicts, as the fake provider answers them. */
export const YES = '{"match": true, "reason": "it names the defect"}';
export const NO = '{"match": false, "reason": "it only points at the line"}';

/** The finding's message, as the judge prompt quotes it. */
export function messageOf(prompt: string): string {
  return /<<<FINDING[\s\S]*?message: (.*)\nFINDING>>>/.exec(prompt)?.[1] ?? '';
}

/** A judge that confirms what names the defect: the fixture reviewer's REAL findings and the oracle's "bug:" lines. */
export function sensibleJudge(req: { prompt: string }): string {
  return /REAL|bug:/.test(messageOf(req.prompt)) ? YES : NO;
}
