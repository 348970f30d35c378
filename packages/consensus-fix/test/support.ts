// Shared fixtures of the integration tests: a small repository with a real bug, a repro script,
// rails, and candidate answers (right, gaming, divergent, hostile).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanEnv, makeTempRepo, startFakeProviderServer, type FakeProviderServer, type FileTree, type TempRepo } from '@adlc/testkit';
import { ConsensusFixOutputSchema, type ConsensusFixOutput } from '../src/output/schema.js';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'consensus-fix.js');
const BUNDLE = join(dirname(BIN), '..', 'dist', 'cli.js');
if (!statSync(BUNDLE, { throwIfNoEntry: false })) throw new Error(`build first: ${BUNDLE} is missing (cd packages/consensus-fix && npx tsup)`);

export const BUGGY = `// Arithmetic helpers.\nexport function add(a, b) {\n  return a - b;\n}\n\nexport function mul(a, b) {\n  return a * b;\n}\n`;
const withAdd = (body: string) => BUGGY.replace('  return a - b;', body);
export const FIX = withAdd('  return a + b;');
/** Same fix, different layout: agrees with FIX under whitespace normalization. */
export const FIX_SPACED = withAdd('    return   a + b;');
export const FIX_OTHER = withAdd('  return b + a;');
export const FIX_THIRD = withAdd('  return [a, b].reduce((x, y) => x + y, 0);');
/** Passes the repro (add(2, 3) === 5) and breaks the rails (add(1, 1) === 2). */
export const GAMING = withAdd('  if (a === 2 && b === 3) return 5;\n  return a - b;');
export const WRONG = withAdd('  return a * b;');

export const REPRO = 'node test/add-repro.mjs';
export const RAILS = 'node test/rails.mjs';

export const REPO_FILES: FileTree = {
  'src/calc.mjs': BUGGY,
  'test/add-repro.mjs': `import { add } from '../src/calc.mjs';\nconst got = add(2, 3);\nif (got !== 5) {\n  console.error(\`add(2, 3) should be 5, got \${got}\`);\n  process.exit(1);\n}\nconsole.log('ok');\n`,
  'test/rails.mjs': `import { add, mul } from '../src/calc.mjs';\nconst checks = [[add(2, 3), 5], [add(1, 1), 2], [add(-4, 4), 0], [mul(2, 3), 6]];\nconst bad = checks.filter(([got, want]) => got !== want);\nif (bad.length) {\n  console.error('not ok: ' + JSON.stringify(bad));\n  process.exit(1);\n}\nconsole.log('all ok');\n`,
  'package.json': '{ "type": "module" }\n',
};

export function makeRepo(extra: FileTree = {}): TempRepo {
  return makeTempRepo({ files: { ...REPO_FILES, ...extra }, prefix: 'cf-it-' });
}

export function answer(...changes: Array<[string, string]>): string {
  return JSON.stringify({ changes: changes.map(([file, content]) => ({ file, content })) });
}

export const fix = (content: string, file = 'src/calc.mjs') => answer([file, content]);

export function parseOutput(stdout: string): ConsensusFixOutput {
  return ConsensusFixOutputSchema.parse(JSON.parse(stdout));
}

export function bytes(repo: TempRepo, file: string): Buffer {
  return readFileSync(join(repo.dir, file));
}

export const BASE_ARGS = ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs'];

/** One fake provider server per test file (reset after each test), repositories and a scratch dir cleaned up at the end. */
export function useSuite(name: string) {
  let server: FakeProviderServer | undefined;
  const repos: TempRepo[] = [];
  const scratch = mkdtempSync(join(tmpdir(), `cf-${name}-`));
  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(async () => {
    await server?.close();
    for (const r of repos) r.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });
  afterEach(() => server?.reset());
  return {
    get server(): FakeProviderServer {
      if (!server) throw new Error('the fake server starts in beforeAll');
      return server;
    },
    scratch,
    repo(extra: FileTree = {}): TempRepo {
      const r = makeRepo(extra);
      repos.push(r);
      return r;
    },
  };
}

export type Suite = ReturnType<typeof useSuite>;

/** A fix whose repro sleeps for a while, after writing the test process's pid where the test can see it. */
export function slowFix(pidFile: string): string {
  return (
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\n` +
    FIX.replace('  return a + b;', '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20000);\n  return a + b;')
  );
}

export async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Starts the CLI, waits until a candidate's repro is running (its files are written), then signals it. */
export async function interruptMidEvaluation(suite: Suite, r: TempRepo, signal: NodeJS.Signals, name: string, run: { args: string[]; first: (slow: string) => string; before?: string[] } = { args: BASE_ARGS, first: (slow: string) => fix(slow) }) {
  const pidFile = join(suite.scratch, `${name}.pid`);
  // `before`: answers of earlier rounds (--rounds), queued ahead of the round that is interrupted.
  suite.server.enqueue('anthropic', ...(run.before ?? []), run.first(slowFix(pidFile)), fix(FIX), fix(FIX));
  const child = spawn(process.execPath, [BIN, ...run.args], { cwd: r.dir, env: cleanEnv({ ...suite.server.env() }) as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, sig) => resolve({ code, signal: sig })));
  await waitFor(() => existsSync(pidFile));
  const testPid = Number(readFileSync(pidFile, 'utf8'));
  const duringRun = bytes(r, 'src/calc.mjs').toString();
  child.kill(signal);
  const exit = await exited;
  return { exit, stderr: () => stderr, testPid, duringRun };
}
